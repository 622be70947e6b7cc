// The zeroing counterpart of a project's allocator, defined in another unit
// (Inputs/../calloc-unchecked-multiplication/Inputs/program-facts/xalloc.c):
// with the program's facts (docs/facts.md) the check has seen that xzalloc
// zeroes, and the fix uses it; without them xzalloc is only a name, and the
// rewrite is offered on a note (--fix-notes).
//
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env CALLOC_TIDY_FACTS_OUTPUT=%t.d/xalloc.tsv %clang_tidy --load %calloc_plugin --checks='-*,calloc-unchecked-multiplication' --config='{}' --quiet %S/../calloc-unchecked-multiplication/Inputs/program-facts/xalloc.c -- -I%S/../calloc-unchecked-multiplication/Inputs/program-facts
// RUN: %python %S/../../tools/calloc_facts.py merge -o %t.facts %t.d/xalloc.tsv
// RUN: %check_calloc_tidy -check-suffix=FACTS -check-option=ProgramFacts=%t.facts %s calloc-malloc-memset %t -- -- -I%S/../calloc-unchecked-multiplication/Inputs/program-facts
// RUN: %check_calloc_tidy -check-suffix=ALONE -check-option=ProgramFacts=none %s calloc-malloc-memset %t -- -- -I%S/../calloc-unchecked-multiplication/Inputs/program-facts

#include <string.h>
#include "xalloc.h"

struct node {
  int a[8];
};

struct node *new_node(void) {
  struct node *p = xmalloc(sizeof(*p));
  // CHECK-NOTES-FACTS: :[[@LINE-1]]:20: warning: memory allocated by 'xmalloc' is zeroed right away by 'memset'; use 'xzalloc(sizeof(*p))', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-FIXES-FACTS: struct node *p = xzalloc(sizeof(*p));
  // CHECK-NOTES-ALONE: :[[@LINE-3]]:20: warning: memory allocated by 'xmalloc' is zeroed right away by 'memset'; 'xzalloc' zeroes as it allocates [calloc-malloc-memset]
  // CHECK-NOTES-ALONE: :[[@LINE-4]]:20: note: 'xzalloc(sizeof(*p))' may zero as it allocates: 'xzalloc' was found by its name and is not defined in this file, so only --fix-notes applies this rewrite
  if (!p)
    return NULL;
  memset(p, 0, sizeof(*p));
  // CHECK-NOTES-FACTS: :[[@LINE-1]]:3: note: 'memset' zeroes the whole allocation here
  // CHECK-NOTES-ALONE: :[[@LINE-2]]:3: note: 'memset' zeroes the whole allocation here
  return p;
}
