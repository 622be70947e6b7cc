// Guards on a compound count (`n + 1`, `a + b`), the same through a macro
// that checks before it allocates, a guard with a margin, a signed divisor,
// and string lengths bounded by the size of the object they measure (the
// signed guard compares as CPython does, hence -Wno-sign-compare). Each
// silences only the product it bounds; near misses still warn.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t -- -- -Wno-sign-compare

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

struct item {
  long key, value;
};

/* `if (n + 1 > MAX / sizeof(T))` bounds `(n + 1) * sizeof(T)`. */
struct item *with_sentinel(size_t n) {
  if (n + 1 > SIZE_MAX / sizeof(struct item))
    return NULL;
  return malloc((n + 1) * sizeof(struct item));
}

/* The same guard, written by a macro that checks before it allocates. */
typedef long ssize_type;
#define SSIZE_MAX_ ((ssize_type)(SIZE_MAX >> 1))
#define NEW_ARRAY(type, n)                                                     \
  ((size_t)(n) > SSIZE_MAX_ / sizeof(type) ? NULL                              \
                                           : (type *)malloc((n) * sizeof(type)))
struct item *through_macro(size_t n) { return NEW_ARRAY(struct item, n + 1); }

/* A sum checked as a whole against a variable element size. */
void *joined(size_t a, size_t b, size_t size) {
  if (a + b > SIZE_MAX / size)
    return NULL;
  return malloc((a + b) * size);
}

/* A margin: `len > MAX / width - 1` leaves room for one more. */
void *with_margin(size_t len, size_t width) {
  if (len > SIZE_MAX / width - 1)
    return NULL;
  return malloc((len + 1) * width);
}

/* A signed element size: the guard is written for a positive one. */
void *signed_size(size_t n, int itemsize) {
  if (n > SSIZE_MAX_ / itemsize)
    return NULL;
  return malloc(n * itemsize);
}

/* The quotient widened before the comparison: the cast keeps its value. */
void *widened_quotient(uint32_t n, uint32_t width) {
  if ((uint64_t)(UINT32_MAX / width) < n)
    return NULL;
  return malloc(n * width);
}

/* A string has at most PTRDIFF_MAX bytes, so at most PTRDIFF_MAX /
   sizeof(wchar_t) wide characters; strnlen is at most its bound. */
wchar_t *wide_copy(const wchar_t *s) {
  return malloc((wcslen(s) + 1) * sizeof(wchar_t));
}
char *bounded_copy(const char *s) { return malloc(strnlen(s, 4096) * 4); }

/* Near misses. */

