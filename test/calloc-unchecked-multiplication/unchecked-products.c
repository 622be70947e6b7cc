// The two levels. By default only a product that can overflow is reported.
// With ReportUncheckedProducts every product of a value in an allocation
// size is, unless a check covers that very product, in other words ("is not
// checked for overflow") and with the same fix: the rule of projects whose
// array allocations all go through a checked form.
// RUN: %check_calloc_tidy %any_count -check-suffixes=DEFAULT %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy %any_count -check-suffixes=STRICT %s calloc-unchecked-multiplication %t \
// RUN:   -config='{CheckOptions: {calloc-unchecked-multiplication.ReportUncheckedProducts: true}}'

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct node {
  struct node *next;
  long value;
};

/* Can overflow: both levels report it, with their own words. */
struct node *unbounded(size_t n) {
  return malloc(n * sizeof(struct node));
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct node)' can overflow; use 'calloc(n, sizeof(struct node))', which checks the multiplication
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:10: warning: allocation size 'n * sizeof(struct node)' can overflow; use 'calloc(n, sizeof(struct node))', which checks the multiplication
  // CHECK-FIXES-DEFAULT: return calloc(n, sizeof(struct node));
  // CHECK-FIXES-STRICT: return calloc(n, sizeof(struct node));
}

/* Fits by its type: only the strict level reports it. */
struct node *small_count(uint16_t n) {
  return malloc(n * sizeof(struct node));
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct node)' is not checked for overflow; use 'calloc(n, sizeof(struct node))', which checks the multiplication
  // CHECK-FIXES-STRICT: return calloc(n, sizeof(struct node));
}

/* Fits under a cap: a bound, but not a check of the product. */
struct node *capped(size_t n) {
  if (n > 4096)
    return NULL;
  return malloc(n * sizeof(struct node));
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct node)' is not checked for overflow; use 'calloc(n, sizeof(struct node))'
  // CHECK-FIXES-STRICT: return calloc(n, sizeof(struct node));
}

/* A stored size that fits. */
struct node *stored_small(uint16_t n) {
  size_t bytes = n * sizeof(struct node);
  return malloc(bytes);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:10: warning: allocation size 'bytes' is not checked for overflow; use 'calloc(n, sizeof(struct node))'
  // CHECK-FIXES-STRICT: return calloc(n, sizeof(struct node));
}

/* Checked: neither level reports these. */
void *divided(size_t n, size_t size) {
  if (size && n > SIZE_MAX / size)
    return NULL;
  return malloc(n * size);
}

void *builtin_checked(size_t n, size_t size) {
  size_t bytes;
  if (__builtin_mul_overflow(n, size, &bytes))
    return NULL;
  return malloc(bytes);
}

void *checked_after(size_t n, size_t size) {
  size_t bytes = n * size;
  if (n && bytes / n != size)
    return NULL;
  return malloc(bytes);
}

/* Constants only, or a factor of 1: nothing to check. */
void *constants(void) { return malloc(64 * sizeof(struct node)); }
char *bytes_of(size_t n) { return malloc(n * sizeof(char)); }
