// A warning whose test has no CHECK-FIXES must leave the file unchanged.
// RUN: not %check_calloc_tidy %s fixture-calls %t -- --load=%runner_fixture 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: FAIL: the file was changed but the test has no CHECK-FIXES line
// RUNNER: +  renamed();

void rename_me(void);
void renamed(void);

void f(void) {
  rename_me();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to 'rename_me' [fixture-calls]
}