/* The guard does not stop `2 * k` itself from wrapping. */
void *doubled_guard(size_t k) {
  if (2 * k > SIZE_MAX / 8)
    return NULL;
  return malloc(2 * k * 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '2 * k * 8' can overflow; use 'calloc(k, 2 * 8)', which checks the multiplication
  // CHECK-FIXES: return calloc(k, 2 * 8);
}

/* Two more than the margin allows. */
void *past_margin(size_t len, size_t width) {
  if (len > SIZE_MAX / width - 1)
    return NULL;
  return malloc((len + 2) * width);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(len + 2) * width' can overflow
}

/* The quotient cut to 16 bits is not the bound on the product. */
void *narrowed_quotient(uint32_t n, uint32_t width) {
  if ((uint16_t)(UINT32_MAX / width) < n)
    return NULL;
  return malloc(n * width);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * width' can overflow ('n * width' is computed in 'uint32_t')
}

/* The count changes after the guard. */
size_t next_count(void);
struct item *count_changed(size_t n) {
  if (n + 1 > SIZE_MAX / sizeof(struct item))
    return NULL;
  n = next_count();
  return malloc((n + 1) * sizeof(struct item));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(n + 1) * sizeof(struct item)' can overflow
}

/* The guard bounds another sum. */
void *other_sum(size_t a, size_t b, size_t c, size_t size) {
  if (a + b > SIZE_MAX / size)
    return NULL;
  return malloc((a + c) * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(a + c) * size' can overflow
}

/* Wide characters times more than their own size. */
void *wide_times_eight(const wchar_t *s) {
  return malloc((wcslen(s) + 1) * 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(wcslen(s) + 1) * 8' can overflow
}

/* strnlen bounded by a count that is not bounded. */
void *unbounded_strnlen(const char *s, size_t n) {
  return malloc(strnlen(s, n) * 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'strnlen(s, n) * 8' can overflow; use 'calloc(strnlen(s, n), 8)', which checks the multiplication
  // CHECK-FIXES: return calloc(strnlen(s, n), 8);
}

/* Three factors guarded by dividing the limit twice (libxml2's
   xmlRegCalloc2): every order of the factors in the product is bounded, and
   the pair of the first two as well. */
void *grid(size_t rows, size_t cols, size_t cell) {
  if (rows > SIZE_MAX / cols / cell)
    return NULL;
  size_t total = rows * cols * cell;
  return malloc(total);
}

void *grid_other_order(size_t rows, size_t cols, size_t cell) {
  if (rows > SIZE_MAX / cols / cell)
    return NULL;
  return malloc(cell * rows * cols);
}

void *grid_rows(size_t rows, size_t cols, size_t cell) {
  if (rows > SIZE_MAX / cols / cell)
    return NULL;
  return malloc(rows * cols);
}

/* The guard names other factors than the product multiplies. */
void *grid_wrong_factor(size_t rows, size_t cols, size_t cell, size_t depth) {
  if (rows > SIZE_MAX / cols / cell)
    return NULL;
  return malloc(rows * cols * depth);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'rows * cols * depth' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* One factor changes after the guard: the bound is gone. */
void *grid_changed(size_t rows, size_t cols, size_t cell) {
  if (rows > SIZE_MAX / cols / cell)
    return NULL;
  cell = cell * 2;
  return malloc(rows * cols * cell);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'rows * cols * cell' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* The pair of the last two factors is not bounded by the guard (with no
   rows, cols * cell may be anything). */
void *grid_tail(size_t rows, size_t cols, size_t cell) {
  if (rows > SIZE_MAX / cols / cell)
    return NULL;
  return malloc(cols * cell);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'cols * cell' can overflow; use 'calloc(cols, cell)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(cols, cell);
}

/* The limit divided by the first two factors and compared with the third
   (libcaca's _caca_alloc2d): the whole product is checked. `w * h` can wrap
   on the way only when s is 0, and a size_t product is exact modulo 2^64
   in any order of its factors, so the size is right either way. */
void *plane(size_t w, size_t h, size_t s) {
  if (w == 0 || h == 0 || SIZE_MAX / w / h < s)
    return NULL;
  return malloc(w * h * s);
}

void *plane_unchecked_zero(size_t w, size_t h, size_t s) {
  if (SIZE_MAX / w / h < s)
    return NULL;
  return malloc(w * h * s);
}

/* Positive: the first two factors multiply in 32 bits before the product
   widens, so their wrap is not undone by the check of the 64-bit whole. */
void *plane_narrow_pair(uint32_t w, uint32_t h, size_t s) {
  if (w == 0 || h == 0 || SIZE_MAX / w / h < s)
    return NULL;
  return malloc((size_t)(w * h) * s);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(size_t)(w * h) * s' can overflow ('w * h' is computed in 'uint32_t') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: the check is of another third factor. */
void *plane_other_third(size_t w, size_t h, size_t s, size_t t) {
  if (w == 0 || h == 0 || SIZE_MAX / w / h < s)
    return NULL;
  return malloc(w * h * t);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h * t' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Two tests that check c * b first, then c * b against the third factor
   (FLAC's MD5 buffer): the product of the three is bounded in any order
   of its factors, computed before the tests or after them. */
void *samples(uint32_t channels, uint32_t count, uint32_t bytes) {
  const size_t needed = (size_t)channels * (size_t)count * (size_t)bytes;
  if ((size_t)channels > SIZE_MAX / (size_t)bytes)
    return NULL;
  if ((size_t)channels * (size_t)bytes > SIZE_MAX / (size_t)count)
    return NULL;
  return malloc(needed);
}

void *samples_after(size_t channels, size_t count, size_t bytes) {
  if (bytes == 0 || channels > SIZE_MAX / bytes)
    return NULL;
  if (channels * bytes > SIZE_MAX / count)
    return NULL;
  return malloc(count * channels * bytes);
}

/* Positive: the same tests, and a product with another third factor. */
void *samples_other_third(size_t channels, size_t count, size_t bytes,
                          size_t frames) {
  if (bytes == 0 || channels > SIZE_MAX / bytes)
    return NULL;
  if (channels * bytes > SIZE_MAX / count)
    return NULL;
  return malloc(channels * frames * bytes);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'channels * frames * bytes' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: only the product with the third factor is tested. With
   channels = bytes = 2^32, `channels * bytes` wraps to 0 and passes the
   test, and so does the size computed from it: the test says nothing of
   the product the program means. */
void *samples_unchecked_pair(size_t channels, size_t count, size_t bytes) {
  if (count == 0 || channels * bytes > SIZE_MAX / count)
    return NULL;
  return malloc(channels * bytes * count);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'channels * bytes * count' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
}

void *samples_unchecked_pair_regrouped(size_t channels, size_t count,
                                       size_t bytes) {
  if (count == 0 || channels * bytes > SIZE_MAX / count)
    return NULL;
  return malloc(channels * count * bytes);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'channels * count * bytes' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* A wrap test that is exact for powers of two (Redis's dict expansion):
   2^k times 8 wraps to 0, which `< newsize` catches. */
void **table_of(unsigned char exp) {
  size_t newsize = 1ul << exp;
  if (newsize * sizeof(void *) < newsize)
    return NULL;
  return malloc(newsize * sizeof(void *));
}

/* The same test for a size that is not a power of two misses wraps:
   2^62 + 2^61 times 8 wraps to 2^63, which is not below it. */
void **table_of_any(size_t newsize) {
  if (newsize * sizeof(void *) < newsize)
    return NULL;
  return malloc(newsize * sizeof(void *));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'newsize * sizeof(void *)' can overflow; use 'calloc(newsize, sizeof(void *))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(newsize, sizeof(void *));
}

/* Nor for a factor that is not a power of two: 2^62 times 24 wraps to
   2^63. */
struct triple {
  void *a, *b, *c;
};
struct triple *triples_of(unsigned char exp) {
  size_t newsize = 1ul << exp;
  if (newsize * sizeof(struct triple) < newsize)
    return NULL;
  return malloc(newsize * sizeof(struct triple));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'newsize * sizeof(struct triple)' can overflow; use 'calloc(newsize, sizeof(struct triple))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(newsize, sizeof(struct triple));
}

/* A doubling test is exact for every value (libtheora's superblock counts):
   2n is below twice the modulus, so it wraps at most once, to 2n - 2^32,
   which is below n. The sum after it is a sum, not a product. */
int *superblocks(unsigned luma, unsigned chroma) {
  unsigned total = luma + 2 * chroma;
  if (2 * chroma < chroma || total < luma)
    return NULL;
  return malloc(total * sizeof(int));
}

/* Positive: a tripling test misses 2^31, whose triple wraps to 2^31. */
int *tripled(unsigned n) {
  unsigned total = 3 * n;
  if (3 * n < n)
    return NULL;
  return malloc(total * sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'total * sizeof(int)' can overflow ('3 * n' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: the doubling tested is of another value. */
int *doubled_other(unsigned n, unsigned m) {
  unsigned total = 2 * n;
  if (2 * m < m)
    return NULL;
  return malloc(total * sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'total * sizeof(int)' can overflow ('2 * n' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Negative: a compound divisor (libtiff's tiffcrop after CVE-2016-9532):
   `rows * bytes > MAX / (width + 1)` bounds rows * bytes * (width + 1), and
   the test before it bounds rows * bytes. */
unsigned char *strip_buffer(uint32_t rows, uint32_t bytes, uint32_t width) {
  if (bytes == 0 || rows > UINT32_MAX / bytes ||
      rows * bytes > UINT32_MAX / (width + 1))
    return NULL;
  uint32_t size = rows * bytes * (width + 1);
  return malloc(size);
}

/* Positive: without the test of the whole product. */
unsigned char *strip_buffer_open(uint32_t rows, uint32_t bytes,
                                 uint32_t width) {
  if (bytes == 0 || rows > UINT32_MAX / bytes)
    return NULL;
  uint32_t size = rows * bytes * (width + 1);
  return malloc(size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'size' can overflow ('rows * bytes * (width + 1)' is computed in 'uint32_t'); use 'calloc(rows, (size_t)bytes * (width + 1))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(rows, (size_t)bytes * (width + 1));
}
