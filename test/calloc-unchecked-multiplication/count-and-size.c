// Which factor is calloc's count and which its size: sizeof and constant
// factors are the size; of the other factors, one whose name says it is an
// element size (its last word is size, or ends in size, or is sz, width or
// kind: a variable, a parameter or a field) comes second. Otherwise the
// written order stays.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>

/* CPython's string kind: the count first, in either written order. */
void *chars(size_t len, size_t kind) {
  void *a = malloc(len * kind);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'len * kind' can overflow; use 'calloc(len, kind)'
  // CHECK-FIXES: void *a = calloc(len, kind);
  void *b = malloc(kind * len);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'kind * len' can overflow; use 'calloc(len, kind)'
  // CHECK-FIXES: void *b = calloc(len, kind);
  free(a);
  return b;
}

/* Fields and locals, named in any style, through casts. */
struct array_desc {
  size_t elsize;
  size_t itemSize;
  size_t elem_width;
};
void *elements(const struct array_desc *d, size_t n, unsigned count) {
  void *a = malloc(d->elsize * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'd->elsize * n' can overflow; use 'calloc(n, d->elsize)'
  // CHECK-FIXES: void *a = calloc(n, d->elsize);
  void *b = malloc(d->itemSize * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'd->itemSize * n' can overflow; use 'calloc(n, d->itemSize)'
  // CHECK-FIXES: void *b = calloc(n, d->itemSize);
  void *c = malloc(d->elem_width * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'd->elem_width * n' can overflow; use 'calloc(n, d->elem_width)'
  // CHECK-FIXES: void *c = calloc(n, d->elem_width);
  size_t item_size = d->elsize, sz = d->elsize;
  void *e = malloc((size_t)item_size * count);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size '(size_t)item_size * count' can overflow; use 'calloc(count, (size_t)item_size)'
  // CHECK-FIXES: void *e = calloc(count, (size_t)item_size);
  void *f = malloc(sz * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'sz * n' can overflow; use 'calloc(n, sz)'
  // CHECK-FIXES: void *f = calloc(n, sz);
  free(a);
  free(b);
  free(c);
  free(e);
  return f;
}

/* Both or neither named as a size: the written order. A name that only
   contains a size word somewhere else (sizes, size_count) is not one. */
void *as_written(size_t rows, size_t cols, size_t size, size_t width,
                 size_t sizes, size_t size_count) {
  void *a = malloc(rows * cols);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'rows * cols' can overflow; use 'calloc(rows, cols)'
  // CHECK-FIXES: void *a = calloc(rows, cols);
  void *b = malloc(size * width);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'size * width' can overflow; use 'calloc(size, width)'
  // CHECK-FIXES: void *b = calloc(size, width);
  void *c = malloc(sizes * size_count);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'sizes * size_count' can overflow; use 'calloc(sizes, size_count)'
  // CHECK-FIXES: void *c = calloc(sizes, size_count);
  free(a);
  free(b);
  return c;
}

/* With constants, the named size joins them: it is never the count while
   another factor can be (either would do here, both being 32 bits). */
void *glyphs(unsigned kind, unsigned n) {
  return malloc((size_t)kind * n * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(size_t)kind * n * 4' can overflow; use 'calloc(n, (size_t)kind * 4)'
  // CHECK-FIXES: return calloc(n, (size_t)kind * 4);
}
