// What a function defined in another unit returns (docs/facts.md:
// `returns`): reader.c's read_byte gives 0 to 255, read_u16 0 to 65535, and
// read_count any int (the last two assemble bytes: input too). With the facts, a byte squared fits int and is not
// reported; a 16-bit value squared can pass INT_MAX, and a count any int
// can, so both are. Alone, every result may be any int. A stale facts file
// that names the readers differently gives the single-file verdict.
//
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env CALLOC_TIDY_FACTS_OUTPUT=%t.d/reader.tsv %clang_tidy --load %calloc_plugin --checks='-*,calloc-unchecked-multiplication' --config='{}' --quiet %S/Inputs/program-facts/reader.c --
// RUN: %python %S/../../tools/calloc_facts.py merge -o %t.facts %t.d/reader.tsv
// RUN: FileCheck --check-prefix=FACTS --match-full-lines --strict-whitespace %s < %t.facts
// FACTS:# calloc-tidy program facts, format 1
// FACTS-NEXT:fn read_byte	ends	returns
// FACTS-NEXT:fn read_byte	returns	0	255
// FACTS-NEXT:fn read_count	ends	returns
// FACTS-NEXT:fn read_count	input	reader.c:6
// FACTS-NEXT:fn read_count	returns	-2147483648	2147483647
// FACTS-NEXT:fn read_u16	ends	returns
// FACTS-NEXT:fn read_u16	input	reader.c:4
// FACTS-NEXT:fn read_u16	returns	0	65535
// FACTS-EMPTY:
// RUN: sed -e 's/^fn read_/fn old_read_/' %t.facts > %t.stale
//
// RUN: %check_calloc_tidy -check-suffix=FACTS -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.facts %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
// RUN: %check_calloc_tidy -check-suffix=ALONE -check-option=calloc-unchecked-multiplication.ProgramFacts=none %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
// RUN: %check_calloc_tidy -check-suffix=ALONE -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.stale %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts

#include <stdlib.h>
#include "reader.h"

int *byte_square(const unsigned char *p) {
  int n = read_byte(p);
  return malloc(n * n * sizeof(int));
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:10: warning: allocation size 'n * n * sizeof(int)' can overflow ('n * n' is computed in 'int'); use 'calloc(n, (size_t)n * sizeof(int))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALONE: return calloc(n, (size_t)n * sizeof(int));
  // CHECK-FIXES-FACTS: return malloc(n * n * sizeof(int));
}

int *u16_square(const unsigned char *p) {
  int n = read_u16(p);
  return malloc(n * n * sizeof(int));
  // CHECK-MESSAGES-FACTS: :[[@LINE-1]]:10: warning: allocation size 'n * n * sizeof(int)' can overflow ('n * n' is computed in 'int'); use 'calloc(n, (size_t)n * sizeof(int))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-ALONE: :[[@LINE-2]]:10: warning: allocation size 'n * n * sizeof(int)' can overflow ('n * n' is computed in 'int'); use 'calloc(n, (size_t)n * sizeof(int))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-FACTS: return calloc(n, (size_t)n * sizeof(int));
  // CHECK-FIXES-ALONE: return calloc(n, (size_t)n * sizeof(int));
}

int *count_doubled(const unsigned char *p) {
  int n = read_count(p);
  return malloc(n * 2 * sizeof(int));
  // CHECK-MESSAGES-FACTS: :[[@LINE-1]]:10: warning: allocation size 'n * 2 * sizeof(int)' can overflow ('n * 2' is computed in 'int'); use 'calloc(n, 2 * sizeof(int))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-ALONE: :[[@LINE-2]]:10: warning: allocation size 'n * 2 * sizeof(int)' can overflow ('n * 2' is computed in 'int'); use 'calloc(n, 2 * sizeof(int))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-FACTS: return calloc(n, 2 * sizeof(int));
  // CHECK-FIXES-ALONE: return calloc(n, 2 * sizeof(int));
}
