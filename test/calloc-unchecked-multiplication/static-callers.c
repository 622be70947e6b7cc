// A parameter of a function that only this file can call, and only directly,
// holds what its callers pass: a `static` function whose every call passes
// a 32-bit or small value cannot overflow. One caller with an unbounded
// value, or the function's address taken, and it can.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct slot {
  long key, value;
};

/* Every caller passes an unsigned int or a constant. */
static struct slot *make_table(size_t n) {
  return malloc(n * sizeof(struct slot));
}
struct slot *small_table(void) { return make_table(256); }
struct slot *sized_table(unsigned int count) { return make_table(count); }

/* One caller passes a size_t: that call can overflow. */
static struct slot *make_any(size_t n) {
  return malloc(n * sizeof(struct slot));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct slot)' can overflow; use 'calloc(n, sizeof(struct slot))', which checks the multiplication
  // CHECK-FIXES: return calloc(n, sizeof(struct slot));
}
struct slot *small_any(void) { return make_any(16); }
struct slot *big_any(size_t count) { return make_any(count); }

/* Its address escapes: any caller may pass anything. */
static struct slot *make_escaping(size_t n) {
  return malloc(n * sizeof(struct slot));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct slot)' can overflow; use 'calloc(n, sizeof(struct slot))'
  // CHECK-FIXES: return calloc(n, sizeof(struct slot));
}
struct slot *(*table_maker)(size_t) = make_escaping;
struct slot *small_escaping(void) { return make_escaping(8); }

/* Visible to other files: their callers are not seen. */
struct slot *make_public(size_t n) {
  return malloc(n * sizeof(struct slot));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct slot)' can overflow; use 'calloc(n, sizeof(struct slot))'
  // CHECK-FIXES: return calloc(n, sizeof(struct slot));
}
struct slot *small_public(void) { return make_public(8); }

/* A recursive call doubling the count is a caller too. */
static struct slot *grow(size_t n, int depth) {
  struct slot *s = malloc(n * sizeof(struct slot));
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: allocation size 'n * sizeof(struct slot)' can overflow; use 'calloc(n, sizeof(struct slot))'
  // CHECK-FIXES: struct slot *s = calloc(n, sizeof(struct slot));
  if (depth > 0) {
    free(s);
    return grow(n * 2, depth - 1);
  }
  return s;
}
struct slot *grown(void) { return grow(64, 3); }

/* A caller's local counts as every value it is given: here two bytes of a
   header, so at most 65535. */
static struct slot *make_from_header(size_t n) {
  return malloc(n * sizeof(struct slot));
}
struct slot *header_table(const unsigned char *hdr) {
  size_t count = (hdr[0] << 8) + hdr[1];
  return make_from_header(count);
}

/* A local that is also given a wide value, or whose address escapes,
   bounds nothing. */
static struct slot *make_from_local(size_t n) {
  return malloc(n * sizeof(struct slot));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct slot)' can overflow; use 'calloc(n, sizeof(struct slot))', which checks the multiplication
  // CHECK-FIXES: return calloc(n, sizeof(struct slot));
}
struct slot *local_widened(const unsigned char *hdr, size_t extra) {
  size_t count = hdr[0];
  if (hdr[1])
    count = extra;
  return make_from_local(count);
}
void read_count(size_t *count);
struct slot *local_escaped(const unsigned char *hdr) {
  size_t count = hdr[0];
  read_count(&count);
  return make_from_local(count);
}
