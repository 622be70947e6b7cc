// An array form checks the multiplication of its two arguments, not a
// product written inside one: `calloc(w * h, 4)` computes w * h first,
// unchecked, and a wrapped count gives a small buffer all the same. Such a
// product is judged like an allocation size of its own; the fix computes a
// narrow product in the argument's type, where two factors of half its
// width cannot wrap, and otherwise there is none.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy -check-suffix=STRICT %s calloc-unchecked-multiplication %t -- \
// RUN:   -config='{CheckOptions: {calloc-unchecked-multiplication.ReportUncheckedProducts: true}}' -- -DSTRICT
// RUN: %check_calloc_tidy -check-suffix=KERNEL %s calloc-unchecked-multiplication %t -- \
// RUN:   -config="{CheckOptions: {Allocators: 'kmalloc(size, flags) array=kmalloc_array zeroing-array=kcalloc'}}" -- -DKERNEL

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct pixel {
  uint8_t r, g, b, a;
};

#ifndef STRICT
/* Four bytes of a header, big-endian: any 32-bit value. */
static uint32_t header_u32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 |
         p[3];
}
#endif

#if !defined(STRICT) && !defined(KERNEL)
void *reallocarray(void *ptr, size_t nmemb, size_t size);

/* Positive: the image decoder's classic, the area in 32 bits; the fix
   computes it in size_t, where two 32-bit factors fit. */
struct pixel *decode_image(const uint8_t *hdr) {
  uint32_t width = header_u32(hdr), height = header_u32(hdr + 4);
  return calloc(width * height, sizeof(struct pixel));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: count 'width * height' of 'calloc' can overflow ('width * height' is computed in 'uint32_t') before 'calloc' checks the multiplication; use '(size_t)width * height', which computes it in 'size_t' [calloc-unchecked-multiplication]
  // CHECK-NOTES: :24:76: note: 'width' can be as large as this '(uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]', a number assembled from bytes in memory that nothing in this file bounds
  // CHECK-FIXES: return calloc((size_t)width * height, sizeof(struct pixel));
}

/* Positive: signed factors, in the element size; widened, a negative one
   gives the size the int product converted gives, or one too large to
   allocate, never a small one. */
uint8_t *rows_of(const uint8_t *hdr, size_t rows) {
  int32_t stride = (int32_t)header_u32(hdr), planes = (int32_t)header_u32(hdr + 4);
  return calloc(rows, stride * planes);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: element size 'stride * planes' of 'calloc' can overflow ('stride * planes' is computed in 'int32_t') before 'calloc' checks the multiplication; use '(size_t)stride * planes', which computes it in 'size_t' [calloc-unchecked-multiplication]
  // CHECK-NOTES: :24:76: note: 'stride' can be as large as this
  // CHECK-FIXES: return calloc(rows, (size_t)stride * planes);
}

/* Positive: 64-bit counts read from text; no form takes three factors, so
   no fix, and a note says what to do. */
double *matrix(const char *a, const char *b) {
  size_t n = strtoull(a, NULL, 10), m = strtoull(b, NULL, 10);
  return calloc(n * m, sizeof(double));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: count 'n * m' of 'calloc' can overflow before 'calloc' checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:14: note: 'n' can be as large as this 'strtoull(a, NULL, 10)', a number from outside the program that nothing in this file bounds
  // CHECK-NOTES: :[[@LINE-3]]:10: note: no fix: 'calloc' checks the multiplication of its two arguments, not one inside an argument; check 'n * m' before the call (with __builtin_mul_overflow, or a limit on a factor)
  // CHECK-FIXES: return calloc(n * m, sizeof(double));
}

/* Positive: a product in the count of the resizing form. */
double *grow_matrix(double *old, const char *a, size_t cols) {
  size_t n = strtoull(a, NULL, 10);
  return reallocarray(old, n * 8, cols);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: count 'n * 8' of 'reallocarray' can overflow before 'reallocarray' checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:14: note: 'n' can be as large as this 'strtoull(a, NULL, 10)'
  // CHECK-NOTES: :[[@LINE-3]]:10: note: no fix: 'reallocarray' checks the multiplication of its two arguments, not one inside an argument; check 'n * 8' before the call
  // CHECK-FIXES: return reallocarray(old, n * 8, cols);
}

/* Positive: three 32-bit factors do not fit 64 bits for sure: no fix. */
uint8_t *volume(const uint8_t *hdr) {
  uint32_t x = header_u32(hdr), y = header_u32(hdr + 4), z = header_u32(hdr + 8);
  return calloc(x * y * z, 1 + 1);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: count 'x * y * z' of 'calloc' can overflow ('x * y' is computed in 'uint32_t') before 'calloc' checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :24:76: note: 'x' can be as large as this
  // CHECK-NOTES: :[[@LINE-3]]:10: note: no fix: 'calloc' checks the multiplication of its two arguments, not one inside an argument; check 'x * y * z' before the call
  // CHECK-FIXES: return calloc(x * y * z, 1 + 1);
}

/* Positive: the product written by a macro: no edit inside it. */
#define AREA(w, h) ((w) * (h))
struct pixel *macro_area(const uint8_t *hdr) {
  uint32_t w = header_u32(hdr), h = header_u32(hdr + 4);
  return calloc(AREA(w, h), sizeof(struct pixel));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: count 'AREA(w, h)' of 'calloc' can overflow ('(w) * (h)' is computed in 'uint32_t') before 'calloc' checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :24:76: note: '(w)' can be as large as this
  // CHECK-NOTES: :[[@LINE-3]]:10: note: no fix: 'calloc' checks the multiplication of its two arguments, not one inside an argument; check '(w) * (h)' before the call
  // CHECK-FIXES: return calloc(AREA(w, h), sizeof(struct pixel));
}

