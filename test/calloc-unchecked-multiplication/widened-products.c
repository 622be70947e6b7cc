// A local as wide as the size that is given a narrow product, widened as it
// is stored (zbar's converters: `dstn = dst->width * dst->height;` in
// unsigned, stored in an unsigned long, then `datalen = dstn * bpp;`): the
// product wraps before it is widened, so the size is short whatever is done
// with it in 64 bits. No fix: the product to rewrite is not in the call.
// Negatives: the product guarded, computed wide, or of values that fit.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <limits.h>
#include <stdlib.h>

struct image {
  unsigned width, height;
  unsigned long datalen;
  void *data;
};

void read_as_factor(struct image *dst, unsigned bpp) {
  unsigned long dstn = dst->width * dst->height;
  dst->data = malloc(dstn * bpp);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: allocation size 'dstn * bpp' can overflow ('dst->width * dst->height' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

void through_field(struct image *dst, unsigned bpp) {
  unsigned long dstn = dst->width * dst->height;
  dst->datalen = dstn * bpp;
  dst->data = malloc(dst->datalen);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: allocation size 'dst->datalen' can overflow ('dst->width * dst->height' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

void through_local(struct image *dst) {
  unsigned long n = dst->width * dst->height;
  unsigned long len = n * 3;
  dst->data = malloc(len);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: allocation size 'len' can overflow ('dst->width * dst->height' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* The chroma planes' product fits (the function returns an unsigned
   product widened to unsigned long), but the luma size read beside it
   wrapped in 32 bits. */
static unsigned long planes(const struct image *i) {
  return (i->width >> 1) * (i->height >> 1);
}

void beside_a_fitting_product(struct image *dst) {
  unsigned long dstn;
  dstn = dst->width * dst->height;
  dst->datalen = dstn + planes(dst) * 2;
  dst->data = malloc(dst->datalen);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: allocation size 'dst->datalen' can overflow ('dst->width * dst->height' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* The same one step behind the size's holder when the local keeps the
   product in its own narrow type: the wrap is the same. */
void narrow_behind_local(struct image *dst) {
  unsigned n = dst->width * dst->height;
  unsigned long len = n * 3UL;
  dst->data = malloc(len);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: allocation size 'len' can overflow ('dst->width * dst->height' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Negative: the narrow product is checked before it is computed. */
void guarded(struct image *dst) {
  if (dst->height && dst->width > UINT_MAX / dst->height)
    return;
  unsigned long n = dst->width * dst->height;
  unsigned long len = n * 3;
  dst->data = malloc(len);
}

/* Negative: computed in 64 bits from the start. */
void computed_wide(struct image *dst) {
  unsigned long n = (unsigned long)dst->width * dst->height;
  unsigned long len = n * 3;
  dst->data = malloc(len);
}

/* Positive: two 16-bit values multiply in int, and 65535 * 65535 is past
   INT_MAX. */
void short_factors(unsigned short w, unsigned short h, void **out) {
  unsigned long n = w * h;
  *out = malloc(n * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * 4' can overflow ('w * h' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Negative: two 8-bit values multiply in int without wrapping. */
void small_factors(unsigned char w, unsigned char h, void **out) {
  unsigned long n = w * h;
  *out = malloc(n * 4);
}
