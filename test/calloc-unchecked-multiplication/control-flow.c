// Unusual control flow: switch, computed goto, statement expressions,
// infinite loops, unreachable code, VLAs. Each function states what it
// expects.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* A switch whose every case returns for large values. */
void *by_kind(int kind, size_t n) {
  switch (kind) {
  case 0:
    if (n > 100)
      return NULL;
    break;
  default:
    return NULL;
  }
  return malloc(n * 8);
}

/* A case that falls through without a check. */
void *by_kind_open(int kind, size_t n) {
  switch (kind) {
  case 0:
    if (n > 100)
      return NULL;
    break;
  case 1:
    break;
  default:
    return NULL;
  }
  return malloc(n * 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * 8' can overflow; use 'calloc(n, 8)'
  // CHECK-FIXES: return calloc(n, 8);
}

/* GNU statement expression as a guard. */
void *stmt_expr(size_t n) {
  size_t m = ({ size_t t = n; t > 64 ? 64 : t; });
  return malloc(m * 8);
}

/* The allocation in an infinite loop with a break. */
void *forever(size_t *ns) {
  for (;;) {
    size_t n = *ns++;
    if (n == 0)
      break;
    if (n < 1000)
      return malloc(n * 8);
  }
  return NULL;
}

/* Computed goto: the label is reached through an indirect jump. */
void *computed(size_t n, int which) {
  static void *targets[] = {&&small, &&big};
  goto *targets[which & 1];
small:
  if (n > 16)
    return NULL;
  return malloc(n * 32);
big:
  return malloc(n * 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * 32' can overflow; use 'calloc(n, 32)'
  // CHECK-FIXES: return calloc(n, 32);
}

/* After __builtin_unreachable nothing is reached. */
void *unreachable_guard(size_t n) {
  if (n > 100)
    __builtin_unreachable();
  return malloc(n * 8);
}

/* A VLA's size is not a constant. */
void *vla(size_t n, size_t m) {
  char row[m];
  (void)row;
  return malloc(n * sizeof(row));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(row)' can overflow; use 'calloc(n, sizeof(row))'
  // CHECK-FIXES: return calloc(n, sizeof(row));
}

/* The comma operator and a conditional in the count. */
void *comma(size_t n, size_t m, int f) {
  return malloc((f ? n : m) * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(f ? n : m) * 4' can overflow; use 'calloc(f ? n : m, 4)'
  // CHECK-FIXES: return calloc(f ? n : m, 4);
}

/* A do-while whose condition bounds the value for the next round only. */
void *do_loop(size_t n) {
  void *p = NULL;
  do {
    free(p);
    p = malloc(n * 8);
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: allocation size 'n * 8' can overflow; use 'calloc(n, 8)'
    // CHECK-FIXES: p = calloc(n, 8);
    n /= 2;
  } while (n > 100);
  return p;
}

/* Recursion and K&R-style declarations do not matter. */
void *recurse(size_t n) {
  if (n > 10)
    return recurse(n / 2);
  return malloc(n * 1024);
}

/* Blocks nested deep. */
void *deep(size_t n, int a, int b, int c) {
  if (a) {
    if (b) {
      if (c) {
        if (n >= 512)
          return NULL;
        {
          { return malloc(n * 512); }
        }
      }
    }
  }
  return NULL;
}