/* Negative: the area is limited first. */
struct pixel *limited(const uint8_t *hdr) {
  uint32_t width = header_u32(hdr), height = header_u32(hdr + 4);
  if (width > 16384 || height > 16384)
    return NULL;
  return calloc(width * height, sizeof(struct pixel));
}

/* Negative: computed in size_t from 32-bit factors, as the fix writes it. */
struct pixel *widened(const uint8_t *hdr) {
  uint32_t width = header_u32(hdr), height = header_u32(hdr + 4);
  return calloc((size_t)width * height, sizeof(struct pixel));
}

/* Negative: 16-bit factors in a 32-bit unsigned product fit. */
struct pixel *small_sides(const uint8_t *hdr) {
  uint32_t width = header_u32(hdr) & 0xffff, height = header_u32(hdr + 4) >> 16;
  return calloc(width * height, sizeof(struct pixel));
}

/* Negative: the array form used as meant, and a constant product. */
struct pixel *as_meant(const char *a) {
  size_t n = strtoull(a, NULL, 10);
  return calloc(n, 2 * sizeof(struct pixel));
}

/* Negative: a count of unknown origin measures memory (the default
   level). */
double *from_caller(size_t n) { return calloc(n * 2, sizeof(double)); }

#elif defined(STRICT)
/* Sizes of a grid the caller hands over. */
struct grid {
  size_t rows, cols;
  uint32_t width, height;
  uint8_t depth, planes;
};

/* Positive at every level: two 64-bit counts that nothing bounds; the
   64-bit factors get no fix. */
double *strict_matrix(const struct grid *g) {
  return calloc(g->rows * g->cols, sizeof(double));
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:10: warning: count 'g->rows * g->cols' of 'calloc' can overflow before 'calloc' checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-STRICT: return calloc(g->rows * g->cols, sizeof(double));
}

/* Positive at every level, with the fix: 32-bit factors multiplied in
   32 bits. */
struct pixel *strict_area(const struct grid *g) {
  return calloc(g->width * g->height, sizeof(struct pixel));
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:10: warning: count 'g->width * g->height' of 'calloc' can overflow ('g->width * g->height' is computed in 'uint32_t') before 'calloc' checks the multiplication; use '(size_t)g->width * g->height', which computes it in 'size_t' [calloc-unchecked-multiplication]
  // CHECK-FIXES-STRICT: return calloc((size_t)g->width * g->height, sizeof(struct pixel));
}

/* Positive at the strict level only: one 64-bit count times 2, which the
   default takes for a count of things in memory; no fix for 64 bits. */
double *strict_pairs(const struct grid *g) {
  return calloc(g->rows * 2, sizeof(double));
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:10: warning: count 'g->rows * 2' of 'calloc' is not checked for overflow [calloc-unchecked-multiplication]
  // CHECK-FIXES-STRICT: return calloc(g->rows * 2, sizeof(double));
}

/* Positive at the strict level only: two 8-bit factors, whose product
   fits in int, so no widening fix either. */
struct pixel *strict_layers(const struct grid *g) {
  return calloc(g->depth * g->planes, sizeof(struct pixel));
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:10: warning: count 'g->depth * g->planes' of 'calloc' is not checked for overflow [calloc-unchecked-multiplication]
  // CHECK-FIXES-STRICT: return calloc(g->depth * g->planes, sizeof(struct pixel));
}

/* Negative at the strict level: guarded by a division. */
double *strict_guarded(const struct grid *g) {
  if (g->cols && g->rows > SIZE_MAX / g->cols)
    return NULL;
  return calloc(g->rows * g->cols, sizeof(double));
}

/* Negative at the strict level: the array form used as meant. */
double *strict_as_meant(const struct grid *g) {
  return calloc(g->rows, sizeof(double));
}

#else
typedef unsigned gfp_t;
void *kmalloc(size_t size, gfp_t flags);
void *kmalloc_array(size_t n, size_t size, gfp_t flags);
void *kcalloc(size_t n, size_t size, gfp_t flags);

/* Positive: the kernel's zeroing array form, the area in 32 bits. */
struct pixel *kernel_image(const uint8_t *hdr) {
  uint32_t w = header_u32(hdr), h = header_u32(hdr + 4);
  return kcalloc(w * h, sizeof(struct pixel), 0u);
  // CHECK-MESSAGES-KERNEL: :[[@LINE-1]]:10: warning: count 'w * h' of 'kcalloc' can overflow ('w * h' is computed in 'uint32_t') before 'kcalloc' checks the multiplication; use '(size_t)w * h', which computes it in 'size_t' [calloc-unchecked-multiplication]
  // CHECK-FIXES-KERNEL: return kcalloc((size_t)w * h, sizeof(struct pixel), 0u);
}

/* Positive: the C library's calloc is not configured here, but discovery
   takes it for a calloc-like function by its name and type. */
struct pixel *libc_image(const uint8_t *hdr) {
  uint32_t w = header_u32(hdr), h = header_u32(hdr + 4);
  return calloc(w * h, sizeof(struct pixel));
  // CHECK-MESSAGES-KERNEL: :[[@LINE-1]]:10: warning: count 'w * h' of 'calloc' can overflow ('w * h' is computed in 'uint32_t') before 'calloc' checks the multiplication; use '(size_t)w * h', which computes it in 'size_t' [calloc-unchecked-multiplication]
  // CHECK-FIXES-KERNEL: return calloc((size_t)w * h, sizeof(struct pixel));
}
#endif
