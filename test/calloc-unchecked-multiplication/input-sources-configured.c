// Inputs names a project's own sources of large numbers: a function storing
// one through an argument, a field holding one, a function returning one.
// Without the option these are not reported (input-sources.c).
// RUN: %check_calloc_tidy -config='{CheckOptions: {calloc-unchecked-multiplication.Inputs: "read_count(out=2); read_pair(out=2); settings.limit; next_number"}}' %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>

struct item {
  long key;
  double weight;
};

/* Positive: each of the three sources. */
int read_count(const char *text, size_t *out);
struct settings {
  size_t limit;
};
size_t next_number(void);
struct item *configured(const char *text, const struct settings *s) {
  size_t n;
  if (read_count(text, &n) != 0)
    return NULL;
  struct item *a = malloc(n * sizeof(struct item));
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: allocation size 'n * sizeof(struct item)' can overflow; use 'calloc(n, sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: struct item *a = calloc(n, sizeof(struct item));
  struct item *b = malloc(s->limit * sizeof(struct item));
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: allocation size 's->limit * sizeof(struct item)' can overflow; use 'calloc(s->limit, sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: struct item *b = calloc(s->limit, sizeof(struct item));
  struct item *c = malloc(next_number() * sizeof(struct item));
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: allocation size 'next_number() * sizeof(struct item)' can overflow; use 'calloc(next_number(), sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: struct item *c = calloc(next_number(), sizeof(struct item));
  free(a);
  free(b);
  return c;
}

/* Negative: read_pair stores input through its second argument only. */
int read_pair(size_t *first, size_t *second);
struct item *other_argument(void) {
  size_t a, b;
  if (read_pair(&a, &b) != 0)
    return NULL;
  return malloc(a * sizeof(struct item));
}
