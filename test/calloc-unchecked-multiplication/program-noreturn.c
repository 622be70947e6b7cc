// Functions of another unit that never return, or return only where a
// product of two of their parameters is bounded (docs/facts.md: `noreturn`,
// `bounds-product`): errors.c's fatal ends in exit, and check_pair calls it
// unless a * b fits an int. With the facts, a guard whose failing branch
// calls fatal holds, and so does check_pair(a, b) before a * b; note_pair
// only prints, so it proves nothing. Alone, or with a stale facts file
// that names them differently, every call may return; so does a call of a
// name another definition in the facts says returns (other-errors.c: a
// fatal that returns, a weak check_pair), every definition having to agree.
//
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env CALLOC_TIDY_FACTS_OUTPUT=%t.d/errors.tsv %clang_tidy --load %calloc_plugin --checks='-*,calloc-unchecked-multiplication' --config='{}' --quiet %S/Inputs/program-facts/errors.c --
// RUN: %python %S/../../tools/calloc_facts.py merge -o %t.facts %t.d/errors.tsv
// RUN: FileCheck --check-prefix=FACTS --match-full-lines --strict-whitespace %s < %t.facts
// FACTS:# calloc-tidy program facts, format 1
// FACTS-NEXT:fn check_pair	ends	returns	0	1	2147483647
// FACTS-NEXT:fn fatal	ends	never
// FACTS-NEXT:fn note_pair	ends	returns
// FACTS-EMPTY:
// RUN: sed -e 's/^fn /fn old_/' %t.facts > %t.stale
// RUN: env CALLOC_TIDY_FACTS_OUTPUT=%t.d/other.tsv %clang_tidy --load %calloc_plugin --checks='-*,calloc-unchecked-multiplication' --config='{}' --quiet %S/Inputs/program-facts/other-errors.c --
// RUN: %python %S/../../tools/calloc_facts.py merge -o %t.both %t.d/errors.tsv %t.d/other.tsv
// RUN: FileCheck --check-prefix=BOTH --match-full-lines --strict-whitespace %s < %t.both
// BOTH:# calloc-tidy program facts, format 1
// BOTH-NEXT:fn check_pair	ends	returns
// BOTH-NEXT:fn check_pair	ends	returns	0	1	2147483647
// BOTH-NEXT:fn fatal	ends	never
// BOTH-NEXT:fn fatal	ends	returns
// BOTH-NEXT:fn note_pair	ends	returns
// BOTH-EMPTY:
//
// RUN: %check_calloc_tidy -check-suffix=FACTS -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.facts %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
// RUN: %check_calloc_tidy -check-suffix=ALONE -check-option=calloc-unchecked-multiplication.ProgramFacts=none %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
// RUN: %check_calloc_tidy -check-suffix=ALONE -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.both %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
// RUN: %check_calloc_tidy -check-suffix=ALONE -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.stale %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts

#include <limits.h>
#include <stdlib.h>
#include "errors.h"

int *guarded(int n, int size) {
  if (n < 0 || size <= 0 || n > INT_MAX / size)
    fatal("too large");
  return malloc(n * size);
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow ('n * size' is computed in 'int'); use 'calloc(n, size)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALONE: return calloc(n, size);
  // CHECK-FIXES-FACTS: return malloc(n * size);
}

int *checked(int a, int b) {
  check_pair(a, b);
  return malloc(a * b);
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:10: warning: allocation size 'a * b' can overflow ('a * b' is computed in 'int'); use 'calloc(a, b)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALONE: return calloc(a, b);
  // CHECK-FIXES-FACTS: return malloc(a * b);
}

int *noted(int a, int b) {
  note_pair(a, b);
  return malloc(a * b);
  // CHECK-MESSAGES-FACTS: :[[@LINE-1]]:10: warning: allocation size 'a * b' can overflow ('a * b' is computed in 'int'); use 'calloc(a, b)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-ALONE: :[[@LINE-2]]:10: warning: allocation size 'a * b' can overflow ('a * b' is computed in 'int'); use 'calloc(a, b)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-FACTS: return calloc(a, b);
  // CHECK-FIXES-ALONE: return calloc(a, b);
}

int *swapped(int a, int b, int c) {
  check_pair(a, b);
  return malloc(a * c);
  // CHECK-MESSAGES-FACTS: :[[@LINE-1]]:10: warning: allocation size 'a * c' can overflow ('a * c' is computed in 'int'); use 'calloc(a, c)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-ALONE: :[[@LINE-2]]:10: warning: allocation size 'a * c' can overflow ('a * c' is computed in 'int'); use 'calloc(a, c)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-FACTS: return calloc(a, c);
  // CHECK-FIXES-ALONE: return calloc(a, c);
}
