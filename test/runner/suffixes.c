// -check-suffixes selects which prefixes a RUN line verifies; -config reaches
// clang-tidy. A RUN line whose selected prefixes fail, fails.
// RUN: %check_calloc_tidy -check-suffixes=A %s fixture-calls %t -- --load=%runner_fixture
// RUN: not %check_calloc_tidy -check-suffixes=B %s fixture-calls %t -- --load=%runner_fixture 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: FAIL: CHECK-MESSAGES-B did not match

void rename_me(void);
void renamed(void);

void f(void) {
  rename_me();
  // CHECK-MESSAGES-A: :[[@LINE-1]]:3: warning: call to 'rename_me' [fixture-calls]
  // CHECK-FIXES-A: renamed();
  // CHECK-MESSAGES-B: :[[@LINE-3]]:3: warning: call to 'something else' [fixture-calls]
  // CHECK-FIXES-B: renamed();
}
