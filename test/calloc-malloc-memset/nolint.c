// NOLINT on the allocation's line, NOLINTNEXTLINE and a NOLINT region silence
// the check, as for any clang-tidy check; naming another check does not.
// RUN: %check_calloc_tidy %s calloc-malloc-memset %t

#include <stdlib.h>
#include <string.h>

char *same_line(size_t n) {
  char *b = malloc(n); // NOLINT(calloc-malloc-memset): profiled, small
  memset(b, 0, n);
  return b;
}

char *next_line(size_t n) {
  // NOLINTNEXTLINE(calloc-*)
  char *b = malloc(n);
  memset(b, 0, n);
  return b;
}

// NOLINTBEGIN(calloc-malloc-memset)
char *region(size_t n) { char *b = malloc(n); memset(b, 0, n); return b; }
// NOLINTEND(calloc-malloc-memset)

char *other_check(size_t n) {
  char *b = malloc(n); // NOLINT(bugprone-sizeof-expression)
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
  // CHECK-FIXES: char *b = calloc(1, n); // NOLINT(bugprone-sizeof-expression)
  memset(b, 0, n);
  return b;
}
