// What the whole program's writes give a field (docs/facts.md: `least` and
// `most`): libvncserver's fix for CVE-2014-6051 computes the frame size in
// uint64_t from int fields that another unit sets from 16- and 8-bit values
// of a server message. Alone, an int field may hold a negative value, which
// the conversion makes huge, and the product can wrap 64 bits; with the
// facts the fields hold 0 to 65535 and 0 to 255, and it cannot. A third
// unit that changes the width by `-=` takes both bounds of it away.
//
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env CALLOC_TIDY_FACTS_OUTPUT=%t.d/server.tsv %clang_tidy --load %calloc_plugin --checks='-*,calloc-unchecked-multiplication' --config='{}' --quiet %S/Inputs/program-facts/server.c -- -I%S/Inputs/program-facts
// RUN: env CALLOC_TIDY_FACTS_OUTPUT=%t.d/resize.tsv %clang_tidy --load %calloc_plugin --checks='-*,calloc-unchecked-multiplication' --config='{}' --quiet %S/Inputs/program-facts/resize.c -- -I%S/Inputs/program-facts
// RUN: %python %S/../../tools/calloc_facts.py merge -o %t.facts %t.d/server.tsv
// RUN: FileCheck --check-prefix=FACTS --match-full-lines --strict-whitespace %s < %t.facts
// FACTS:# calloc-tidy program facts, format 1
// FACTS-NEXT:field client.bits_per_pixel	least	0
// FACTS-NEXT:field client.bits_per_pixel	limit	?
// FACTS-NEXT:field client.bits_per_pixel	most	255
// FACTS-NEXT:field client.height	input	server.c:7
// FACTS-NEXT:field client.height	least	0
// FACTS-NEXT:field client.height	limit	?
// FACTS-NEXT:field client.height	most	65535
// FACTS-NEXT:field client.width	input	server.c:6
// FACTS-NEXT:field client.width	least	0
// FACTS-NEXT:field client.width	limit	?
// FACTS-NEXT:field client.width	most	65535
// FACTS-NEXT:fn read_server_init	ends	returns
// FACTS-EMPTY:
// RUN: %python %S/../../tools/calloc_facts.py merge -o %t.grown %t.d/server.tsv %t.d/resize.tsv
//
// RUN: %check_calloc_tidy -check-suffix=FACTS -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.facts %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
// RUN: %check_calloc_tidy -check-suffix=ALONE -check-option=calloc-unchecked-multiplication.ProgramFacts=none %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
// RUN: %check_calloc_tidy -check-suffix=ALONE -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.grown %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts

#include <stdint.h>
#include <stdlib.h>
#include "client.h"

int resize_frame(struct client *c) {
  uint64_t size = (uint64_t)c->width * c->height * c->bits_per_pixel / 8;
  if (size >= SIZE_MAX)
    return -1;
  c->frame = malloc((size_t)size);
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:14: warning: allocation size 'size' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  return c->frame != NULL;
}

/* Positive in every run: 65535 * 65535 * 4 passes INT_MAX, facts or not. */
unsigned char *scratch(const struct client *c) {
  return malloc(c->width * c->height * 4);
  // CHECK-MESSAGES-FACTS: :[[@LINE-1]]:10: warning: allocation size 'c->width * c->height * 4' can overflow ('c->width * c->height' is computed in 'int'); use 'calloc(c->height, (size_t)c->width * 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-FACTS: return calloc(c->height, (size_t)c->width * 4);
  // CHECK-MESSAGES-ALONE: :[[@LINE-3]]:10: warning: allocation size 'c->width * c->height * 4' can overflow ('c->width * c->height' is computed in 'int'); use 'calloc(c->height, (size_t)c->width * 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALONE: return calloc(c->height, (size_t)c->width * 4);
}
