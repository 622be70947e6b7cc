// A guard in a helper of this file: `if (!size_ok(n, size)) return NULL;`
// where size_ok returns nonzero only when n * size is bounded (libwebp's
// CheckSizeArgumentsOverflow). The check reads the helper with the guard
// dataflow: every return of a value other than 0 must be reached only
// where the product of two parameters is bounded (or one of them is 0),
// and neither parameter may be changed in the helper. Negative: helpers
// of that shape. Positive: helpers that miss a path, change a parameter,
// or get an argument narrowed on the way in, and callers that ignore the
// answer.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define MAX_ALLOC ((uint64_t)1 << 34)

/* The libwebp shape: 0 is fine, then a division guard. */
static int size_ok(uint64_t n, size_t size) {
  const uint64_t total = n * size;
  if (n == 0)
    return 1;
  if ((uint64_t)size > MAX_ALLOC / n)
    return 0;
  if (total >= MAX_ALLOC)
    return 0;
  return 1;
}

/* Negative: the helper's answer is tested before the call. */
void *safe_malloc(uint64_t n, size_t size) {
  void *p;
  if (!size_ok(n, size))
    return NULL;
  p = malloc((size_t)(n * size));
  return p;
}

/* Negative: the same with the test written `== 0`, and the arguments in
   the other order at the product. */
void *safe_malloc_eq(uint64_t n, size_t size) {
  if (size_ok(n, size) == 0)
    return NULL;
  return malloc((size_t)(size * n));
}

/* Negative: a helper that returns a truth value from the comparison. */
static int fits(size_t count, size_t width) {
  return count != 0 && width <= SIZE_MAX / count;
}

void *alloc_fits(size_t count, size_t width) {
  if (!fits(count, width))
    return NULL;
  return malloc(count * width);
}

/* Positive: the helper says yes on a path that checks nothing. */
static int size_ok_lax(size_t n, size_t size, int trusted) {
  if (trusted)
    return 1;
  if (size > SIZE_MAX / n)
    return 0;
  return 1;
}

void *lax_malloc(size_t n, size_t size, int trusted) {
  if (!size_ok_lax(n, size, trusted))
    return NULL;
  return malloc(n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow; use 'calloc(n, size)'
  // CHECK-FIXES: return calloc(n, size);
}

/* Positive: the helper changes a parameter before it tests it. */
static int size_ok_rounded(size_t n, size_t size) {
  size = (size + 7) & ~(size_t)7;
  if (size > SIZE_MAX / n)
    return 0;
  return 1;
}

void *rounded_malloc(size_t n, size_t size) {
  if (!size_ok_rounded(n, size))
    return NULL;
  return malloc(n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow; use 'calloc(n, size)'
  // CHECK-FIXES: return calloc(n, size);
}

/* Positive: the argument is narrowed on its way to the parameter, so the
   helper tested another value. */
static int fits32(uint32_t count, uint32_t width) {
  return count != 0 && width <= UINT32_MAX / count;
}

void *narrowed(size_t count, size_t width) {
  if (!fits32(count, width))
    return NULL;
  return malloc(count * width);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * width' can overflow; use 'calloc(count, width)'
  // CHECK-FIXES: return calloc(count, width);
}

/* Positive: the answer is used the wrong way round. */
void *inverted(size_t count, size_t width) {
  if (fits(count, width))
    return NULL;
  return malloc(count * width);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * width' can overflow; use 'calloc(count, width)'
  // CHECK-FIXES: return calloc(count, width);
}

/* Positive: another product is checked than the one allocated. */
void *other_pair(size_t count, size_t width, size_t extra) {
  if (!fits(count, extra))
    return NULL;
  return malloc(count * width);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * width' can overflow; use 'calloc(count, width)'
  // CHECK-FIXES: return calloc(count, width);
}

/* Negative: a helper declared here but defined elsewhere cannot be read;
   its word is taken (opaque-tests.c). */
int external_ok(size_t n, size_t size);

void *external(size_t n, size_t size) {
  if (!external_ok(n, size))
    return NULL;
  return malloc(n * size);
}

/* Positive: a weak helper may be replaced by another definition at link
   time, so what this one checks proves nothing. */
__attribute__((weak)) int weak_ok(size_t n, size_t size) {
  return n != 0 && size <= SIZE_MAX / n;
}

void *weak_checked(size_t n, size_t size) {
  if (!weak_ok(n, size))
    return NULL;
  return malloc(n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow; use 'calloc(n, size)'
  // CHECK-FIXES: return calloc(n, size);
}
