// Without reallocarray, the note says why there is no fix.
// RUN: %check_calloc_tidy %any_count -std=c11 %s calloc-unchecked-multiplication %t

#include <stdlib.h>

int *grow_ints(int *v, size_t n) {
  return realloc(v, n * sizeof(int));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(int)' can overflow and nothing checks the multiplication
  // CHECK-NOTES: :[[@LINE-2]]:10: note: no fix: 'reallocarray' is not declared before this call
}

/* Declared after the use does not count either. */
void *later(void *p, size_t n) {
  return realloc(p, n * 8);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * 8' can overflow and nothing checks the multiplication
  // CHECK-NOTES: :[[@LINE-2]]:10: note: no fix: 'reallocarray' is not declared before this call
}
void *reallocarray(void *, size_t, size_t);
