// The default verdicts follow from the arithmetic, with no source named:
// a product that wraps in fewer than 64 bits (an int or unsigned product,
// or any product with SizeTypeBits: 32) can overflow whenever nothing in
// sight bounds a factor; one that wraps only at 64 bits can overflow when
// its factors reach there together (two that can each exceed 32 bits, or
// narrower ones whose largest values multiply past 2^64), while one count
// times an element size is taken for a count of things in memory. A
// product that wraps for every value the code gives it always overflows,
// at every level. The limit `SIZE_MAX / sizeof(T)` is a check at the
// strict level too (a cap is a bound, not a check, there), and keeps
// bounding the product at SizeTypeBits: 32.
// RUN: %check_calloc_tidy -check-suffixes=DEFAULT %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy -check-suffixes=STRICT %s calloc-unchecked-multiplication %t \
// RUN:   -config='{CheckOptions: {calloc-unchecked-multiplication.ReportUncheckedProducts: true}}'
// RUN: %check_calloc_tidy -check-suffixes=B32 %s calloc-unchecked-multiplication %t \
// RUN:   -config='{CheckOptions: {calloc-unchecked-multiplication.SizeTypeBits: 32}}'

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct image {
  unsigned rowstride, height;
};

/* Positive: a product computed in 32 bits, of two fields set in another
   file that nothing in sight bounds: it wraps for images memory holds. */
unsigned char *pixels(const struct image *im) {
  return malloc(im->rowstride * im->height);
  // CHECK-NOTES-DEFAULT: :[[@LINE-1]]:10: warning: allocation size 'im->rowstride * im->height' can overflow ('im->rowstride * im->height' is computed in 'unsigned int'); use 'calloc(im->rowstride, im->height)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:10: warning: allocation size 'im->rowstride * im->height' can overflow ('im->rowstride * im->height' is computed in 'unsigned int'); use 'calloc(im->rowstride, im->height)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-B32: :[[@LINE-3]]:10: warning: allocation size 'im->rowstride * im->height' can overflow; use 'calloc(im->rowstride, im->height)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-DEFAULT: return calloc(im->rowstride, im->height);
  // CHECK-FIXES-STRICT: return calloc(im->rowstride, im->height);
  // CHECK-FIXES-B32: return calloc(im->rowstride, im->height);
}

/* Positive: 3 * len in unsigned, for a length a caller passes. */
char *decoded(unsigned len) { return malloc(3 * len); }
// CHECK-NOTES-DEFAULT: :[[@LINE-1]]:38: warning: allocation size '3 * len' can overflow ('3 * len' is computed in 'unsigned int'); use 'calloc(len, 3)', which checks the multiplication [calloc-unchecked-multiplication]
// CHECK-MESSAGES-STRICT: :[[@LINE-2]]:38: warning: allocation size '3 * len' can overflow ('3 * len' is computed in 'unsigned int'); use 'calloc(len, 3)', which checks the multiplication [calloc-unchecked-multiplication]
// CHECK-MESSAGES-B32: :[[@LINE-3]]:38: warning: allocation size '3 * len' can overflow; use 'calloc(len, 3)', which checks the multiplication [calloc-unchecked-multiplication]
// CHECK-FIXES-DEFAULT: char *decoded(unsigned len) { return calloc(len, 3); }
// CHECK-FIXES-STRICT: char *decoded(unsigned len) { return calloc(len, 3); }
// CHECK-FIXES-B32: char *decoded(unsigned len) { return calloc(len, 3); }

/* Negative by default: the same product with a bound on the length
   first. The strict level reports it: a cap bounds the product, but is no
   check of it. */
char *decoded_small(unsigned len) {
  if (len > 65536)
    return NULL;
  return malloc(3 * len);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:10: warning: allocation size '3 * len' is not checked for overflow; use 'calloc(len, 3)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-STRICT: return calloc(len, 3);
}

/* Negative by default: one 64-bit count times an element size, a count of
   things in memory. The strict level reports it unchecked; at 32 bits a
   count memory holds makes it wrap. */
double *vector(size_t n) { return malloc(n * sizeof(double)); }
// CHECK-MESSAGES-STRICT: :[[@LINE-1]]:35: warning: allocation size 'n * sizeof(double)' is not checked for overflow; use 'calloc(n, sizeof(double))', which checks the multiplication [calloc-unchecked-multiplication]
// CHECK-MESSAGES-B32: :[[@LINE-2]]:35: warning: allocation size 'n * sizeof(double)' can overflow; use 'calloc(n, sizeof(double))', which checks the multiplication [calloc-unchecked-multiplication]
// CHECK-FIXES-STRICT: double *vector(size_t n) { return calloc(n, sizeof(double)); }
// CHECK-FIXES-B32: double *vector(size_t n) { return calloc(n, sizeof(double)); }

struct table {
  size_t rows, cols;
  uint32_t width, height;
};

