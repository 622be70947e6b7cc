// A guard that divides a limit by one factor and compares the other,
// `if (w != 0 && h > INT_MAX / w) fail;`, is written for sizes: past it,
// both are read as not negative (as the divisor already was, and as an
// opaque test of two sizes is), and the path where w is 0 has a product of
// 0 whatever h is. libcaca's canvas resize is this shape.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* Negative: the int product, stored, then widened. */
int resize(uint32_t **chars, int width, int height) {
  if (width != 0 && height > INT_MAX / width)
    return -1;
  int cells = width * height;
  uint32_t *p = realloc(*chars, cells * sizeof(uint32_t));
  if (!p)
    return -1;
  *chars = p;
  return 0;
}

/* Negative: the same guard, the product in the size. */
void *area(int width, int height) {
  if (width != 0 && height > INT_MAX / width)
    return NULL;
  return malloc(width * height);
}

/* Positive: a cap on one factor alone leaves the other free. */
void *capped(int width, int height) {
  if (width > 4096)
    return NULL;
  return malloc(width * height);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'width * height' can overflow ('width * height' is computed in 'int'); use 'calloc(height, width)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(height, width);
}
