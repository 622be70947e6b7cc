// The runner accepts a test whose expectations hold: a warning, its note, the
// fix, and a fixed file that compiles.
// RUN: %check_calloc_tidy %s fixture-calls %t -- --load=%runner_fixture
// RUN: %check_calloc_tidy -check-suffix=NOTES %s fixture-calls %t -- --load=%runner_fixture

void rename_me(void);
void renamed(void);

void f(void) {
  rename_me();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to 'rename_me' [fixture-calls]
  // CHECK-FIXES: renamed();
  // CHECK-NOTES-NOTES: :[[@LINE-3]]:3: warning: call to 'rename_me'
  // CHECK-FIXES-NOTES: renamed();
  // CHECK-NOTES-NOTES: :6:6: note: 'rename_me' declared here
}
