// Calls that never return, though nothing declares them noreturn: a
// function defined in this file, without a `return`, whose body ends on
// every branch in a call that never returns (exit, longjmp, or another
// such function). A guard whose failing branch calls one leaves there, and
// a helper that calls one unless a product fits bounds that product
// wherever it returns, so its callers need no test of their own (netpbm's
// overflow2 before malloc2). Negative: those shapes. Positive: helpers
// that may return after all (a `return`, an `if` without `else`, a weak
// or cyclic definition, an argument narrowed on the way in) and checking
// helpers that miss a path.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <limits.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf *handler;

/* Both branches leave: longjmp and exit are declared noreturn. */
static void jump_out(void) {
  if (handler)
    longjmp(*handler, 1);
  else
    exit(1);
}

/* Ends in a call of jump_out, which never returns. */
void fail(const char *why) {
  fputs(why, stderr);
  jump_out();
}

/* Returns only where a * b fits an int: the other paths call fail. */
void check_product(int a, int b) {
  if (a < 0 || b < 0)
    fail("negative size");
  if (b == 0)
    return;
  if (a > INT_MAX / b)
    fail("object too large");
}

/* Negative: the guard's failing branch calls a function that never
   returns, though it is not declared so. */
void *guarded_by_fail(int n, int size) {
  if (n < 0 || size <= 0 || n > INT_MAX / size)
    fail("too large");
  return malloc(n * size);
}

/* Negative: the helper returns only where the product fits. */
void *checked_alloc(int a, int b) {
  check_product(a, b);
  return malloc(a * b);
}

/* Negative: the same for a reallocation. */
void *checked_realloc(void *p, int count, int size) {
  check_product(count, size);
  return realloc(p, count * size);
}

/* Positive: the error function may return (a quiet mode), so past the
   test nothing bounds the product. */
static int quiet;
static void fail_unless_quiet(const char *why) {
  if (quiet)
    return;
  fputs(why, stderr);
  exit(1);
}

void *guarded_by_quiet(int n, int size) {
  if (n < 0 || size <= 0 || n > INT_MAX / size)
    fail_unless_quiet("too large");
  return malloc(n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow ('n * size' is computed in 'int'); use 'calloc(n, size)'
  // CHECK-FIXES: return calloc(n, size);
}

/* Positive: an `if` without `else` may fall through to the end. */
static void maybe_exit(int code) {
  if (code)
    exit(code);
}

void *guarded_by_maybe(int n, int size) {
  if (n < 0 || size <= 0 || n > INT_MAX / size)
    maybe_exit(0);
  return malloc(n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow ('n * size' is computed in 'int'); use 'calloc(n, size)'
  // CHECK-FIXES: return calloc(n, size);
}

/* Positive: a weak definition may be replaced by one that returns. */
__attribute__((weak)) void weak_fail(void) { exit(1); }

void *guarded_by_weak(int n, int size) {
  if (n < 0 || size <= 0 || n > INT_MAX / size)
    weak_fail();
  return malloc(n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow ('n * size' is computed in 'int'); use 'calloc(n, size)'
  // CHECK-FIXES: return calloc(n, size);
}

/* Positive: two functions that end in each other are not followed round
   the cycle; they are taken to return. */
static void ping(int depth);
static void pong(int depth) { ping(depth + 1); }
static void ping(int depth) { pong(depth + 1); }

void *guarded_by_cycle(int n, int size) {
  if (n < 0 || size <= 0 || n > INT_MAX / size)
    ping(0);
  return malloc(n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow ('n * size' is computed in 'int'); use 'calloc(n, size)'
  // CHECK-FIXES: return calloc(n, size);
}

/* Positive: a checking helper that only reports, and returns. */
static void check_and_warn(int a, int b) {
  if (b != 0 && a > INT_MAX / b)
    fputs("too large\n", stderr);
}

void *warned_alloc(int a, int b) {
  check_and_warn(a, b);
  return malloc(a * b);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'a * b' can overflow ('a * b' is computed in 'int'); use 'calloc(a, b)'
  // CHECK-FIXES: return calloc(a, b);
}

/* Positive: the helper tests a product of int parameters, but the
   arguments are narrowed on the way in, so it tested other values. */
void *narrowed_alloc(long a, long b) {
  check_product(a, b);
  return malloc(a * b);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'a * b' can overflow; use 'calloc(a, b)'
  // CHECK-FIXES: return calloc(a, b);
}

/* Positive: the helper checks one pair, the allocation multiplies
   another. */
void *other_product(int a, int b, int c) {
  check_product(a, b);
  return malloc(a * c);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'a * c' can overflow ('a * c' is computed in 'int'); use 'calloc(a, c)'
  // CHECK-FIXES: return calloc(a, c);
}

/* Positive: the helper's check is made before the factor changes. */
void *changed_after(int a, int b) {
  check_product(a, b);
  a = a + 1;
  return malloc(a * b);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'a * b' can overflow ('a * b' is computed in 'int'); use 'calloc(a, b)'
  // CHECK-FIXES: return calloc(a, b);
}

/* Positive: the helper checks the values it gets, then changes what the
   caller multiplies: a field of the object it gets a pointer to, a
   global, a local whose address it gets. */
#define TOO_BIG(a, b) ((a) < 0 || (b) <= 0 || (a) > INT_MAX / (b))
struct image { int w, h; };

static void check_then_widen(int w, int h, struct image *im) {
  if (TOO_BIG(w, h))
    abort();
  im->w = 100000;
}

void *image_pixels(struct image *im) {
  check_then_widen(im->w, im->h, im);
  return malloc(im->w * im->h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'im->w * im->h' can overflow ('im->w * im->h' is computed in 'int'); use 'calloc(im->w, im->h)'
  // CHECK-FIXES: return calloc(im->w, im->h);
}

int width, height;

static void check_then_set(int a, int b) {
  if (TOO_BIG(a, b))
    abort();
  width = 100000;
}

void *global_pixels(void) {
  check_then_set(width, height);
  return malloc(width * height);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'width * height' can overflow ('width * height' is computed in 'int'); use 'calloc(height, width)'
  // CHECK-FIXES: return calloc(height, width);
}

static void check_then_store(int a, int b, int *out) {
  if (TOO_BIG(a, b))
    abort();
  *out = 100000;
}

void *stored_pixels(int w, int h) {
  check_then_store(w, h, &w);
  return malloc(w * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h' can overflow ('w * h' is computed in 'int'); use 'calloc(w, h)'
  // CHECK-FIXES: return calloc(w, h);
}
