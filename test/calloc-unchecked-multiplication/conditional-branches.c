// A branch of a conditional runs only where its condition holds: the
// capacity doubled only below half the limit (opusfile's string buffer),
// a count scaled only below a cap. Near misses (the test the other way, a
// cast that can turn a large value negative, the test of another value)
// still warn.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stdlib.h>

struct buffer {
  char *data;
  int capacity;
};

/* Doubled only while at most half the limit, else set to the limit: with
   any int limit, 2 * cap + 1 stays within int. */
int grow(struct buffer *b, int limit) {
  int cap = b->capacity;
  cap = cap <= (limit - 1) >> 1 ? 2 * cap + 1 : limit + 1;
  char *data = realloc(b->data, sizeof(*data) * cap);
  if (!data)
    return -1;
  b->data = data;
  b->capacity = cap;
  return 0;
}

/* The same with the bound written the other way round. */
int *scaled(int *p, int n) {
  int m = 1000 > n ? n * 4 : 4000;
  return realloc(p, m * sizeof(int));
}

/* The false branch: n is at most 1000 there. */
int *scaled_else(int *p, int n) {
  int m = n > 1000 ? 4000 : n * 4;
  return realloc(p, m * sizeof(int));
}

/* Positive: the branch that multiplies is the one where n is large. */
int *scaled_wrong_way(int *p, int n) {
  int m = n > 1000 ? n * 4 : 4000;
  return realloc(p, m * sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'm * sizeof(int)' can overflow ('n * 4' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: the test reads n converted to int, which is negative for
   unsigned values past INT_MAX; the product is computed in unsigned. */
int *scaled_cast(int *p, unsigned n) {
  unsigned m = (int)n < 1000 ? n * 4 : 4000;
  return realloc(p, m * sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'm * sizeof(int)' can overflow ('n * 4' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: the condition bounds another value. */
int *scaled_other(int *p, int n, int k) {
  int m = k < 1000 ? n * 4 : 4000;
  return realloc(p, m * sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'm * sizeof(int)' can overflow ('n * 4' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: the bound is too large for the product. */
int *scaled_too_far(int *p, int n) {
  int m = n < 1000000000 ? n * 4 : 4000;
  return realloc(p, m * sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'm * sizeof(int)' can overflow ('n * 4' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}
