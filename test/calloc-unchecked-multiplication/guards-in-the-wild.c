// Guard shapes met in real projects (written anew here): each silences the
// check where it really bounds the product, and a near miss that does not
// bound it still warns.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* Growing a buffer: the doubled size is checked against the old one. */
char *grow_double(char *buf, size_t size) {
  size_t bigger = size * 2;
  if (bigger < size)
    return NULL;
  return realloc(buf, bigger);
}

char *grow_double_plus(char *buf, size_t size) {
  size_t bigger = size * 2 + 64;
  if (bigger < size)
    return NULL;
  return realloc(buf, bigger);
}

/* The same test after tripling proves nothing: 3x can wrap past x. */
char *grow_triple(char *buf, size_t size) {
  size_t bigger = size * 3;
  if (bigger < size)
    return NULL;
  return realloc(buf, bigger);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'bigger' can overflow; use 'reallocarray(buf, size, 3)', which checks the multiplication
  // CHECK-FIXES: return reallocarray(buf, size, 3);
}

/* An out-parameter filled by a call, then checked. */
void read_count(uint64_t *count);
double *read_samples(void) {
  uint64_t count;
  read_count(&count);
  if (count > 65536)
    return NULL;
  return malloc(count * sizeof(double));
}

/* ... but another call after the check may change it through the pointer
   the first call kept. */
void log_line(const char *msg);
double *read_samples_logged(void) {
  uint64_t count;
  read_count(&count);
  if (count > 65536)
    return NULL;
  log_line("reading");
  return malloc(count * sizeof(double));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * sizeof(double)' can overflow; use 'calloc(count, sizeof(double))'
  // CHECK-FIXES: return calloc(count, sizeof(double));
}

/* A capacity of type int, capped before doubling. */
struct stack { int max; void **items; };
int stack_grow(struct stack *s) {
  if (s->max >= 100000)
    return -1;
  void **bigger = realloc(s->items, s->max * 2 * sizeof(void *));
  if (!bigger)
    return -1;
  s->items = bigger;
  s->max *= 2;
  return 0;
}

/* The value of an assignment is the value assigned. */
struct ctx { unsigned len; };
void *reset_table(struct ctx *c) {
  return malloc((c->len = 10) * sizeof(double));
}

/* A clamp that assigns inside its condition, against a limit chosen per
   path. */
size_t name_length(const char *name);
char *short_name(const char *name, int joliet) {
  size_t limit = joliet ? 103 : 64;
  size_t l;
  if ((l = name_length(name)) > limit)
    l = limit;
  return malloc((l + 1) * 2);
}

/* Dividing a constant can only make it smaller, even by a value that might
   be zero (that would be undefined anyway). */
uint32_t *palette(unsigned short bits_per_sample) {
  int samples = 8 / bits_per_sample;
  return malloc(256 * samples * sizeof(uint32_t));
}

/* A power of two whose exponent is bounded. */
uint16_t *lookup_table(unsigned short bits) {
  size_t entries;
  if (bits > 30)
    return NULL;
  entries = (size_t)1 << bits;
  return malloc(entries * sizeof(uint16_t));
}

/* Two cheap tests before the division, all on one condition: on every way
   past it, either both operands are below 2^32 or the division passed. */
#define HALF_WORD ((size_t)1 << (sizeof(size_t) * 4))
void *grow_array(void *p, size_t n, size_t size) {
  if ((n >= HALF_WORD || size >= HALF_WORD) && n > 0 && SIZE_MAX / n < size)
    return NULL;
  return realloc(p, n * size);
}

/* The cheap test alone leaves one factor unbounded. */
void *grow_array_half(void *p, size_t n, size_t size) {
  if (size > 7 && SIZE_MAX / n < size)
    return NULL;
  return realloc(p, n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow; use 'reallocarray(p, n, size)'
  // CHECK-FIXES: return reallocarray(p, n, size);
}

/* GLib's optimized g_new shape: the product only behind the test, on a path
   where the element size is a known non-zero constant. */
void *typed_new(size_t n) {
  size_t each = sizeof(uint64_t);
  void *mem;
  if (__builtin_constant_p(n) && (each == 0 || n <= SIZE_MAX / each))
    mem = malloc(n * each);
  else
    mem = calloc(n, each);
  return mem;
}

/* A cast of a size_t to size_t is no cast at all (PyMem_New's shape). */
void *cast_to_same_type(size_t n) {
  if ((size_t)(n) > SIZE_MAX / sizeof(double))
    return NULL;
  return malloc(n * sizeof(double));
}

/* A test that cannot fail on a known value does not bound anything else. */
void *impossible_test_elsewhere(size_t n) {
  size_t each = 16;
  if (each == 0)
    return NULL;
  return malloc(n * each);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * each' can overflow; use 'calloc(n, each)'
  // CHECK-FIXES: return calloc(n, each);
}

/* A count taken by a loop, then checked by an assertion macro that ends in
   __builtin_unreachable: the loop's widening must not erase the check. */
void report_failure(const char *what);
#define CHECK_OR_DIE(e) ((e) ? (void)0 : (report_failure(#e), __builtin_unreachable()))
struct item { const char *name; long weight; };
const char *name_at(size_t i);
struct item *collect(void) {
  size_t count = 0;
  while (name_at(count))
    count++;
  CHECK_OR_DIE(count < SIZE_MAX / sizeof(struct item));
  return malloc(sizeof(struct item) * (count + 1));
}

/* ... and without the check, the same loop leaves count unbounded. */
struct item *collect_unchecked(void) {
  size_t count = 0;
  while (name_at(count))
    count++;
  return malloc(sizeof(struct item) * (count + 1));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'sizeof(struct item) * (count + 1)' can overflow; use 'calloc(count + 1, sizeof(struct item))'
  // CHECK-FIXES: return calloc(count + 1, sizeof(struct item));
}

/* A string's length is below PTRDIFF_MAX: twice it fits a size_t. */
#include <string.h>
char *escape_buffer(const char *s) {
  return malloc(strlen(s) * 2 + 1);
}

/* ... four times it does not. */
char *utf32_buffer(const char *s) {
  return malloc(strlen(s) * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'strlen(s) * 4' can overflow; use 'calloc(strlen(s), 4)'
  // CHECK-FIXES: return calloc(strlen(s), 4);
}

/* The stored product divided back by the count gives the element size. */
uint32_t *lcs_table(size_t cells) {
  size_t bytes = cells * sizeof(uint32_t);
  if (cells != 0 && bytes / cells != sizeof(uint32_t))
    return NULL;
  return malloc(bytes);
}

/* ... divided back against the wrong constant proves nothing. */
uint32_t *lcs_table_wrong(size_t cells) {
  size_t bytes = cells * sizeof(uint32_t);
  if (cells != 0 && bytes / cells != 2)
    return NULL;
  return malloc(bytes);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'bytes' can overflow; use 'calloc(cells, sizeof(uint32_t))'
  // CHECK-FIXES: return calloc(cells, sizeof(uint32_t));
}
