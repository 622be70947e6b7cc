// A warning that no CHECK-MESSAGES line expects fails the test, even when
// every expected one is there.
// RUN: not %check_calloc_tidy %s fixture-calls %t -- --load=%runner_fixture 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: FAIL: CHECK-MESSAGES did not match (messages)
// RUNNER: error: {{(IMPLICIT-CHECK|CHECK-MESSAGES)-NOT}}: excluded string found in input

void rename_me(void);
void renamed(void);

void f(void) {
  rename_me();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to 'rename_me' [fixture-calls]
  // CHECK-FIXES: renamed();
  rename_me();
  // CHECK-FIXES: renamed();
}
