// An array form called with 1 for its count or its size multiplies the
// product in the other argument by 1: `calloc(1, n * size)` checks nothing,
// and `calloc(n, size)` checks the product.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy -check-suffix=KERNEL %s calloc-unchecked-multiplication %t -- \
// RUN:   -config="{CheckOptions: {Allocators: 'kmalloc(size, flags) array=kmalloc_array zeroing-array=kcalloc'}}" -- -DKERNEL

#include <stddef.h>
#include <stdlib.h>

struct item {
  long key;
  double weight;
};

#ifndef KERNEL
void *reallocarray(void *ptr, size_t nmemb, size_t size);

/* Positive: the product in the size, a count read from text. */
struct item *one_count(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  return calloc(1, n * sizeof(struct item));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct item)' can overflow; use 'calloc(n, sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct item));
}

/* Positive: the product in the count, 1 (`sizeof(char)`) the size. */
char *one_size(const char *arg) {
  size_t rows = strtoull(arg, NULL, 10);
  size_t width = strtoull(arg + 8, NULL, 10);
  return calloc(rows * width, sizeof(char));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'rows * width' can overflow; use 'calloc(rows, width)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(rows, width);
}

/* Positive: the resizing array form keeps its pointer. */
struct item *grow(struct item *items, const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  return reallocarray(items, 1, n * sizeof(*items));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(*items)' can overflow; use 'reallocarray(items, n, sizeof(*items))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return reallocarray(items, n, sizeof(*items));
}

/* Positive: a size held by a local, which the rewrite leaves unread. */
struct item *stored(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  size_t bytes = n * sizeof(struct item);
  return calloc(1, bytes);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'bytes' can overflow; use 'calloc(n, sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: {{^}}  size_t n = strtoull(arg, NULL, 10);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  return calloc(n, sizeof(struct item));{{$}}
}

/* Negative: the count is limited first. */
struct item *limited(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  if (n > 4096)
    return NULL;
  return calloc(1, n * sizeof(struct item));
}

/* Negative: the array form used as meant. */
struct item *as_meant(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  return calloc(n, sizeof(struct item));
}

/* Neither argument is 1: calloc multiplies 2 by the product, which wraps
   first, and no two-argument form takes three factors (no fix; see
   array-form-factors.c). */
struct item *pairs(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  return calloc(2, n * sizeof(struct item));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: element size 'n * sizeof(struct item)' of 'calloc' can overflow before 'calloc' checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(2, n * sizeof(struct item));
}

/* Negative: one object. */
struct item *single(void) { return calloc(1, sizeof(struct item)); }

/* Negative: a count of unknown origin measures memory (the default). */
struct item *from_caller(size_t n) {
  return calloc(1, n * sizeof(struct item));
}

#else
typedef unsigned gfp_t;
void *kmalloc(size_t size, gfp_t flags);
void *kmalloc_array(size_t n, size_t size, gfp_t flags);
void *kcalloc(size_t n, size_t size, gfp_t flags);

/* Positive: the kernel's zeroing array form, with its flags. */
struct item *kernel_table(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  return kcalloc(1, n * sizeof(struct item), 0u);
  // CHECK-MESSAGES-KERNEL: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct item)' can overflow; use 'kcalloc(n, sizeof(struct item), 0u)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-KERNEL: return kcalloc(n, sizeof(struct item), 0u);
}

/* Positive: the checked array form, with the product in the count. */
char *kernel_bytes(const char *arg) {
  size_t rows = strtoull(arg, NULL, 10);
  return kmalloc_array(rows * 64, 1, 0u);
  // CHECK-MESSAGES-KERNEL: :[[@LINE-1]]:10: warning: allocation size 'rows * 64' can overflow; use 'kmalloc_array(rows, 64, 0u)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-KERNEL: return kmalloc_array(rows, 64, 0u);
}

/* Positive: the C library's calloc is not configured here, but discovery
   takes it for a calloc-like function by its name and type. Its fix is on
   a note (--fix-notes): nothing in the file shows that it checks. */
struct item *libc_table(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  return calloc(1, n * sizeof(struct item));
  // CHECK-MESSAGES-KERNEL: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct item)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-KERNEL: return calloc(1, n * sizeof(struct item));
}
#endif
