// A test of the two factors by a function defined in another file, whose
// failing branch leaves: `if (overflow2(w, h)) return NULL;` (libgd's
// gd_security.c), `if (!mul_ok(n, size)) goto fail;`. The check cannot
// read the test and takes its word: past the `if`, the product of the two
// fits the wider of the test's parameter types. Positive: the branch does
// not leave, an argument is narrowed on the way in, the test is of other
// values, takes three integers, or is defined in this file and tests
// nothing (checked-helpers.c reads those). Tests joined by `||` in a
// condition whose branch leaves each count past the test they follow, when
// the condition starts with them.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>

int overflow2(int a, int b);
int mul_ok(size_t n, size_t size);
int range_ok(size_t n, size_t size, size_t limit);
void note_size(int a, int b);

/* Negative: the libgd shape, an int product. */
int *pixels(int w, int h) {
  if (overflow2(w, h))
    return NULL;
  return malloc((size_t)(w * h) * sizeof(int));
}

/* Negative: the compound first operand, then the whole stored product. */
struct image {
  int width, height, depth;
};

int *planes(struct image *im) {
  if (overflow2(im->width, im->height))
    return NULL;
  if (overflow2(im->width * im->height, im->depth))
    return NULL;
  int bytes = (im->width * im->height) * im->depth;
  return malloc((size_t)bytes * sizeof(int));
}

/* Negative: the test's answer negated, a goto, and == 0. */
void *table(size_t n, size_t size) {
  void *p = NULL;
  if (!mul_ok(n, size))
    goto fail;
  p = malloc(n * size);
fail:
  return p;
}

void *table_eq(size_t n, size_t size) {
  if (mul_ok(size, n) == 0)
    return NULL;
  return malloc(n * size);
}

