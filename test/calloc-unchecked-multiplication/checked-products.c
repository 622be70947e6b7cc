// Other ways code checks a product: after the fact by dividing it back,
// with __builtin_mul_overflow or ckd_mul, inside likely()/unlikely(), and
// against a limit with a margin.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define unlikely(x) __builtin_expect(!!(x), 0)

void *divided_back(size_t n, size_t size) {
  size_t total = n * size;
  if (n != 0 && total / n != size)
    return NULL;
  return malloc(total);
}

void *divided_back_product(size_t n, size_t size) {
  if (size && (n * size) / size != n)
    return NULL;
  return malloc(n * size);
}

void *builtin_checked_first(size_t n, size_t size) {
  size_t ignored;
  if (__builtin_mul_overflow(n, size, &ignored))
    return NULL;
  return malloc(n * size);
}

struct big { char bytes[4096]; };
void *unlikely_guard(size_t n) {
  if (unlikely(n > SIZE_MAX / sizeof(struct big)))
    return NULL;
  return malloc(n * sizeof(struct big));
}

void *unlikely_builtin(size_t n, size_t size) {
  size_t bytes;
  if (unlikely(__builtin_mul_overflow(n, size, &bytes)))
    return NULL;
  return malloc(n * size);
}

void *with_margin(size_t n, size_t size) {
  if (size == 0 || n >= SIZE_MAX / size - 1)
    return NULL;
  return malloc(n * size);
}

/* Divided back, but by the wrong operand. */
void *divided_wrong(size_t n, size_t size, size_t other) {
  size_t total = n * size;
  if (other != 0 && total / other != size)
    return NULL;
  return malloc(total);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'total' can overflow; use 'calloc(n, size)'
  // CHECK-FIXES: return calloc(n, size);
}

/* The check only on the failing edge's opposite: continues when wrapped. */
void *divided_inverted(size_t n, size_t size) {
  size_t total = n * size;
  if (n != 0 && total / n == size)
    return NULL;
  return malloc(total);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'total' can overflow; use 'calloc(n, size)'
  // CHECK-FIXES: return calloc(n, size);
}

/* __builtin_mul_overflow into a narrower result bounds it by that type. */
void *builtin_narrow(size_t n, size_t size) {
  uint32_t small;
  if (__builtin_mul_overflow(n, size, &small))
    return NULL;
  return malloc(n * size);
}

/* Negative: a product of two values and a constant, divided back twice
   (libtiff's tiff2rgba after CVE-2016-3945): a wrap of width * rows makes
   the quotient smaller than width. */
uint32_t *raster(uint32_t width, uint32_t rows) {
  uint32_t rastersize = width * rows * sizeof(uint32_t);
  if (width != (rastersize / rows) / sizeof(uint32_t))
    return NULL;
  return malloc(rastersize);
}

/* Positive: divided back by one value only, which checks a * b, not
   a * b * 4. */
uint32_t *raster_half_checked(uint32_t width, uint32_t rows) {
  uint32_t rastersize = width * rows * sizeof(uint32_t);
  if (width != rastersize / rows)
    return NULL;
  return malloc(rastersize);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'rastersize' can overflow ('width * rows' is computed in 'uint32_t'); use 'calloc(rows, (size_t)width * sizeof(uint32_t))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(rows, (size_t)width * sizeof(uint32_t));
}
