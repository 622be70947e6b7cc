// A count a function of this file stores through a pointer for its caller
// (`if (!read_count(f, &n)) return NULL;`) comes from wherever that
// function gets it: the tracer follows `&n` into the callee, to what it
// assigns to `*p` or `p[0]`, and on through a function it hands `p` to.
// Positive: input stored that way, into a local or a field, directly, with
// the answer ignored, or through a second helper or a configured `Inputs`
// function. Negative: the same helpers with a bound before the store or in
// the caller, and helpers that store only small values (narrow products, under NarrowProductsNeedSource).
// RUN: %check_calloc_tidy -config='{CheckOptions: {calloc-unchecked-multiplication.Inputs: "parse_header(out=2)", calloc-unchecked-multiplication.NarrowProductsNeedSource: true}}' %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

size_t strtosize(const char *s, char **end);
int parse_header(const char *text, uint64_t *length);

/* Bytes read from a file, assembled into a 32-bit count. */
static int read_count(FILE *f, uint32_t *count) {
  unsigned char b[4];
  if (fread(b, 1, 4, f) != 4)
    return 0;
  *count = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 |
           b[3];
  return 1;
}

/* Positive: a 32-bit product of the count read. */
uint32_t *read_table(FILE *f) {
  uint32_t n;
  if (!read_count(f, &n))
    return NULL;
  return malloc(n * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * 4' can overflow ('n * 4' is computed in 'uint32_t'); use 'calloc(n, 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :24:78: note: 'n' can be as large as this '(uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3]', a number assembled from bytes in memory that nothing in this file bounds
  // CHECK-FIXES: return calloc(n, 4);
}

/* Positive: the helper's answer ignored; where it stores, it stores
   input (where it does not, n is never set). */
uint32_t *read_table_unchecked(FILE *f) {
  uint32_t n;
  (void)read_count(f, &n);
  return malloc(n * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * 4' can overflow ('n * 4' is computed in 'uint32_t'); use 'calloc(n, 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :24:78: note: 'n' can be as large as this '(uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3]', a number assembled from bytes in memory that nothing in this file bounds
  // CHECK-FIXES: return calloc(n, 4);
}

/* Positive: the same count stored into a field. */
struct table {
  uint32_t rows;
};
uint32_t *read_rows(FILE *f, struct table *t) {
  if (!read_count(f, &t->rows))
    return NULL;
  return malloc(t->rows * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 't->rows * 4' can overflow ('t->rows * 4' is computed in 'uint32_t'); use 'calloc(t->rows, 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :24:78: note: 't->rows' can be as large as this '(uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3]', a number assembled from bytes in memory that nothing in this file bounds
  // CHECK-FIXES: return calloc(t->rows, 4);
}

/* Positive: a helper that hands the pointer on to another. */
static int read_rows_count(FILE *f, uint32_t *rows) {
  return read_count(f, rows);
}

uint32_t *read_via_helper(FILE *f) {
  uint32_t n;
  if (!read_rows_count(f, &n))
    return NULL;
  return malloc(n * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * 4' can overflow ('n * 4' is computed in 'uint32_t'); use 'calloc(n, 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :24:78: note: 'n' can be as large as this '(uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3]', a number assembled from bytes in memory that nothing in this file bounds
  // CHECK-FIXES: return calloc(n, 4);
}

/* Positive: a 64-bit number parsed from text, stored for the caller. */
static void parse_size(const char *text, size_t *out) { *out = strtosize(text, NULL); }

double *parse_weights(const char *text) {
  size_t n;
  parse_size(text, &n);
  return malloc(n * sizeof(double));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(double)' can overflow; use 'calloc(n, sizeof(double))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :80:64: note: 'n' can be as large as this 'strtosize(text, NULL)', a number from outside the program that nothing in this file bounds
  // CHECK-FIXES: return calloc(n, sizeof(double));
}

/* Positive: a helper that hands the pointer to a configured source. */
static int header_length(const char *text, uint64_t *length) {
  return parse_header(text, length);
}

char *read_body(const char *text) {
  uint64_t len = 0;
  if (!header_length(text, &len))
    return NULL;
  return malloc(len * 16);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'len * 16' can overflow; use 'calloc(len, 16)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :93:10: note: 'len' can be as large as this 'parse_header(text, length)', a number from outside the program that nothing in this file bounds
  // CHECK-FIXES: return calloc(len, 16);
}

/* Negative: the helper refuses a large count before it stores it. */
static int read_small_count(FILE *f, uint32_t *count) {
  uint32_t v;
  if (!read_count(f, &v))
    return 0;
  if (v > 4096)
    return 0;
  *count = v;
  return 1;
}

uint32_t *read_small_table(FILE *f) {
  uint32_t n;
  if (!read_small_count(f, &n))
    return NULL;
  return malloc(n * 4);
}

/* Negative: the caller refuses a large count. */
uint32_t *read_table_checked(FILE *f) {
  uint32_t n;
  if (!read_count(f, &n) || n > UINT32_MAX / 4)
    return NULL;
  return malloc(n * 4);
}

/* Negative: the helper stores only constants. */
static void pick_width(int wide, uint32_t *width) {
  if (wide)
    *width = 64;
  else
    width[0] = 16;
}

uint32_t *make_row(int wide) {
  uint32_t w;
  pick_width(wide, &w);
  return malloc(w * 4);
}

/* Negative: the helper stores input through another parameter, and hands
   that one on; what it stores through this one is no input. */
uint32_t default_width(void);
static int read_two(FILE *f, uint32_t *count, uint32_t *width) {
  unsigned char b[1];
  if (fread(b, 1, 1, f) != 1)
    return 0;
  *count = (uint32_t)b[0] << 24;
  *width = default_width();
  return read_count(f, count);
}

uint32_t *read_width(FILE *f) {
  uint32_t n, w;
  if (!read_two(f, &n, &w))
    return NULL;
  return malloc(w * 4);
}
