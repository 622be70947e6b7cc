// Code that does not compile: clang-tidy reports the errors, and the check
// says nothing about a function with an error in it (the broken part may be
// the guard) while it still checks the functions that compiled.
// RUN: %check_calloc_tidy %any_count -expect-clang-tidy-error %s calloc-unchecked-multiplication %t

#include <stdlib.h>

void *broken_count(size_t n) {
  return malloc(n * undeclared_size);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: use of undeclared identifier 'undeclared_size' [clang-diagnostic-error]
}

void *broken_guard(size_t n) {
  if (n > SIZE_MAXX / 4)
    return NULL;
  // CHECK-MESSAGES: :[[@LINE-2]]:11: error: use of undeclared identifier 'SIZE_MAXX' [clang-diagnostic-error]
  return malloc(n * 4);
}

struct s { int a; };
void *broken_struct(size_t n) {
  struct s x = {.b = 1};
  // CHECK-MESSAGES: :[[@LINE-1]]:18: error: field designator 'b' does not refer to any field in type 'struct s' [clang-diagnostic-error]
  return malloc(n * sizeof(x));
}

/* A record whose definition is missing (its header was not found), read
   into a 64-bit size behind a local: clang 16 crashed asking the width of
   the broken expression. */
struct frame;
void *incomplete_record(struct frame *f) {
  unsigned long size = (unsigned long)f->width * f->height / 8;
  // CHECK-MESSAGES: :[[@LINE-1]]:40: error: incomplete definition of type 'struct frame' [clang-diagnostic-error]
  // CHECK-MESSAGES: :[[@LINE-2]]:51: error: incomplete definition of type 'struct frame' [clang-diagnostic-error]
  return malloc(size);
}

void *fine(size_t n) {
  return malloc(n * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * 4' can overflow; use 'calloc(n, 4)'
}

void *missing_paren(size_t n) {
  return malloc(n * 4;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: error: expected ')' [clang-diagnostic-error]
}
