// A project's own calloc-like functions, found by discovery with no
// configuration: declared with alloc_size(N, M), or named like an
// allocator and typed like calloc (a byte pointer result and two integer
// parameters as wide as size_t, after at most one pointer, as reallocarray
// has). Their count and size are judged like calloc's: a product written
// inside one of them wraps before the function can check anything
// (OpenJPEG's opj_calloc(comp->w * comp->h, ...), CVE-2016-9118; JasPer's
// jas_alloc2, CVE-2016-9387).
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy -check-suffixes=NONE %s calloc-unchecked-multiplication %t \
// RUN:   -config='{CheckOptions: {calloc-unchecked-multiplication.DiscoverAllocators: none}}'

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

void *opj_calloc(size_t num, size_t size);
void *jas_alloc2(size_t num_elements, size_t element_size);
void *x_realloc_array(void *p, size_t n, size_t size);
void *pool_alloc_n(size_t n, size_t size) __attribute__((alloc_size(1, 2)));
void *arena_alloc_aligned(size_t bytes, size_t align);

struct component {
  uint32_t w, h;
  int rows, cols;
};

/* Positive: a 32-bit product in the count; widened, the form checks it. */
int *plane(const struct component *c) {
  return opj_calloc(c->w * c->h, sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: count 'c->w * c->h' of 'opj_calloc' can overflow ('c->w * c->h' is computed in 'uint32_t') before 'opj_calloc' checks the multiplication; use '(size_t)c->w * c->h', which computes it in 'size_t' [calloc-unchecked-multiplication]
  // CHECK-FIXES: return opj_calloc((size_t)c->w * c->h, sizeof(int));
}

/* Positive: an int product kept in a local, then the count: no fix, the
   local already holds the wrapped value. */
double *tiles(const struct component *c) {
  int n = c->rows * c->cols;
  return jas_alloc2(n, sizeof(double));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: count 'n' of 'jas_alloc2' can overflow ('c->rows * c->cols' is computed in 'int') before 'jas_alloc2' checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: the resizing form, a pointer first. */
char *grown(char *p, const struct component *c) {
  return x_realloc_array(p, c->rows * c->cols, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: count 'c->rows * c->cols' of 'x_realloc_array' can overflow ('c->rows * c->cols' is computed in 'int') before 'x_realloc_array' checks the multiplication; use '(size_t)c->rows * c->cols', which computes it in 'size_t' [calloc-unchecked-multiplication]
  // CHECK-FIXES: return x_realloc_array(p, (size_t)c->rows * c->cols, 8);
}

/* Positive: alloc_size(1, 2) says so; with a count of 1, the product in
   the size is the whole allocation. */
uint32_t *pixels(const struct component *c) {
  return pool_alloc_n(1, c->w * c->h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'c->w * c->h' can overflow ('c->w * c->h' is computed in 'uint32_t') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive in every run, DiscoverAllocators: none too: the C library's
   malloc, configured. The calls above are found by discovery only. */
uint32_t *configured(const struct component *c) {
  return malloc(c->w * c->h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'c->w * c->h' can overflow ('c->w * c->h' is computed in 'uint32_t'); use 'calloc(c->w, c->h)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(c->w, c->h);
  // CHECK-MESSAGES-NONE: :[[@LINE-3]]:10: warning: allocation size 'c->w * c->h' can overflow ('c->w * c->h' is computed in 'uint32_t'); use 'calloc(c->w, c->h)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-NONE: return calloc(c->w, c->h);
}

/* Negative: products that fit, and a size with an alignment, which is no
   calloc-like pair. */
void *fitting(size_t n, uint8_t depth, uint8_t planes) {
  void *a = opj_calloc(n, 8);
  void *b = jas_alloc2(depth * planes, 4);
  void *c = arena_alloc_aligned(n * 8, 64);
  return a && b ? c : NULL;
}
