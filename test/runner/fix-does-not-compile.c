// A fix that breaks the build fails the test even when CHECK-FIXES matches
// the broken text exactly.
// RUN: not %check_calloc_tidy %s fixture-calls %t -- --load=%runner_fixture 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: FAIL: the fixed file does not compile
// RUNNER: error:

void break_me(void);

void f(void) {
  break_me();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to 'break_me' [fixture-calls]
  // CHECK-FIXES: break_me(();
}
