// realloc(p, n * size) becomes reallocarray(p, n, size), but only where
// reallocarray is declared: glibc declares it for the GNU and default
// dialects, not for strict ISO C.
// RUN: %check_calloc_tidy %any_count -check-suffix=GNU %s calloc-unchecked-multiplication %t -- -- -std=gnu11
// RUN: %check_calloc_tidy %any_count -check-suffix=ISO %s calloc-unchecked-multiplication %t -- -- -std=c11

#include <stddef.h>
#include <stdlib.h>

struct token { int kind; const char *text; };

struct token *push_token(struct token *toks, size_t *cap, size_t len) {
  if (len == *cap) {
    *cap = *cap ? *cap * 2 : 16;
    toks = realloc(toks, *cap * sizeof(*toks));
    // CHECK-MESSAGES-GNU: :[[@LINE-1]]:12: warning: allocation size '*cap * sizeof(*toks)' can overflow; use 'reallocarray(toks, *cap, sizeof(*toks))', which checks the multiplication
    // CHECK-FIXES-GNU: toks = reallocarray(toks, *cap, sizeof(*toks));
    // CHECK-MESSAGES-ISO: :[[@LINE-3]]:12: warning: allocation size '*cap * sizeof(*toks)' can overflow and nothing checks the multiplication
  }
  return toks;
}

/* The note explains the missing fix. */
int *grow_ints(int *v, size_t n) {
  return realloc(v, n * sizeof(int));
  // CHECK-MESSAGES-GNU: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(int)' can overflow; use 'reallocarray(v, n, sizeof(int))'
  // CHECK-FIXES-GNU: return reallocarray(v, n, sizeof(int));
  // CHECK-MESSAGES-ISO: :[[@LINE-3]]:10: warning: allocation size 'n * sizeof(int)' can overflow and nothing checks the multiplication
}
