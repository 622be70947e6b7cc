// The fixed file is compiled with -Werror -Wall -Wextra: a fix that leaves
// a warning behind (here the renamed call drops its argument, so 'n' is
// left unused) fails the test, as it would fail a -Werror build.
// RUN: not %check_calloc_tidy %s fixture-calls %t -- --load=%runner_fixture 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: FAIL: the fixed file does not compile with -Werror -Wall -Wextra
// RUNNER: error: unused parameter 'n' [-Werror,-Wunused-parameter]

int rename_me(int n);
int other(void);
#define renamed(n) other()

int f(int n) {
  return rename_me(n);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: call to 'rename_me' [fixture-calls]
  // CHECK-FIXES: return renamed(n);
}
