// A project's own reallocarray, reached through a macro, is never rewritten
// into a call to itself.
// RUN: %check_calloc_tidy %any_count -check-suffix=OWN %s calloc-unchecked-multiplication %t -- -- -DOWN_IMPLEMENTATION
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>

#ifdef OWN_IMPLEMENTATION
void *compat_reallocarray(void *p, size_t n, size_t size);
#define reallocarray compat_reallocarray

void *compat_reallocarray(void *p, size_t n, size_t size) {
  return realloc(p, n * size);
  // CHECK-NOTES-OWN: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow and nothing checks the multiplication
  // CHECK-NOTES-OWN: :[[@LINE-2]]:10: note: no fix: the rewrite would make 'compat_reallocarray' call itself
}
#endif

/* Outside the implementation the macro is fine to call. */
void *user(void *p, size_t n) {
  return realloc(p, n * 16);
  // CHECK-NOTES-OWN: :[[@LINE-1]]:10: warning: allocation size 'n * 16' can overflow; use 'reallocarray(p, n, 16)'
  // CHECK-FIXES-OWN: return reallocarray(p, n, 16);
  // CHECK-MESSAGES: :[[@LINE-3]]:10: warning: allocation size 'n * 16' can overflow; use 'reallocarray(p, n, 16)'
  // CHECK-FIXES: return reallocarray(p, n, 16);
}

/* A calloc of its own, built on malloc: the warning stands, the fix would
   recurse. */
void *calloc(size_t n, size_t size) {
  return malloc(n * size);
  // CHECK-NOTES-OWN: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow and nothing checks the multiplication
  // CHECK-NOTES-OWN: :[[@LINE-2]]:10: note: no fix: the rewrite would make 'calloc' call itself
  // CHECK-MESSAGES: :[[@LINE-3]]:10: warning: allocation size 'n * size' can overflow and nothing checks the multiplication
}
