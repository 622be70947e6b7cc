// NOLINT, NOLINTNEXTLINE and a NOLINT region (begin and end) silence the check,
// as for any clang-tidy check; naming another check does not.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stdlib.h>

void *caller_checked(size_t n) {
  return malloc(n * 8); // NOLINT(calloc-unchecked-multiplication): callers cap n
}

void *next_line(size_t n) {
  // NOLINTNEXTLINE(calloc-*)
  return malloc(n * 8);
}

// NOLINTBEGIN(calloc-unchecked-multiplication)
void *region(size_t n) { return malloc(n * 8); }
// NOLINTEND(calloc-unchecked-multiplication)

void *other_check(size_t n) {
  return malloc(n * 8); // NOLINT(bugprone-sizeof-expression)
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * 8' can overflow; use 'calloc(n, 8)'
  // CHECK-FIXES: return calloc(n, 8); // NOLINT(bugprone-sizeof-expression)
}
