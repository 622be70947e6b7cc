// Facts from the whole program (docs/facts.md): a count read in another
// unit is reported, a count bounded in another unit is not. The program is
// this unit and Inputs/program-facts/loader.c; each is summarised by the
// check (CALLOC_TIDY_FACTS_OUTPUT), the summaries merged by
// tools/calloc_facts.py, and this unit linted with the merged file. Without
// the facts file, and with a stale one (a function renamed, the loader's
// summary gone), the verdicts are this unit's own.
//
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env CALLOC_TIDY_FACTS_OUTPUT=%t.d/loader.tsv %clang_tidy --load %calloc_plugin --checks='-*,calloc-unchecked-multiplication' --config='{}' --quiet %S/Inputs/program-facts/loader.c -- -I%S/Inputs/program-facts
// RUN: env CALLOC_TIDY_FACTS_OUTPUT=%t.d/this.tsv %clang_tidy --load %calloc_plugin --checks='-*,calloc-unchecked-multiplication' --config='{}' --quiet %s -- -I%S/Inputs/program-facts
// RUN: env CALLOC_TIDY_FACTS_OUTPUT=%t.d/checker.tsv %clang_tidy --load %calloc_plugin --checks='-*,calloc-unchecked-multiplication' --config='{}' --quiet %S/Inputs/program-facts/checker.c -- -I%S/Inputs/program-facts
// RUN: %python %S/../../tools/calloc_facts.py merge -o %t.facts %t.d/loader.tsv %t.d/this.tsv %t.d/checker.tsv
// RUN: FileCheck --check-prefix=FACTS --match-full-lines --strict-whitespace %s < %t.facts
//
// The merged file, sorted: the limits the loader tests where it sets each
// field (checker.c's test of the frame count, which it does not set, is
// no limit of the program's), the least value its
// writes give each field (bytes assembled: 0 to 65535), and the functions whose
// result carries input (bytes assembled into a number; read_tag's is
// 16 bits wide, which the reading unit's own types cap).
// FACTS:# calloc-tidy program facts, format 1
// FACTS-NEXT:field image.height	least	0
// FACTS-NEXT:field image.height	limit	<=16384	>=1
// FACTS-NEXT:field image.height	most	65535
// FACTS-NEXT:field image.tiles.cols	least	0
// FACTS-NEXT:field image.tiles.cols	limit	<=64
// FACTS-NEXT:field image.tiles.cols	most	65535
// FACTS-NEXT:field image.tiles.rows	least	0
// FACTS-NEXT:field image.tiles.rows	limit	<=64
// FACTS-NEXT:field image.tiles.rows	most	65535
// FACTS-NEXT:field image.width	least	0
// FACTS-NEXT:field image.width	limit	<=16384	>=1
// FACTS-NEXT:field image.width	most	65535
// FACTS-NEXT:fn decode	ends	returns
// FACTS-NEXT:fn frame_table	ends	returns
// FACTS-NEXT:fn items	ends	returns
// FACTS-NEXT:fn load_header	ends	returns
// FACTS-NEXT:fn load_header	returns	-1	0
// FACTS-NEXT:fn read_count	ends	returns
// FACTS-NEXT:fn read_count	input	loader.c:20
// FACTS-NEXT:fn read_count	returns	0	*
// FACTS-NEXT:fn read_tag	ends	returns
// FACTS-NEXT:fn read_tag	input	loader.c:25
// FACTS-NEXT:fn read_tag	returns	0	65535
// FACTS-NEXT:fn tagged	ends	returns
// FACTS-NEXT:fn tile_buffers	ends	returns
// FACTS-NEXT:fn too_many_frames	ends	returns
// FACTS-NEXT:fn too_many_frames	returns	0	1
// FACTS-EMPTY:
//
// RUN: %check_calloc_tidy -check-suffix=FACTS -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.facts %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
// RUN: %check_calloc_tidy -check-suffix=ALONE -check-option=calloc-unchecked-multiplication.ProgramFacts=none %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
//
// A third unit that steps the row count down and tests no limit where it
// does: neither the least value nor the limit holds for the whole program,
// and the tile product is reported again.
// RUN: env CALLOC_TIDY_FACTS_OUTPUT=%t.d/shrink.tsv %clang_tidy --load %calloc_plugin --checks='-*,calloc-unchecked-multiplication' --config='{}' --quiet %S/Inputs/program-facts/shrink.c -- -I%S/Inputs/program-facts
// RUN: %python %S/../../tools/calloc_facts.py merge -o %t.shrink %t.d/loader.tsv %t.d/this.tsv %t.d/shrink.tsv
// RUN: grep 'image.tiles.rows' %t.shrink | FileCheck --check-prefix=SHRUNK %s
// SHRUNK: field image.tiles.rows	least	0
// SHRUNK-NEXT: field image.tiles.rows	least	?
// SHRUNK-NEXT: field image.tiles.rows	limit	<=64
// SHRUNK-NEXT: field image.tiles.rows	limit	?
// SHRUNK-NEXT: field image.tiles.rows	most	65535
// SHRUNK-NEXT: field image.tiles.rows	most	?
// RUN: %check_calloc_tidy -check-suffix=SHRINK -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.shrink %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
//
// Stale: read_count renamed since, and the loader's unit gone from the
// merge. Missing: no file there. Malformed: lines this version cannot read
// are skipped.
// RUN: sed -e 's/^fn read_count	/fn read_count_v1	/' -e '/^field image/d' %t.facts > %t.stale
// RUN: %check_calloc_tidy -check-suffix=ALONE -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.stale %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
// RUN: %check_calloc_tidy -check-suffix=ALONE -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.missing %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts
// RUN: printf 'garbage\nfield image.width\tlimit\t<=abc\nfn\tinput\n\t\t\n' > %t.bad
// RUN: %check_calloc_tidy -check-suffix=ALONE -check-option=calloc-unchecked-multiplication.ProgramFacts=%t.bad %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs/program-facts

