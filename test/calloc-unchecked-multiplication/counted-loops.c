// A counter stepped by its own `for` loop, `for (...; i < E; i++)`, stops
// at E: it holds E's values, not a count that grows with nothing to bound
// it. So a narrow product of it has a source only when E has one (see
// narrow-sources.c for the sources). Run with NarrowProductsNeedSource, the
// option that asks a narrow product for a source: by default every narrow
// product nothing bounds is reported (narrow-default.c).
// RUN: %check_calloc_tidy -check-option=calloc-unchecked-multiplication.NarrowProductsNeedSource=true %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>

struct digits {
  int used;
  unsigned *dp;
};

/* Negative: the counter stops at a field this file never writes (set and
   bounded where the number is read, in another file). */
unsigned *top_digits(const struct digits *d) {
  int n = 0;
  for (int i = 0; i < d->used; i++)
    if (d->dp[i])
      n = i;
  return malloc(n * 8);
}

/* Negative: the same with the limit on the left (`E > i`) and `++i`. */
unsigned *top_digits_reversed(const struct digits *d) {
  int n = 0;
  for (int i = 0; d->used > i; ++i)
    if (d->dp[i])
      n = i;
  return malloc(n * 8);
}

/* Positive: the limit is a number parsed from text: the counter holds it. */
char *repeat(const char *count_text) {
  int n = 0;
  int count = atoi(count_text);
  for (int i = 0; i < count; i++)
    n = i + 1;
  return malloc(n * 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * 16' can overflow ('n * 16' is computed in 'int'); use 'calloc(n, 16)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, 16);
}

/* Positive: a loop with no limit on the counter (`for (;;)`, a test of
   something else: here the end of a string it walks) lets it grow. */
char *until_zero(const char *s) {
  int n = 0;
  for (const char *p = s; *p; p++)
    n++;
  return malloc(n * 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * 16' can overflow ('n * 16' is computed in 'int'); use 'calloc(n, 16)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, 16);
}

/* Negative: the body steps the counter too, as far as a string's spaces
   go, past the loop's limit; but a step by one is no source of its own
   (narrow-sources.c), and the limit is a field set elsewhere. */
unsigned *skipping(const struct digits *d, const char *s) {
  int n = 0;
  for (int i = 0; i < d->used; i++) {
    while (*s++ == ' ')
      i++;
    n = i;
  }
  return malloc(n * 8);
}

/* Positive: the body doubles the counter, past anything the loop's limit
   says. */
unsigned *doubling(const struct digits *d, const char *s) {
  int n = 0;
  for (int i = 1; i < d->used; i++) {
    if (*s++ == ' ')
      i *= 2;
    n = i;
  }
  return malloc(n * 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * 8' can overflow ('n * 8' is computed in 'int'); use 'calloc(n, 8)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, 8);
}
