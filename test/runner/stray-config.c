// A .clang-tidy beside the test is never read: the runner passes its own
// --config. The one in Inputs/stray enables a check that would warn here.
// RUN: mkdir -p %t.dir && cp %S/Inputs/stray/.clang-tidy %t.dir/.clang-tidy
// RUN: cp %s %t.dir/stray.c
// RUN: %check_calloc_tidy %t.dir/stray.c calloc-unchecked-multiplication %t
// And the same .clang-tidy, read by plain clang-tidy, does warn:
// RUN: cd %t.dir && not clang-tidy --load=%runner_fixture stray.c -- 2>&1 | FileCheck %s --check-prefix=STRAY
// STRAY: error: call to 'rename_me'

void rename_me(void);

void f(void) { rename_me(); }
