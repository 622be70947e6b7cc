// Code that does not compile: clang-tidy reports the errors; the check does
// not crash, says nothing in a function with an expression or declaration
// that did not compile (what it meant is unknown), and still reports the
// pairs in functions that compiled.
// RUN: %check_calloc_tidy -expect-clang-tidy-error %s calloc-malloc-memset %t

#include <stdlib.h>
#include <string.h>

char *broken_size(size_t n) {
  char *b = malloc(n * undeclared_width);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: error: use of undeclared identifier 'undeclared_width' [clang-diagnostic-error]
  memset(b, 0, n * undeclared_width);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: use of undeclared identifier 'undeclared_width' [clang-diagnostic-error]
  return b;
}

char *broken_between(size_t n) {
  char *b = malloc(n);
  register_buffer(b);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: call to undeclared function 'register_buffer'; ISO C99 and later do not support implicit function declarations [clang-diagnostic-implicit-function-declaration]
  memset(b, 0, n);
  return b;
}

struct s { int a; };
char *broken_struct(size_t n) {
  struct s x = {.b = 1};
  // CHECK-MESSAGES: :[[@LINE-1]]:18: error: field designator 'b' does not refer to any field in type 'struct s' [clang-diagnostic-error]
  char *b = malloc(n + sizeof(x));
  memset(b, 0, n + sizeof(x));
  return b;
}

char *broken_zeroing(size_t n) {
  char *b = malloc(n);
  memset(b, 0, n, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: error: too many arguments to function call, expected 3, have 4 [clang-diagnostic-error]
  return b;
}

char *fine(size_t n) {
  char *b = malloc(n);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
  memset(b, 0, n);
  return b;
}

/* Without its semicolon, the statement has no end to remove up to. */
char *unfinished(size_t n) {
  char *b = malloc(n);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; 'calloc' can skip zeroing fresh pages
  memset(b, 0, n)
  // CHECK-MESSAGES: :[[@LINE-1]]:18: error: expected ';' after expression [clang-diagnostic-error]
  return b;
}