/* Positive: only the first factor pair is tested; the depth is not. */
int *planes_half(struct image *im) {
  if (overflow2(im->width, im->height))
    return NULL;
  int bytes = (im->width * im->height) * im->depth;
  return malloc((size_t)bytes * sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(size_t)bytes * sizeof(int)' can overflow ('(im->width * im->height) * im->depth' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: the branch does not leave. */
int *pixels_logged(int w, int h) {
  if (overflow2(w, h))
    note_size(w, h);
  return malloc((size_t)(w * h) * sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(size_t)(w * h) * sizeof(int)' can overflow ('w * h' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: size_t values narrowed to int on the way in. */
void *narrowed(size_t n, size_t size) {
  if (overflow2(n, size))
    return NULL;
  return malloc(n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow; use 'calloc(n, size)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, size);
}

/* Positive: a test of other values. */
void *other_values(size_t n, size_t size, size_t m) {
  if (!mul_ok(m, size))
    return NULL;
  return malloc(n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow; use 'calloc(n, size)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, size);
}

/* Positive: three integers; which two it multiplies is not known. */
void *three(size_t n, size_t size) {
  if (!range_ok(n, size, 1024))
    return NULL;
  return malloc(n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow; use 'calloc(n, size)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, size);
}

/* Positive: a test this file defines, which tests nothing. */
static int looks_ok(size_t n, size_t size) { return n != size; }

void *local_test(size_t n, size_t size) {
  if (!looks_ok(n, size))
    return NULL;
  return malloc(n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow; use 'calloc(n, size)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, size);
}

/* Negative: a constant argument (libgd's gd_webp.c after CVE-2016-7568):
   `overflow2(w, 4)` says w * 4 fits, so the int product w * 4 does not
   wrap, and the second test bounds it times h. */
unsigned char *argb(int w, int h) {
  if (overflow2(w, 4))
    return NULL;
  if (overflow2(w * 4, h))
    return NULL;
  return malloc(w * 4 * h);
}

/* Positive: the second test alone, which cannot see w * 4 wrap first. */
unsigned char *argb_unchecked(int w, int h) {
  if (overflow2(w * 4, h))
    return NULL;
  return malloc(w * 4 * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * 4 * h' can overflow ('w * 4' is computed in 'int'); use 'calloc(w, (size_t)h * 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(w, (size_t)h * 4);
}

/* Negative: an unsigned argument as wide as the int parameter. A value
   above INT_MAX arrives negative, which the test refuses, so the values
   that pass are the ones tested (libgd's _gdContributionsAlloc). */
void *unsigned_pair(unsigned n, unsigned size) {
  if (overflow2(n, size))
    return NULL;
  return malloc(n * size);
}

/* Negative: a constant argument the int parameter holds unchanged. */
unsigned *unsigned_scaled(unsigned n) {
  if (overflow2(n, sizeof(unsigned)))
    return NULL;
  return malloc(n * (unsigned)sizeof(unsigned));
}

/* Positive: an unsigned long is wider than the int parameter: cut, not
   only made negative. */
void *wide_unsigned(unsigned long n, unsigned size) {
  if (overflow2(n, size))
    return NULL;
  return malloc((unsigned)n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(unsigned)n * size' can overflow ('(unsigned)n * size' is computed in 'unsigned int'); use 'calloc((unsigned)n, size)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc((unsigned)n, size);
}

/* Positive: an unsigned compound argument may have wrapped before the
   test saw it (65537 * 65536 is 65536 in 32 bits). */
void *unsigned_compound(unsigned w, unsigned h, unsigned d) {
  if (overflow2(w * h, d))
    return NULL;
  return malloc(w * h * d);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h * d' can overflow ('w * h' is computed in 'unsigned int'); use 'calloc(w, (size_t)h * d)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(w, (size_t)h * d);
}

/* Negative: the tests joined by `||` in one condition whose branch leaves
   (libgd's gd_nnquant.c): past it, every test gave 0. The second test
   passes a compound and a constant; the first keeps the compound from
   wrapping, so the second bounds w * h * 4. */
unsigned char *rgba(int w, int h) {
  if (overflow2(w, h) || overflow2(w * h, 4))
    return NULL;
  return malloc(w * h * 4);
}

/* Negative: a smaller constant than the one tested. */
unsigned char *rgb(int w, int h) {
  if (overflow2(w, h) || overflow2(w * h, 4))
    return NULL;
  return malloc(w * h * 3);
}

/* Negative: the allocation inside the condition, after the test it follows
   (libgd's gd_png.c). */
unsigned char *row(int width, int channels) {
  unsigned char *p;
  if (overflow2(width, channels) || (p = malloc(width * channels)) == NULL)
    return NULL;
  return p;
}

/* Negative: three disjuncts, parenthesized either way; a test of another
   kind after the last test of sizes does not change what they mean. */
void *volume(int w, int h, int d) {
  if (overflow2(w, h) || (overflow2(w * h, d) || d < 1))
    return NULL;
  return malloc(w * h * d);
}

/* Positive: a condition that starts with tests of other kinds reads as a
   validation chain, in which a call of two integers may test anything
   (`in_bounds(x, y)`): it does not count. */
void *validated(int *ctx, int w, int h) {
  if (!ctx || w < 1 || overflow2(w, h))
    return NULL;
  return malloc(w * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h' can overflow ('w * h' is computed in 'int'); use 'calloc(w, h)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(w, h);
}

/* Positive: `overflow2(w * h, d)` when `w * h` can wrap passes a wrapped
   value (w = 137, h = 125400505 make it 1), so it bounds no grouping of
   the three factors. */
void *volume_regrouped(int w, int h, int d) {
  if (overflow2(w * h, d))
    return NULL;
  return malloc((size_t)w * d * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(size_t)w * d * h' can overflow; use 'calloc((size_t)w, (size_t)d * h)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc((size_t)w, (size_t)d * h);
}

/* Positive: the same with an unsigned test of size_t operands: w = h =
   2^32 make `w * h` 0, which passes. */
int mul_ok2(size_t n, size_t size);
void *planes_unsigned(size_t w, size_t h, size_t d) {
  if (!mul_ok2(w * h, d))
    return NULL;
  return malloc(w * h * d);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h * d' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: a larger constant than the one tested. */
unsigned char *rgba_wide(int w, int h) {
  if (overflow2(w, h) || overflow2(w * h, 4))
    return NULL;
  return malloc(w * h * 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h * 8' can overflow ('w * h * 8' is computed in 'int'); use 'calloc(w, (size_t)h * 8)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(w, (size_t)h * 8);
}

/* Positive: the compound test alone, which cannot see w * h wrap first. */
unsigned char *rgba_unpaired(int w, int h) {
  if (overflow2(w * h, 4))
    return NULL;
  return malloc(w * h * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h * 4' can overflow ('w * h' is computed in 'int'); use 'calloc(w, (size_t)h * 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(w, (size_t)h * 4);
}

/* Positive: joined by `&&`, the branch leaves only when both hold; past
   it, the test may have failed. */
void *both_needed(int w, int h) {
  if (overflow2(w, h) && w > 10)
    return NULL;
  return malloc(w * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h' can overflow ('w * h' is computed in 'int'); use 'calloc(w, h)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(w, h);
}

/* Positive: a branch that does not leave. */
void *goes_on(int w, int h) {
  if (overflow2(w, h) || w > 10)
    w = 1;
  return malloc(w * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h' can overflow ('w * h' is computed in 'int'); use 'calloc(w, h)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(w, h);
}

/* Positive: a factor changes after the tests. */
unsigned char *rgba_changed(int w, int h) {
  if (overflow2(w, h) || overflow2(w * h, 4))
    return NULL;
  h = h + 1;
  return malloc(w * h * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h * 4' can overflow ('w * h' is computed in 'int'); use 'calloc(w, (size_t)h * 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(w, (size_t)h * 4);
}
