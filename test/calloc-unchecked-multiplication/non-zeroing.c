// NonZeroingMallocFix: malloc's product is fixed to reallocarray(NULL, n,
// size), which checks like calloc without zeroing, where reallocarray is
// declared (glibc declares it for the GNU dialects); elsewhere to calloc.
// RUN: %check_calloc_tidy %any_count -std=gnu11 %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy %any_count -check-suffixes=NZ -std=gnu11 -config='{CheckOptions: {calloc-unchecked-multiplication.NonZeroingMallocFix: true}}' %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy %any_count -check-suffixes=C99 -std=c99 -config='{CheckOptions: {calloc-unchecked-multiplication.NonZeroingMallocFix: true}}' %s calloc-unchecked-multiplication %t

#include <stdlib.h>

struct sample {
  double t, v;
};

struct sample *samples(size_t n) {
  return malloc(n * sizeof(struct sample));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct sample)' can overflow; use 'calloc(n, sizeof(struct sample))'
  // CHECK-FIXES: return calloc(n, sizeof(struct sample));
  // CHECK-MESSAGES-NZ: :[[@LINE-3]]:10: warning: allocation size 'n * sizeof(struct sample)' can overflow; use 'reallocarray(NULL, n, sizeof(struct sample))'
  // CHECK-FIXES-NZ: return reallocarray(NULL, n, sizeof(struct sample));
  // CHECK-MESSAGES-C99: :[[@LINE-5]]:10: warning: allocation size 'n * sizeof(struct sample)' can overflow; use 'calloc(n, sizeof(struct sample))'
  // CHECK-FIXES-C99: return calloc(n, sizeof(struct sample));
}

/* realloc keeps its own checked form. */
struct sample *grow(struct sample *s, size_t n) {
  return realloc(s, n * sizeof(*s));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(*s)' can overflow; use 'reallocarray(s, n, sizeof(*s))'
  // CHECK-FIXES: return reallocarray(s, n, sizeof(*s));
  // CHECK-MESSAGES-NZ: :[[@LINE-3]]:10: warning: allocation size 'n * sizeof(*s)' can overflow; use 'reallocarray(s, n, sizeof(*s))'
  // CHECK-FIXES-NZ: return reallocarray(s, n, sizeof(*s));
  // CHECK-MESSAGES-C99: :[[@LINE-5]]:10: warning: allocation size 'n * sizeof(*s)' can overflow and nothing checks the multiplication
}
