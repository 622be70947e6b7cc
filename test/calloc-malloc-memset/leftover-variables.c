// The fix takes out the zeroing and, for a size held by a local, the read
// in the allocation: a local that nothing reads any more goes too, so that
// the fixed file builds with -Wall -Werror (the runner compiles it so).
// When it cannot go, there is no fix, and a note says why.
// RUN: %check_calloc_tidy %s calloc-malloc-memset %t

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The product is split into calloc's arguments: 'bytes' goes. */
double *stored_product(size_t n) {
  size_t bytes = n * sizeof(double);
  double *d = malloc(bytes);
  if (!d)
    return NULL;
  memset(d, 0, bytes);
  return d;
}
// CHECK-NOTES: :[[@LINE-6]]:15: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof(double))'
// CHECK-NOTES: :[[@LINE-4]]:3: note: 'memset' zeroes the whole allocation here
// CHECK-FIXES: double *stored_product(size_t n) {
// CHECK-FIXES-NEXT: double *d = calloc(n, sizeof(double));
// CHECK-FIXES-NEXT: if (!d)
// CHECK-FIXES-NEXT: return NULL;
// CHECK-FIXES-NEXT: return d;

/* Assigned apart from its declaration: both go. */
double *assigned_product(size_t n) {
  size_t bytes;
  double *d;
  bytes = n * sizeof(double);
  d = malloc(bytes);
  if (d)
    memset(d, 0, bytes);
  return d;
}
// CHECK-NOTES: :[[@LINE-5]]:7: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof(double))'
// CHECK-NOTES: :[[@LINE-4]]:5: note: 'memset' zeroes the whole allocation here
// CHECK-FIXES: double *assigned_product(size_t n) {
// CHECK-FIXES-NEXT: double *d;
// CHECK-FIXES-NEXT: d = calloc(n, sizeof(double));
// CHECK-FIXES-NEXT: return d;

/* A size that is not a product stays in the call, and so does its local. */
char *stored_size(size_t n) {
  size_t bytes = n + 1;
  char *s = malloc(bytes);
  if (!s)
    return NULL;
  memset(s, 0, bytes);
  return s;
}
// CHECK-NOTES: :[[@LINE-6]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, bytes)'
// CHECK-NOTES: :[[@LINE-4]]:3: note: 'memset' zeroes the whole allocation here
// CHECK-FIXES: size_t bytes = n + 1;
// CHECK-FIXES-NEXT: char *s = calloc(1, bytes);

/* The zeroing was the pointer's only read: the pointer cannot go with its
   allocation, so no fix. */
void touch(size_t n) {
  char *scratch = malloc(n);
  if (scratch)
    memset(scratch, 0, n);
}
// CHECK-NOTES: :[[@LINE-4]]:19: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; 'calloc' can skip zeroing fresh pages
// CHECK-NOTES: :[[@LINE-3]]:5: note: 'memset' zeroes the whole allocation here
// CHECK-NOTES: :[[@LINE-6]]:19: note: no fix: 'scratch' would be left unused, and its initializer has side effects

/* Code under an #if in the local's scope may read it: no fix. */
double *read_under_if(size_t n) {
  size_t bytes = n * sizeof(double);
  double *d = malloc(bytes);
  if (!d)
    return NULL;
  memset(d, 0, bytes);
#ifdef TRACE
  fprintf(stderr, "%zu\n", bytes);
#endif
  return d;
}
// CHECK-NOTES: :[[@LINE-9]]:15: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; 'calloc' can skip zeroing fresh pages
// CHECK-NOTES: :[[@LINE-7]]:3: note: 'memset' zeroes the whole allocation here
// CHECK-NOTES: :[[@LINE-11]]:15: note: no fix: 'bytes' would be left unused, and a preprocessor directive in its scope may use it

/* The size of two pairs: each fix alone would keep it, both together would
   leave it unused, and each must be right on its own: no fix. */
double *two_pairs(size_t n, double **second) {
  size_t bytes = n * sizeof(double);
  double *a = malloc(bytes);
  if (!a)
    return NULL;
  memset(a, 0, bytes);
  double *b = malloc(bytes);
  if (!b)
    return NULL;
  memset(b, 0, bytes);
  *second = b;
  return a;
}
// CHECK-NOTES: :[[@LINE-11]]:15: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; 'calloc' can skip zeroing fresh pages
// CHECK-NOTES: :[[@LINE-9]]:3: note: 'memset' zeroes the whole allocation here
// CHECK-NOTES: :[[@LINE-13]]:15: note: no fix: 'bytes' also sizes another allocation, and fixing both would leave it unused
// CHECK-NOTES: :[[@LINE-10]]:15: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; 'calloc' can skip zeroing fresh pages
// CHECK-NOTES: :[[@LINE-8]]:3: note: 'memset' zeroes the whole allocation here
// CHECK-NOTES: :[[@LINE-12]]:15: note: no fix: 'bytes' also sizes another allocation, and fixing both would leave it unused
