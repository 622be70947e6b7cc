// An expected warning that does not come fails the test.
// RUN: not %check_calloc_tidy %s fixture-calls %t -- --load=%runner_fixture 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: FAIL: CHECK-MESSAGES did not match (messages)

void renamed(void);

void f(void) {
  renamed();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to 'rename_me' [fixture-calls]
}
