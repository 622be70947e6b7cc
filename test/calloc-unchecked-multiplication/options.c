// The options: SizeTypeBits checks code as if for a narrower size_t,
// AssertsAreGuards decides whether assert() bounds a value,
// ReportEmbeddedProducts whether products inside larger sizes are reported.
// RUN: %check_calloc_tidy %any_count -check-suffix=DEFAULT %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy %any_count -check-suffix=BITS32 %s calloc-unchecked-multiplication %t -config='{CheckOptions: {calloc-unchecked-multiplication.SizeTypeBits: 32}}'
// RUN: %check_calloc_tidy %any_count -check-suffix=NOASSERT %s calloc-unchecked-multiplication %t -config='{CheckOptions: {calloc-unchecked-multiplication.AssertsAreGuards: false}}'
// RUN: %check_calloc_tidy %any_count -check-suffix=NOEMBED %s calloc-unchecked-multiplication %t -config='{CheckOptions: {calloc-unchecked-multiplication.ReportEmbeddedProducts: false}}'

#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* A 32-bit count times 8 fits a 64-bit size_t, not a 32-bit one. */
void *count32(uint32_t n) {
  return malloc(n * sizeof(uint64_t));
  // CHECK-MESSAGES-BITS32: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(uint64_t)' can overflow; use 'calloc(n, sizeof(uint64_t))'
  // CHECK-FIXES-BITS32: return calloc(n, sizeof(uint64_t));
}

/* A cap that is enough for either width. */
void *capped(uint32_t n) {
  if (n > 1u << 20)
    return NULL;
  return malloc(n * sizeof(uint64_t));
}

void *asserted(size_t n) {
  assert(n < 4096);
  return malloc(n * sizeof(uint64_t));
  // CHECK-MESSAGES-NOASSERT: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(uint64_t)' can overflow; use 'calloc(n, sizeof(uint64_t))'
  // CHECK-FIXES-NOASSERT: return calloc(n, sizeof(uint64_t));
}

char *with_header(size_t n) {
  return malloc(16 + n * 4);
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:10: warning: allocation size '16 + n * 4' can overflow and nothing checks the multiplication
  // CHECK-MESSAGES-BITS32: :[[@LINE-2]]:10: warning: allocation size '16 + n * 4' can overflow and nothing checks the multiplication
  // CHECK-MESSAGES-NOASSERT: :[[@LINE-3]]:10: warning: allocation size '16 + n * 4' can overflow and nothing checks the multiplication
}

void *always(size_t n) {
  return malloc(n * 4);
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:10: warning: allocation size 'n * 4' can overflow; use 'calloc(n, 4)'
  // CHECK-FIXES-DEFAULT: return calloc(n, 4);
  // CHECK-MESSAGES-BITS32: :[[@LINE-3]]:10: warning: allocation size 'n * 4' can overflow; use 'calloc(n, 4)'
  // CHECK-FIXES-BITS32: return calloc(n, 4);
  // CHECK-MESSAGES-NOASSERT: :[[@LINE-5]]:10: warning: allocation size 'n * 4' can overflow; use 'calloc(n, 4)'
  // CHECK-FIXES-NOASSERT: return calloc(n, 4);
  // CHECK-MESSAGES-NOEMBED: :[[@LINE-7]]:10: warning: allocation size 'n * 4' can overflow; use 'calloc(n, 4)'
  // CHECK-FIXES-NOEMBED: return calloc(n, 4);
}
