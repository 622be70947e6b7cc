// Guard shapes met in real projects (written anew here): each silences the
// check where it really bounds the product, and a near miss that does not
// bound it still warns.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

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
