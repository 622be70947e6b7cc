// A test of a product that the product can pass after it wrapped does not
// count, and the finding says where that test is: `c * b > MAX / s` with
// c * b unbounded (c = b = 2^32 make it 0), `overflow2(w * h, 4)` with
// w * h unbounded. No such note where the test saw a product that could
// not wrap, or where a value changed after the test.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int overflow2(int a, int b);

void *frames(size_t channels, size_t bytes, size_t count) {
  if (count == 0 || channels * bytes > SIZE_MAX / count)
    return NULL;
  return malloc(channels * bytes * count);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'channels * bytes * count' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-4]]:21: note: 'channels * bytes' is tested here, but it can overflow before the test sees it
  // CHECK-NOTES: :[[@LINE-3]]:10: note: no fix: no split of the factors into a count and a size is itself free of overflow
}

unsigned char *pixels(int w, int h) {
  if (overflow2(w * h, 4))
    return NULL;
  return malloc(w * h * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'w * h * 4' can overflow ('w * h' is computed in 'int'); use 'calloc(w, (size_t)h * 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-4]]:17: note: 'w * h' is tested here, but it can overflow before the test sees it
  // CHECK-FIXES: return calloc(w, (size_t)h * 4);
}

unsigned char *volume
(int w, int h, int d) {
  if (overflow2(w * h, d))
    return NULL;
  return malloc(w * h * d);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'w * h * d' can overflow ('w * h' is computed in 'int'); use 'calloc(w, (size_t)h * d)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-4]]:17: note: 'w * h' is tested here, but it can overflow before the test sees it
  // CHECK-FIXES: return calloc(w, (size_t)h * d);
}

/* No note: the value changed after the test. */
unsigned char *pixels_changed(int w, int h) {
  if (overflow2(w * h, 4))
    return NULL;
  h = h + 1;
  return malloc(w * h * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'w * h * 4' can overflow ('w * h' is computed in 'int'); use 'calloc(w, (size_t)h * 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: h = h + 1;
  // CHECK-FIXES-NEXT: return calloc(w, (size_t)h * 4);
}

/* No note: on one path only. */
unsigned char *pixels_one_path(int w, int h, int checked) {
  if (checked && overflow2(w * h, 4))
    return NULL;
  return malloc(w * h * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'w * h * 4' can overflow ('w * h' is computed in 'int'); use 'calloc(w, (size_t)h * 4)', which checks the multiplication [calloc-unchecked-multiplication]
}

/* Negative: the pair is tested first, so the second test saw the real
   product. */
unsigned char *pixels_paired(int w, int h) {
  if (overflow2(w, h) || overflow2(w * h, 4))
    return NULL;
  return malloc(w * h * 4);
}

/* No note: the test is of c * b times s, the allocation multiplies it by
   t, so the test is no reason given for this product. */
void *other_factor(size_t c, size_t b, size_t s, size_t t) {
  if (s == 0 || c * b > SIZE_MAX / s)
    return NULL;
  return malloc(c * b * t);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'c * b * t' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: no fix: no split of the factors into a count and a size is itself free of overflow
}

/* No note: the divisor changed after the test. */
void *partner_changed(size_t c, size_t b, size_t s, size_t big) {
  if (s == 0 || c * b > SIZE_MAX / s)
    return NULL;
  s = big;
  return malloc(c * b * s);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'c * b * s' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: no fix: no split of the factors into a count and a size is itself free of overflow
}

/* A smaller constant than the tested one: the test would have bounded it. */
unsigned char *pixels_rgb(int w, int h) {
  if (overflow2(w * h, 4))
    return NULL;
  return malloc(w * h * 3);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'w * h * 3' can overflow ('w * h' is computed in 'int'); use 'calloc(w, (size_t)h * 3)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-4]]:17: note: 'w * h' is tested here, but it can overflow before the test sees it
  // CHECK-FIXES: return calloc(w, (size_t)h * 3);
}
