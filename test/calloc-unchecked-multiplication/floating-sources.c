// A count converted from a floating-point number parsed from text (strtod,
// atof, scanf's %lf) comes from input like one parsed as an integer. A test
// of the number with a constant bounds it, unless it is a test that rejects
// and NaN passes it: every ordered comparison with NaN is false, and NaN
// converted to an integer is undefined (x86 gives 2^63, which times 8
// wraps to 0).
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/* Positive: seconds parsed with strtod, times a rate. */
float *samples(const char *arg) {
  double secs = strtod(arg, NULL);
  size_t n = secs * 44100;
  return malloc(n * sizeof(float));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(float)' can overflow; use 'calloc(n, sizeof(float))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-4]]:17: note: 'n' can be as large as this 'strtod(arg, NULL)', a number from outside the program that nothing in this file bounds
  // CHECK-FIXES: return calloc(n, sizeof(float));
}

/* Positive: the sox shape. The option's range test rejects, and NaN
   passes it; the count is computed in another function from the field. */
struct delay {
  double ms;
  size_t len;
  float *buf;
};
int delay_options(struct delay *p, const char *arg) {
  char *end;
  double d = strtod(arg, &end);
  if (d < 0 || d > 30 || *end != '\0') {
    fprintf(stderr, "delay must be between 0 and 30 ms\n");
    return -1;
  }
  p->ms = d;
  return 0;
}
int delay_start(struct delay *p, double rate) {
  p->len = p->ms / 1000 * rate + 0.5;
  p->buf = malloc(p->len * sizeof(float));
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: allocation size 'p->len * sizeof(float)' can overflow; use 'calloc(p->len, sizeof(float))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-12]]:14: note: 'p->len' can be as large as this 'strtod(arg, &end)', a number from outside the program that nothing in this file bounds
  // CHECK-NOTES: :[[@LINE-12]]:7: note: NaN passes this test ('d < 0 || d > 30 || *end != '\0''): every ordered comparison with NaN is false, and converting NaN to an integer is undefined
  // CHECK-FIXES: p->buf = calloc(p->len, sizeof(float));
  return p->buf ? 0 : -1;
}

/* Positive: atof, rounded up. */
short *frames(const char *text) {
  size_t n = (size_t)ceil(atof(text) * 1000);
  return malloc(sizeof(short) * n);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'sizeof(short) * n' can overflow; use 'calloc(n, sizeof(short))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:27: note: 'n' can be as large as this 'atof(text)', a number from outside the program that nothing in this file bounds
  // CHECK-FIXES: return calloc(n, sizeof(short));
}

/* Positive: %lf from sscanf, with a test that only rejects large values. */
double *table(const char *line) {
  double v;
  if (sscanf(line, "%lf", &v) != 1 || v > 1e6)
    return NULL;
  size_t n = v;
  return malloc(n * sizeof(double));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(double)' can overflow; use 'calloc(n, sizeof(double))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-5]]:7: note: 'n' can be as large as this 'sscanf(line, "%lf", &v)', a number from outside the program that nothing in this file bounds
  // CHECK-NOTES: :[[@LINE-6]]:7: note: NaN passes this test ('sscanf(line, "%lf", &v) != 1 || v > 1e6'): every ordered comparison with NaN is false, and converting NaN to an integer is undefined
  // CHECK-FIXES: return calloc(n, sizeof(double));
}

/* Positive: a rate over a speed from input: a small or NaN divisor makes
   the quotient large. */
struct chorus {
  float speed;
};
int chorus_options(struct chorus *c, const char *arg) {
  if (sscanf(arg, "%f", &c->speed) != 1 || c->speed > 5)
    return -1;
  return 0;
}
float *chorus_table(const struct chorus *c, double rate) {
  size_t len = rate / c->speed;
  return malloc(sizeof(float) * len);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'sizeof(float) * len' can overflow; use 'calloc(len, sizeof(float))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-8]]:7: note: 'len' can be as large as this 'sscanf(arg, "%f", &c->speed)', a number from outside the program that nothing in this file bounds
  // CHECK-NOTES: :[[@LINE-9]]:7: note: NaN passes this test ('sscanf(arg, "%f", &c->speed) != 1 || c->speed > 5'): every ordered comparison with NaN is false, and converting NaN to an integer is undefined
  // CHECK-FIXES: return calloc(len, sizeof(float));
}

/* Negative: in integers a divisor only makes the quotient smaller. */
struct item_list {
  size_t total;
};
float *per_part(const struct item_list *l, const char *arg) {
  size_t parts = strtoul(arg, NULL, 10);
  if (parts == 0)
    return NULL;
  size_t n = l->total / parts;
  return malloc(n * sizeof(float));
}

/* Negative: a range test NaN fails, since it accepts rather than rejects. */
float *checked_range(const char *arg) {
  double d = strtod(arg, NULL);
  if (!(d >= 0 && d <= 30))
    return NULL;
  size_t n = d * 44100;
  return malloc(n * sizeof(float));
}

/* Negative: NaN is rejected by name. */
float *checked_nan(const char *arg) {
  double d = strtod(arg, NULL);
  if (isnan(d) || d < 0 || d > 30)
    return NULL;
  size_t n = d * 44100;
  return malloc(n * sizeof(float));
}

/* Negative: a clamp that does not leave is taken as a bound (the check
   stays quiet when it cannot tell). */
float *clamped(const char *arg) {
  double d = strtod(arg, NULL);
  if (d > 30)
    d = 30;
  size_t n = d * 44100;
  return malloc(n * sizeof(float));
}

/* Negative: the converted count is tested itself. */
float *count_tested(const char *arg) {
  size_t n = strtod(arg, NULL) * 44100;
  if (n > 1 << 20)
    return NULL;
  return malloc(n * sizeof(float));
}

/* Negative: converted to int first: an int times 4 fits size_t. */
float *through_int(const char *arg) {
  int n = atof(arg) * 44100;
  return malloc((size_t)n * sizeof(float));
}

/* Negative: fmin bounds it, NaN included (fmin returns the other). */
float *through_fmin(const char *arg) {
  size_t n = fmin(strtod(arg, NULL), 30.0) * 44100;
  return malloc(n * sizeof(float));
}

/* Negative: a double that no input reaches. */
float *computed(double rate) {
  size_t n = rate * 2;
  return malloc(n * sizeof(float));
}
