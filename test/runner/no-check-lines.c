// A file without CHECK lines promises no diagnostics at all.
// RUN: not %check_calloc_tidy %s fixture-calls %t -- --load=%runner_fixture 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: FAIL: the test has no CHECK lines, so no diagnostic is expected
// RUNNER: warning: call to 'rename_me'

void rename_me(void);

void f(void) { rename_me(); }
