// A fix that differs from CHECK-FIXES fails the test; lines are compared
// whole, so a CHECK-FIXES line that matches only part of a line fails too.
// RUN: not %check_calloc_tidy %s fixture-calls %t -- --load=%runner_fixture 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: FAIL: CHECK-FIXES did not match (fixed)

void rename_me(void);
void renamed(void);

void f(void) {
  rename_me();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to 'rename_me' [fixture-calls]
  // CHECK-FIXES: renamed
}
