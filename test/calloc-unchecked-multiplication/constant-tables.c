// A value read from a constant table is one of the values its initializer
// lists, whatever the index: `caps[version].width` is at most the largest
// width of the table (an index outside it is another bug). The table must
// be const, not volatile, and initialized here with constants; elements
// the initializer leaves out are zero. Negative: products of such values
// that fit. Positive: tables that may change or are not known here, and
// tables whose values are large enough to wrap.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stdlib.h>

struct capacity {
  int width;
  int words;
  int ec[4];
};

static const struct capacity caps[41] = {
    {0, 0, {0, 0, 0, 0}},
    {21, 26, {7, 10, 13, 17}},
    {25, 44, {10, 16, 22, 28}},
    {177, 3706, {750, 1372, 2040, 2430}},
    /* the rest are zero */
};

/* Negative: the width is at most 177, its square fits an int. */
unsigned char *frame(int version) {
  int width = caps[version].width;
  return malloc((size_t)(width * width));
}

/* Negative: a nested array of a row: at most 2430 times 3706. */
unsigned char *blocks(int version, int level) {
  return malloc(caps[version].ec[level] * caps[version].words);
}

static const unsigned short block_sizes[4][2] = {{64, 128}, {256, 512}};

/* Negative: a two-dimensional table, at most 512 squared. */
int *grid(int a, int b) {
  int n = block_sizes[a][b];
  return malloc(n * n * sizeof(int));
}

/* Positive: a table the program may write. */
static struct capacity live_caps[2] = {{21, 26, {0}}, {25, 44, {0}}};

unsigned char *live_frame(int version) {
  int width = live_caps[version].width;
  return malloc((size_t)(width * width));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(size_t)(width * width)' can overflow ('width * width' is computed in 'int') and nothing checks the multiplication
}

/* Positive: a table defined in another file: its values are not known. */
extern const int widths[];

unsigned char *other_frame(int version) {
  int width = widths[version];
  return malloc((size_t)(width * width));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(size_t)(width * width)' can overflow ('width * width' is computed in 'int') and nothing checks the multiplication
}

/* Positive: a table of large values: 65536 squared wraps an int. */
static const int scales[] = {16, 4096, 65536};

int *scaled(int i, int j) {
  return malloc(scales[i] * scales[j]);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'scales[i] * scales[j]' can overflow ('scales[i] * scales[j]' is computed in 'int'); use 'calloc(scales[i], scales[j])'
  // CHECK-FIXES: return calloc(scales[i], scales[j]);
}

/* Positive: a volatile table may change under the program. */
static const volatile int sampled[] = {8, 16};

int *sampled_buffer(int i, int n) {
  int w = sampled[i];
  return malloc(w * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * n' can overflow ('w * n' is computed in 'int'); use 'calloc(w, n)'
  // CHECK-FIXES: return calloc(w, n);
}

/* Positive: a pointer to the table's row is no table: it may point
   anywhere. */
unsigned char *through_pointer(const struct capacity *c) {
  int width = c->width;
  return malloc((size_t)(width * width));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(size_t)(width * width)' can overflow ('width * width' is computed in 'int') and nothing checks the multiplication
}

/* Negative: a function of this file that returns a table value returns
   at most the table's largest. */
int width_of(int version) { return caps[version].width; }

unsigned char *frame_by_call(int version) {
  int width = width_of(version);
  return malloc((size_t)(width * width));
}

/* Negative: an unnamed bit-field has no element in the initializer: 'big'
   is the second value listed, at most 300. */
struct packed { int small; int : 4; int big; int other; };
static const struct packed packs[2] = {{1, 200, 2}, {1, 300, 2}};

int *packed_grid(int i) {
  int b = packs[i].big;
  return malloc(b * b * sizeof(int));
}

/* Positive: the same with a big value there: read at the right element,
   not at the unnamed bit-field's, it is 100000, whose square always wraps
   an int. */
static const struct packed wide_packs[1] = {{1, 100000, 2}};

int *wide_packed(int i) {
  int b = wide_packs[i].big;
  return malloc(b * b);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'b * b' always overflows ('b * b' is computed in 'int'); use 'calloc(b, b)'
  // CHECK-FIXES: return calloc(b, b);
}

/* Positive: a weak table may be replaced by another unit's. */
__attribute__((weak)) const int weak_widths[2] = {100, 200};

int *weak_grid(int i) {
  int w = weak_widths[i];
  return malloc(w * w * 1000);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * w * 1000' can overflow ('w * w' is computed in 'int'); use 'calloc(w, (size_t)w * 1000)'
  // CHECK-FIXES: return calloc(w, (size_t)w * 1000);
}

/* Positive: a volatile field of a const table may change. */
struct sampled_cell { volatile int w; };
static const struct sampled_cell cells[1] = {{10}};

int *volatile_cell(int i) {
  int w = cells[i].w;
  return malloc(w * w * 1000);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * w * 1000' can overflow ('w * w' is computed in 'int'); use 'calloc(w, (size_t)w * 1000)'
  // CHECK-FIXES: return calloc(w, (size_t)w * 1000);
}
