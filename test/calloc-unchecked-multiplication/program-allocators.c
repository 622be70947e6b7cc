// Allocators from the whole program (docs/facts.md): a wrapper another unit
// defines is an allocator here, a checked array form another unit defines
// is used by the fix directly (without the facts, only on a note, as a
// counterpart whose body the check has not seen), and one whose definition
// elsewhere does not check is refused.
//
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env CALLOC_TIDY_FACTS_OUTPUT=%t.d/xalloc.tsv %clang_tidy --load %calloc_plugin --checks='-*,calloc-unchecked-multiplication' --config='{}' --quiet %S/Inputs/program-facts/xalloc.c -- -I%S/Inputs/program-facts
// RUN: %python %S/../../tools/calloc_facts.py merge -o %t.facts %t.d/xalloc.tsv
// RUN: FileCheck --check-prefix=FACTS --match-full-lines --strict-whitespace %s < %t.facts
// FACTS:# calloc-tidy program facts, format 1
// FACTS-NEXT:fn get_buffer	defined	xalloc.c
// FACTS-NEXT:fn get_buffer	ends	returns
// FACTS-NEXT:fn get_buffer	wrapper	0	malloc	0
// FACTS-NEXT:fn xcalloc	checks-product	0	1
// FACTS-NEXT:fn xcalloc	defined	xalloc.c
// FACTS-NEXT:fn xcalloc	ends	returns	0	1	18446744073709551615
// FACTS-NEXT:fn xmalloc	defined	xalloc.c
// FACTS-NEXT:fn xmalloc	ends	returns
// FACTS-NEXT:fn xmalloc	passes	0	0	*
// FACTS-NEXT:fn xmalloc	wrapper	0	malloc	0
// FACTS-NEXT:fn xzalloc	defined	xalloc.c
// FACTS-NEXT:fn xzalloc	ends	returns
// FACTS-NEXT:fn xzalloc	wrapper	0	xmalloc	0
// FACTS-NEXT:fn xzalloc	zeroes	-
// FACTS-NEXT:fn ycalloc	defined	xalloc.c
// FACTS-NEXT:fn ycalloc	ends	returns
// FACTS-NEXT:fn ymalloc	defined	xalloc.c
// FACTS-NEXT:fn ymalloc	ends	returns
// FACTS-NEXT:fn ymalloc	wrapper	0	malloc	0
// FACTS-EMPTY:
//
// RUN: %check_calloc_tidy -check-suffix=FACTS -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.facts %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
// RUN: %check_calloc_tidy -check-suffix=ALONE -check-option=calloc-unchecked-multiplication.ProgramFacts=none %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts

#include "xalloc.h"

/* With the facts, positive: get_buffer wraps malloc in xalloc.c, and the
   int product can wrap. Alone, negative: get_buffer is no allocator the
   check knows. */
char *names(int count) {
  return get_buffer(count * 64);
  // CHECK-NOTES-FACTS: :[[@LINE-1]]:10: warning: allocation size 'count * 64' can overflow ('count * 64' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-FACTS: :[[@LINE-2]]:10: note: no fix: 'get_buffer' is a wrapper of 'malloc' defined in xalloc.c, and no overflow-checked form of it was found; name one in option 'Allocators': 'get_buffer(size) array=NAME'
}

/* Positive either way (xmalloc is discovered by its name); with the facts
   the fix uses xcalloc, which xalloc.c shows checking the product. */
long *table(int n) {
  return xmalloc(n * 8);
  // CHECK-NOTES-FACTS: :[[@LINE-1]]:10: warning: allocation size 'n * 8' can overflow ('n * 8' is computed in 'int'); use 'xcalloc(n, 8)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-FACTS: return xcalloc(n, 8);
  // CHECK-NOTES-ALONE: :[[@LINE-3]]:10: warning: allocation size 'n * 8' can overflow ('n * 8' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-ALONE: :[[@LINE-4]]:10: note: 'xcalloc(n, 8)' may check the multiplication: 'xcalloc' was found by its name and is not defined in this file, so only --fix-notes applies this rewrite
}

/* Positive either way; with the facts no fix: ycalloc, defined in
   xalloc.c, multiplies unchecked. */
long *other_table(int n) {
  return ymalloc(n * 8);
  // CHECK-NOTES-FACTS: :[[@LINE-1]]:10: warning: allocation size 'n * 8' can overflow ('n * 8' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-FACTS: :[[@LINE-2]]:10: note: no fix: 'ymalloc' is a wrapper of 'malloc' defined in xalloc.c, and 'ycalloc' is defined in xalloc.c and does not check the multiplication
  // CHECK-NOTES-ALONE: :[[@LINE-3]]:10: warning: allocation size 'n * 8' can overflow ('n * 8' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-ALONE: :[[@LINE-4]]:10: note: 'ycalloc(n, 8)' may check the multiplication: 'ycalloc' was found by its name and is not defined in this file, so only --fix-notes applies this rewrite
}
