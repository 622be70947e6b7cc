// Products of a count and an element size, written in the call: reported,
// and rewritten to calloc(count, size) with the size second.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct record {
  uint32_t id;
  uint16_t flags;
  char name[26];
};

/* A 64-bit count read from the wire, used as is: the classic decoder bug. */
uint64_t read_be64(const uint8_t *buf);
struct record *decode_records(const uint8_t *buf, size_t *out_count) {
  uint64_t count = read_be64(buf);
  struct record *recs = malloc(count * sizeof(struct record));
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: allocation size 'count * sizeof(struct record)' can overflow; use 'calloc(count, sizeof(struct record))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: struct record *recs = calloc(count, sizeof(struct record));
  *out_count = count;
  return recs;
}

/* Four bytes assembled into a count cannot exceed 2^32: times 32 bytes it
   fits a 64-bit size_t. */
struct record *decode_small(const uint8_t *buf) {
  size_t count = (size_t)buf[0] << 24 | (size_t)buf[1] << 16 |
                 (size_t)buf[2] << 8 | buf[3];
  return malloc(count * sizeof(struct record));
}

/* sizeof first: calloc still gets the count first. */
int *make_table(size_t n) {
  return (int *)malloc(sizeof(int) * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: allocation size 'sizeof(int) * n' can overflow; use 'calloc(n, sizeof(int))', which checks the multiplication
  // CHECK-FIXES: return (int *)calloc(n, sizeof(int));
}

/* sizeof applied to an expression, and parentheses around the size. */
double *make_samples(size_t frames, double *old) {
  double *s = malloc((frames * sizeof *old));
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: allocation size '(frames * sizeof *old)' can overflow; use 'calloc(frames, sizeof *old)'
  // CHECK-FIXES: double *s = calloc(frames, sizeof *old);
  return s;
}

/* Two counts and nothing constant: calloc(a, b) in the written order. */
void *make_matrix(size_t rows, size_t cols) {
  return malloc(rows * cols);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'rows * cols' can overflow; use 'calloc(rows, cols)'
  // CHECK-FIXES: return calloc(rows, cols);
}

/* Several constants are grouped with the sizeof. */
uint32_t *make_rgb_planes(size_t pixels) {
  return malloc(pixels * 3 * sizeof(uint32_t));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'pixels * 3 * sizeof(uint32_t)' can overflow; use 'calloc(pixels, 3 * sizeof(uint32_t))'
  // CHECK-FIXES: return calloc(pixels, 3 * sizeof(uint32_t));
}

/* A constant element size without sizeof. */
char *make_hex(size_t len) {
  return malloc(len * 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'len * 2' can overflow; use 'calloc(len, 2)'
  // CHECK-FIXES: return calloc(len, 2);
}

/* The count is a field read through a pointer. */
struct vec {
  size_t len;
  int *data;
};
void vec_alloc(struct vec *v) {
  v->data = malloc(v->len * sizeof(*v->data));
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'v->len * sizeof(*v->data)' can overflow; use 'calloc(v->len, sizeof(*v->data))'
  // CHECK-FIXES: v->data = calloc(v->len, sizeof(*v->data));
}

/* The count is itself computed: as a whole argument it needs no
   parentheses, however many were written. */
char **split_fields(size_t commas) {
  return malloc((commas + 1) * sizeof(char *));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(commas + 1) * sizeof(char *)' can overflow; use 'calloc(commas + 1, sizeof(char *))'
  // CHECK-FIXES: return calloc(commas + 1, sizeof(char *));
}
char **split_twice(size_t commas) {
  return malloc(((commas + 1)) * sizeof(char *));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '((commas + 1)) * sizeof(char *)' can overflow; use 'calloc(commas + 1, sizeof(char *))'
  // CHECK-FIXES: return calloc(commas + 1, sizeof(char *));
}
/* A parenthesized size that is one factor of several keeps them. */
void *rows_of(size_t rows, unsigned char w) {
  return malloc(rows * (w + 1u) * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'rows * (w + 1u) * 4' can overflow; use 'calloc(rows, (size_t)(w + 1u) * 4)'
  // CHECK-FIXES: return calloc(rows, (size_t)(w + 1u) * 4);
}

/* Around a comma expression they stay: without them it would be two
   arguments. */
static unsigned calls;
void *counted(size_t n) {
  return malloc((++calls, n) * sizeof(long));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(++calls, n) * sizeof(long)' can overflow; use 'calloc((++calls, n), sizeof(long))'
  // CHECK-FIXES: return calloc((++calls, n), sizeof(long));
}

/* Parentheses a macro body wrote stay with the macro, whose name is what
   the fix copies. */
#define SLOTS(n) ((n) + 2)
#define FIELDS (nfields + 1)
void *slots(size_t n, size_t nfields) {
  void *a = malloc(SLOTS(n) * sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'SLOTS(n) * sizeof(int)' can overflow; use 'calloc(SLOTS(n), sizeof(int))'
  // CHECK-FIXES: void *a = calloc(SLOTS(n), sizeof(int));
  void *b = malloc(FIELDS * sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'FIELDS * sizeof(int)' can overflow; use 'calloc(FIELDS, sizeof(int))'
  // CHECK-FIXES: void *b = calloc(FIELDS, sizeof(int));
  free(a);
  return b;
}

/* aligned_alloc has no checked array form in libc: warn, explain, no fix. */
void *aligned_rows(size_t rows) {
  return aligned_alloc(64, rows * 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'rows * 64' can overflow and nothing checks the multiplication
}

/* A count that can be negative becomes a huge size and the allocation fails;
   that is not a short buffer, so a 32-bit int count on a 64-bit target is
   fine, and so is any count of a type narrower than size_t. */
void *from_int(int n, unsigned short m) {
  void *a = malloc(n * sizeof(double));
  void *b = malloc(m * sizeof(double));
  free(a);
  return b;
}
