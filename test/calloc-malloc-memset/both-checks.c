// With both calloc-* checks on, a malloc(n * size) that is zeroed right away
// gets two warnings (in an order that depends on the clang-tidy version) and
// their fixes overlap on the call: clang-tidy applies one of them, and the result is one calloc(count, size) and no memset.
// RUN: %check_calloc_tidy %any_count %s calloc-* %t

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct entry {
  const char *key;
  long value;
};

struct entry *entries_new(size_t n) {
  // CHECK-MESSAGES-DAG: :[[@LINE+2]]:21: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof(struct entry))', which can skip zeroing fresh pages [calloc-malloc-memset]
  // CHECK-MESSAGES-DAG: :[[@LINE+1]]:21: warning: allocation size 'n * sizeof(struct entry)' can overflow; use 'calloc(n, sizeof(struct entry))', which checks the multiplication [calloc-unchecked-multiplication]
  struct entry *e = malloc(n * sizeof(struct entry));
  if (!e)
    return NULL;
  memset(e, 0, n * sizeof(struct entry));
  return e;
}
// CHECK-FIXES: struct entry *e = calloc(n, sizeof(struct entry));
// CHECK-FIXES-NEXT: if (!e)
// CHECK-FIXES-NEXT: return NULL;
// CHECK-FIXES-NEXT: return e;

int *ints(size_t n) {
  // CHECK-MESSAGES-DAG: :[[@LINE+2]]:12: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof(int))'
  // CHECK-MESSAGES-DAG: :[[@LINE+1]]:12: warning: allocation size 'n * sizeof(int)' can overflow; use 'calloc(n, sizeof(int))'
  int *p = malloc(n * sizeof(int));
  if (p)
    memset(p, 0, sizeof(int) * n);
  return p;
}
// CHECK-FIXES: int *p = calloc(n, sizeof(int));
// CHECK-FIXES-NEXT: return p;

/* The size computed into a local first: both checks split its product. */
double *samples(size_t n) {
  size_t bytes = n * sizeof(double);
  // CHECK-MESSAGES-DAG: :[[@LINE+2]]:15: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof(double))'
  // CHECK-MESSAGES-DAG: :[[@LINE+1]]:15: warning: allocation size 'bytes' can overflow; use 'calloc(n, sizeof(double))'
  double *s = malloc(bytes);
  if (!s)
    return NULL;
  memset(s, 0, bytes);
  return s;
}
// CHECK-FIXES: double *samples(size_t n) {
// CHECK-FIXES-NOT: size_t bytes = n * sizeof(double);
// CHECK-FIXES: double *s = calloc(n, sizeof(double));
// CHECK-FIXES-NEXT: if (!s)
// CHECK-FIXES-NEXT: return NULL;
// CHECK-FIXES-NEXT: return s;

/* A size that cannot overflow: only the memset check speaks. */
char *bytes_only(size_t n) {
  // CHECK-MESSAGES: :[[@LINE+1]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
  char *b = malloc(n);
  if (!b)
    return NULL;
  memset(b, 0, n);
  return b;
}
// CHECK-FIXES: char *b = calloc(1, n);
// CHECK-FIXES-NEXT: if (!b)
// CHECK-FIXES-NEXT: return NULL;
// CHECK-FIXES-NEXT: return b;
