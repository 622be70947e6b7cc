// With CHECK-NOTES, notes are part of what must match: an unexpected note
// fails the test.
// RUN: not %check_calloc_tidy %s fixture-calls %t -- --load=%runner_fixture 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: FAIL: CHECK-NOTES did not match (notes)

void rename_me(void);
void renamed(void);

void f(void) {
  rename_me();
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: call to 'rename_me' [fixture-calls]
  // CHECK-FIXES: renamed();
}