#include <stdlib.h>
#include "image.h"

/* With the facts, negative: the loader keeps both dimensions at most
   16384, and 16384 * 16384 * 4 fits in int. Alone, positive: two ints
   multiplied in int. */
unsigned char *decode(const struct image *im) {
  return malloc(im->width * im->height * 4);
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:10: warning: allocation size 'im->width * im->height * 4' can overflow ('im->width * im->height' is computed in 'int'); use 'calloc(im->height, (size_t)im->width * 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALONE: return calloc(im->height, (size_t)im->width * 4);
}

/* The same for fields of an unnamed structure inside the record, known to
   the facts as image.tiles.cols, which the loader limits from above only:
   with the facts, its writes (bytes assembled) keep them at 0 or more, and
   64 * 64 * 100000 fits in int. */
char *tile_buffers(const struct image *im) {
  return malloc(im->tiles.cols * im->tiles.rows * 100000);
  // CHECK-MESSAGES-SHRINK: :[[@LINE-1]]:10: warning: allocation size 'im->tiles.cols * im->tiles.rows * 100000' can overflow ('im->tiles.cols * im->tiles.rows' is computed in 'int'); use 'calloc(im->tiles.cols, (size_t)im->tiles.rows * 100000)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-SHRINK: return calloc(im->tiles.cols, (size_t)im->tiles.rows * 100000);
  // CHECK-MESSAGES-ALONE: :[[@LINE-3]]:10: warning: allocation size 'im->tiles.cols * im->tiles.rows * 100000' can overflow ('im->tiles.cols * im->tiles.rows' is computed in 'int'); use 'calloc(im->tiles.cols, (size_t)im->tiles.rows * 100000)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALONE: return calloc(im->tiles.cols, (size_t)im->tiles.rows * 100000);
}

struct item {
  int a, b;
};

/* With the facts, positive: the count is input, read in loader.c, and a
   size_t product of it can wrap. Alone, negative: a size_t count from a
   function defined elsewhere is taken to measure memory. */
struct item *items(const unsigned char *buf) {
  size_t n = read_count(buf);
  return malloc(n * sizeof(struct item));
  // CHECK-MESSAGES-FACTS: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct item)' can overflow; use 'calloc(n, sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-FACTS: return calloc(n, sizeof(struct item));
  // CHECK-MESSAGES-SHRINK: :[[@LINE-3]]:10: warning: allocation size 'n * sizeof(struct item)' can overflow; use 'calloc(n, sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-SHRINK: return calloc(n, sizeof(struct item));
}

/* Negative either way: a 16-bit result times a size cannot wrap size_t. */
struct item *tagged(const unsigned char *buf) {
  size_t n = read_tag(buf);
  return malloc(n * sizeof(struct item));
}

/* Positive either way: nothing limits the frame count, and the product is
   computed in int. */
int *frame_table(const struct image *im) {
  return malloc(im->frames * 64 * sizeof(int));
  // CHECK-MESSAGES-FACTS: :[[@LINE-1]]:10: warning: allocation size 'im->frames * 64 * sizeof(int)' can overflow ('im->frames * 64' is computed in 'int'); use 'calloc(im->frames, 64 * sizeof(int))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-ALONE: :[[@LINE-2]]:10: warning: allocation size 'im->frames * 64 * sizeof(int)' can overflow ('im->frames * 64' is computed in 'int'); use 'calloc(im->frames, 64 * sizeof(int))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-FACTS: return calloc(im->frames, 64 * sizeof(int));
  // CHECK-MESSAGES-SHRINK: :[[@LINE-4]]:10: warning: allocation size 'im->frames * 64 * sizeof(int)' can overflow ('im->frames * 64' is computed in 'int'); use 'calloc(im->frames, 64 * sizeof(int))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-SHRINK: return calloc(im->frames, 64 * sizeof(int));
  // CHECK-FIXES-ALONE: return calloc(im->frames, 64 * sizeof(int));
}
