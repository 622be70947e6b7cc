// A product computed in a wide type and stored in a narrower variable is
// cut to that variable's width where it is stored, although the
// multiplication itself does not wrap: `UINT16 count = number * 2;` (the
// shape of FreeRDP's CVE-2018-8786), `int size = header + channels * 42;`
// in size_t (libsndfile's CVE-2011-2696). The size the code then allocates
// from the variable is short. No fix: the code reads the cut value as its
// count, and allocating the whole product would only hide that.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct rect {
  int left, top, right, bottom;
};

/* Positive: twice a 16-bit count, computed in unsigned, kept in 16 bits. */
struct rect *rectangles(void *p, uint16_t number) {
  uint16_t count = number * 2u;
  return realloc(p, sizeof(struct rect) * count);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'sizeof(struct rect) * count' can overflow ('number * 2u' is stored in 'uint16_t') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:27: note: 'count' is computed here as 'number * 2u'
  // CHECK-NOTES: :[[@LINE-3]]:10: note: no fix: 'number * 2u' is cut to 'uint16_t' where it is stored; keep it in a type that holds it
}

/* Positive: a size computed in size_t and kept in int. */
void *codec_state(int channels) {
  int size = sizeof(struct rect) + channels * (32 + 10 * sizeof(int));
  return malloc(size);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'size' can overflow ('channels * (32 + 10 * sizeof(int))' is stored in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:34: note: 'size' is computed here as 'sizeof(struct rect) + channels * (32 + 10 * sizeof(int))'
  // CHECK-NOTES: :[[@LINE-4]]:45: note: 'channels * (32 + 10 * sizeof(int))' is the product that can overflow
  // CHECK-NOTES: :[[@LINE-4]]:10: note: no fix: 'channels * (32 + 10 * sizeof(int))' is cut to 'int' where it is stored; keep it in a type that holds it
}

/* Negative: twice an 8-bit count fits 16 bits. */
struct rect *few_rectangles(uint8_t number) {
  uint16_t count = number * 2u;
  return malloc(sizeof(struct rect) * count);
}

/* Negative: a limit on the channels keeps the size within int. */
void *bounded_state(int channels) {
  if (channels < 1 || channels > 64)
    return NULL;
  int size = sizeof(struct rect) + channels * (32 + 10 * sizeof(int));
  return malloc(size);
}

/* Negative: the stored variable is as wide as the product. */
void *wide_state(size_t channels) {
  size_t size = sizeof(struct rect) + channels * 72;
  return malloc(size);
}
