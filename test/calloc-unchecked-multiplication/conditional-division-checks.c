// A product checked by division in the condition of the conditional that
// computes it (libtiff's TIFFSafeMultiply after CVE-2012-1173:
// `m != 0 && (v * m) / m == v ? v * m : 0`): where the condition holds, the
// product did not wrap, and neither the product in the check nor the one
// in the branch it guards is reported. A division that checks another
// product, or a branch that the check does not guard, is no check.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stdlib.h>

typedef int tsize_t;
#define SafeMultiply(t, v, m)                                                  \
  ((((t)(m) != (t)0) && (((t)(((v) * (m)) / (m))) == (t)(v))) ? (t)((v) * (m)) \
                                                                : (t)0)

/* Negative: the fixed libtiff shape. */
void *tile_buffer(int alpha, tsize_t tilesize) {
  tsize_t bufsize = SafeMultiply(tsize_t, alpha ? 4 : 3, tilesize);
  if (bufsize == 0)
    return NULL;
  return malloc(bufsize);
}

/* Negative: the check written out, the factors the other way round. */
void *rows(int n, int width) {
  int size = n != 0 && (width * n) / n == width ? width * n : 0;
  return malloc(size);
}

/* Positive: the condition only tests for zero. */
void *tile_buffer_unchecked(int alpha, tsize_t tilesize) {
  tsize_t bufsize = tilesize != 0 ? (alpha ? 4 : 3) * tilesize : 0;
  return malloc(bufsize);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'bufsize' can overflow ('(alpha ? 4 : 3) * tilesize' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: the division checks the product against another value. */
void *rows_wrong_check(int n, int width, int other) {
  int size = n != 0 && (width * n) / n == other ? width * n : 0;
  return malloc(size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'size' can overflow ('width * n' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: the checked product is in the branch the check does not
   guard. */
void *rows_wrong_branch(int n, int width) {
  int size = n != 0 && (width * n) / n == width ? 0 : width * n;
  return malloc(size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'size' can overflow ('width * n' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}
