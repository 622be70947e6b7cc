// -config-file= hands clang-tidy a configuration file (a preset) instead of
// the inline -config; its CheckOptions reach the check.
// RUN: printf 'CheckOptions:\n  calloc-unchecked-multiplication.SizeTypeBits: 32\n' > %t.yaml
// RUN: %check_calloc_tidy %any_count -config-file=%t.yaml %s calloc-unchecked-multiplication %t
// Without the file, the 64-bit default applies and the same code is clean:
// RUN: not %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: FAIL: CHECK-MESSAGES did not match

#include <stdint.h>
#include <stdlib.h>

void *f(uint32_t n) {
  return malloc(n * sizeof(double));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(double)' can overflow; use 'calloc(n, sizeof(double))'
  // CHECK-FIXES: return calloc(n, sizeof(double));
}
