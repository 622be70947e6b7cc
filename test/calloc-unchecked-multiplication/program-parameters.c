// Facts from the whole program (docs/facts.md): what other units pass a
// function's parameters. By default a function with external linkage keeps
// "any value" for its parameters, since a library's callers are outside the
// program; with WholeProgram (an application) its parameters take what the
// program's calls pass, unless a unit lets its address escape.
//
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env CALLOC_TIDY_FACTS_OUTPUT=%t.d/caller.tsv %clang_tidy --load %calloc_plugin --checks='-*,calloc-unchecked-multiplication' --config='{}' --quiet %S/Inputs/program-facts/caller.c -- -I%S/Inputs/program-facts
// RUN: env CALLOC_TIDY_FACTS_OUTPUT=%t.d/this.tsv %clang_tidy --load %calloc_plugin --checks='-*,calloc-unchecked-multiplication' --config='{}' --quiet %s -- -I%S/Inputs/program-facts
// RUN: %python %S/../../tools/calloc_facts.py merge -o %t.facts %t.d/caller.tsv %t.d/this.tsv
// RUN: FileCheck --check-prefix=FACTS --match-full-lines --strict-whitespace %s < %t.facts
// FACTS:# calloc-tidy program facts, format 1
// FACTS-NEXT:fn build	ends	returns
// FACTS-NEXT:fn make_grid	defined	program-parameters.c
// FACTS-NEXT:fn make_grid	ends	returns
// FACTS-NEXT:fn make_grid	escapes	-
// FACTS-NEXT:fn make_grid	passes	0	8	8
// FACTS-NEXT:fn make_grid	passes	1	8	8
// FACTS-NEXT:fn make_table	defined	program-parameters.c
// FACTS-NEXT:fn make_table	ends	returns
// FACTS-NEXT:fn make_table	passes	0	10	16
// FACTS-NEXT:fn make_table	passes	1	4	20
// FACTS-EMPTY:
//
// RUN: %check_calloc_tidy -check-suffix=WHOLE -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.facts -check-option=calloc-unchecked-multiplication.WholeProgram=true %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
// RUN: %check_calloc_tidy -check-suffix=LIBRARY -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.facts %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
// RUN: %check_calloc_tidy -check-suffix=LIBRARY -check-option=calloc-unchecked-multiplication.ProgramFacts=none -check-option=calloc-unchecked-multiplication.WholeProgram=true %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts

#include <stdlib.h>
#include "tables.h"

/* Whole program, negative: rows at most 16 and columns at most 20, so the
   int product is at most 2560. As a library (or without the facts),
   positive: code outside the program may pass any ints. */
void *make_table(int rows, int cols) {
  return malloc(rows * cols * sizeof(double));
  // CHECK-MESSAGES-LIBRARY: :[[@LINE-1]]:10: warning: allocation size 'rows * cols * sizeof(double)' can overflow ('rows * cols' is computed in 'int'); use 'calloc(rows, (size_t)cols * sizeof(double))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-LIBRARY: return calloc(rows, (size_t)cols * sizeof(double));
}

/* Positive either way: its address escapes in caller.c, so its callers
   are not all known. */
void *make_grid(int rows, int cols) {
  return malloc(rows * cols * sizeof(double));
  // CHECK-MESSAGES-WHOLE: :[[@LINE-1]]:10: warning: allocation size 'rows * cols * sizeof(double)' can overflow ('rows * cols' is computed in 'int'); use 'calloc(rows, (size_t)cols * sizeof(double))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-WHOLE: return calloc(rows, (size_t)cols * sizeof(double));
  // CHECK-MESSAGES-LIBRARY: :[[@LINE-3]]:10: warning: allocation size 'rows * cols * sizeof(double)' can overflow ('rows * cols' is computed in 'int'); use 'calloc(rows, (size_t)cols * sizeof(double))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-LIBRARY: return calloc(rows, (size_t)cols * sizeof(double));
}