/* Positive: two 64-bit counts: their product is no count of memory. */
double *matrix(const struct table *t) {
  return malloc(t->rows * t->cols * sizeof(double));
  // CHECK-NOTES-DEFAULT: :[[@LINE-1]]:10: warning: allocation size 't->rows * t->cols * sizeof(double)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-DEFAULT: :[[@LINE-2]]:35: note: 't->rows' and 't->cols' can together be large enough that 't->rows * t->cols * sizeof(double)' overflows 'size_t', and nothing on the way bounds them
  // CHECK-NOTES-DEFAULT: :[[@LINE-3]]:10: note: no fix: no split of the factors into a count and a size is itself free of overflow
  // CHECK-MESSAGES-STRICT: :[[@LINE-4]]:10: warning: allocation size 't->rows * t->cols * sizeof(double)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-B32: :[[@LINE-5]]:10: warning: allocation size 't->rows * t->cols * sizeof(double)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Negative by default: the same with a limit on one of them. */
double *short_matrix(const struct table *t) {
  if (t->rows > 4096)
    return NULL;
  return malloc(t->rows * t->cols);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:10: warning: allocation size 't->rows * t->cols' is not checked for overflow; use 'calloc(t->rows, t->cols)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-B32: :[[@LINE-2]]:10: warning: allocation size 't->rows * t->cols' can overflow; use 'calloc(t->rows, t->cols)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-STRICT: return calloc(t->rows, t->cols);
  // CHECK-FIXES-B32: return calloc(t->rows, t->cols);
}

/* Positive: two 32-bit values widened first, times 4: their largest
   values pass 2^64. */
uint32_t *area(const struct table *t) {
  return malloc((size_t)t->width * t->height * 4);
  // CHECK-NOTES-DEFAULT: :[[@LINE-1]]:10: warning: allocation size '(size_t)t->width * t->height * 4' can overflow; use 'calloc(t->height, (size_t)t->width * 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-DEFAULT: :[[@LINE-2]]:46: note: '(size_t)t->width' and 't->height' can together be large enough that '(size_t)t->width * t->height * 4' overflows 'size_t', and nothing on the way bounds them
  // CHECK-MESSAGES-STRICT: :[[@LINE-3]]:10: warning: allocation size '(size_t)t->width * t->height * 4' can overflow; use 'calloc(t->height, (size_t)t->width * 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-B32: :[[@LINE-4]]:10: warning: allocation size '(size_t)t->width * t->height * 4' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-DEFAULT: return calloc(t->height, (size_t)t->width * 4);
  // CHECK-FIXES-STRICT: return calloc(t->height, (size_t)t->width * 4);
}

/* Negative by default: two 32-bit values widened, times 1, fit 64 bits. */
unsigned char *plane(const struct table *t) {
  return malloc((size_t)t->width * t->height);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:10: warning: allocation size '(size_t)t->width * t->height' is not checked for overflow; use 'calloc(t->height, (size_t)t->width)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-B32: :[[@LINE-2]]:10: warning: allocation size '(size_t)t->width * t->height' can overflow; use 'calloc(t->height, (size_t)t->width)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-STRICT: return calloc(t->height, (size_t)t->width);
  // CHECK-FIXES-B32: return calloc(t->height, (size_t)t->width);
}

/* Positive at every level: a product that wraps for the only value the
   code gives its factors. */
void *huge_table(void) {
  size_t huge = INTPTR_MAX;
  return malloc(huge * huge);
  // CHECK-NOTES-DEFAULT: :[[@LINE-1]]:10: warning: allocation size 'huge * huge' always overflows; use 'calloc(huge, huge)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:10: warning: allocation size 'huge * huge' always overflows; use 'calloc(huge, huge)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-B32: :[[@LINE-3]]:10: warning: allocation size 'huge * huge' always overflows; use 'calloc(huge, huge)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-DEFAULT: return calloc(huge, huge);
  // CHECK-FIXES-STRICT: return calloc(huge, huge);
  // CHECK-FIXES-B32: return calloc(huge, huge);
}

/* Negative by default and at 32 bits: a product of known small values,
   which the strict level reports as not checked. */
void *small_table(void) {
  size_t small = 4096;
  return malloc(small * small);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:10: warning: allocation size 'small * small' is not checked for overflow; use 'calloc(small, small)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-STRICT: return calloc(small, small);
}

/* Negative at every level: the limit the docs describe is a check of the
   product at the strict level too, and bounds it at 32 bits. */
double *guarded(size_t n) {
  if (n > SIZE_MAX / sizeof(double))
    return NULL;
  return malloc(n * sizeof(double));
}

/* Negative at every level: the same limit written with PTRDIFF_MAX. */
double *guarded_signed(size_t n) {
  if (n > PTRDIFF_MAX / sizeof(double))
    return NULL;
  return malloc(n * sizeof(double));
}
