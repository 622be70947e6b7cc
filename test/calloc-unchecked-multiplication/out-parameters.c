// A count a function of this file hands back through a pointer holds what
// that function stores there. When the function checked the value before
// storing it (`if (MAX / width < n) fail; *count = n;`), the product the
// caller computes with the same width cannot wrap. A callee that stores an
// unchecked value, lets the pointer escape, or writes it any other way
// bounds nothing.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define TAG_BYTES_MAX 2147483647U

struct entry {
  uint64_t declared;
};

/* The element count, checked against the caller's element width. */
static int read_entries(const struct entry *e, uint32_t *count,
                        uint32_t width) {
  uint64_t n = e->declared;
  if (n == 0)
    return 1;
  if ((uint64_t)(TAG_BYTES_MAX / width) < n)
    return 0;
  *count = (uint32_t)n;
  return 1;
}

/* Forwards both to the checking function. */
static int read_all(const struct entry *e, uint32_t *count, uint32_t width) {
  return read_entries(e, count, width);
}

uint16_t *shorts(const struct entry *e) {
  uint32_t count;
  if (!read_entries(e, &count, 2))
    return NULL;
  return malloc(count * 2);
}

uint64_t *longs(const struct entry *e) {
  uint32_t count;
  if (!read_all(e, &count, 8))
    return NULL;
  return malloc(count * 8);
}

/* The caller multiplies by more than the width it had checked. */
uint64_t *too_wide(const struct entry *e) {
  uint32_t count;
  if (!read_entries(e, &count, 2))
    return NULL;
  return malloc(count * 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * 8' can overflow
  // CHECK-FIXES: return calloc(count, 8);
}

/* A fixed limit in the callee bounds the count by itself. */
static void clamp_count(uint64_t n, uint32_t *out) {
  if (n > 4096)
    n = 4096;
  *out = (uint32_t)n;
}

uint64_t *clamped(uint64_t n) {
  uint32_t count = 0;
  clamp_count(n, &count);
  return malloc(count * 8);
}

/* Stores whatever it read, unchecked. */
static void read_raw(const struct entry *e, uint32_t *count) {
  *count = (uint32_t)e->declared;
}

uint32_t *raw(const struct entry *e) {
  uint32_t count;
  read_raw(e, &count);
  return malloc(count * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * 4' can overflow
  // CHECK-FIXES: return calloc(count, 4);
}

/* Checks, but keeps the pointer, which other code may write through. */
static uint32_t *kept;
static void keep_count(uint64_t n, uint32_t *count) {
  if (n > 4096)
    return;
  *count = (uint32_t)n;
  kept = count;
}
void touch_kept(uint32_t v) { *kept = v; }

uint32_t *kept_count(uint64_t n) {
  uint32_t count = 0;
  keep_count(n, &count);
  return malloc(count * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * 4' can overflow
  // CHECK-FIXES: return calloc(count, 4);
}

/* Checks, then adds to the stored value. */
static void grow_count(uint64_t n, uint32_t *count) {
  if (n > 4096)
    return;
  *count = (uint32_t)n;
  *count += (uint32_t)n << 20;
}

uint32_t *grown(uint64_t n) {
  uint32_t count = 0;
  grow_count(n, &count);
  return malloc(count * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * 4' can overflow
  // CHECK-FIXES: return calloc(count, 4);
}

/* The callee bounds what it stores, but the count had a value before that
   it may keep, and that value is not bounded. */
uint32_t *kept_old(uint64_t n, uint32_t count) {
  clamp_count(n, &count);
  return malloc(count * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * 4' can overflow
  // CHECK-FIXES: return calloc(count, 4);
}

/* Declared here, defined in another file: what it stores is not known. */
int read_elsewhere(const struct entry *e, uint32_t *count, uint32_t width);

uint32_t *elsewhere(const struct entry *e) {
  uint32_t count;
  if (!read_elsewhere(e, &count, 4))
    return NULL;
  return malloc(count * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * 4' can overflow
  // CHECK-FIXES: return calloc(count, 4);
}

/* The width checked is a parameter the caller passes as a variable. */
uint32_t *variable_width(const struct entry *e, uint32_t width) {
  uint32_t count;
  if (!read_entries(e, &count, width))
    return NULL;
  return malloc(count * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * 4' can overflow
  // CHECK-FIXES: return calloc(count, 4);
}

/* Hands the pointer on to itself: a cycle has no summary. */
static void recurse(uint64_t n, uint32_t *count, int depth) {
  if (depth > 0) {
    recurse(n, count, depth - 1);
    return;
  }
  if (n > 4096)
    return;
  *count = (uint32_t)n;
}

uint32_t *recursive(uint64_t n) {
  uint32_t count = 0;
  recurse(n, &count, 3);
  return malloc(count * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * 4' can overflow
  // CHECK-FIXES: return calloc(count, 4);
}
