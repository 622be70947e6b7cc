// An increment of a holder keeps the product it held: `lines->clines *= 2;`
// then `realloc(p, ++lines->clines * size)` (zbar's QR finder lines) is the
// doubling in int, moved by one, and wraps where the doubling does. The
// check steps back over `++`, `--` (pre or post) to the definition before
// them. Positive: a doubled field and local, an int area plus one.
// Negative: the same after a guard, with small factors, and a counter
// stepped from 0.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <limits.h>
#include <stdlib.h>
#include <stdint.h>

struct item { int a[5]; };
struct list { struct item *items; int count, cap; };

int add(struct list *l, const struct item *it) {
  if (l->count >= l->cap) {
    l->cap *= 2;
    l->items = realloc(l->items, ++l->cap * sizeof(*l->items));
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: allocation size '++l->cap * sizeof(*l->items)' can overflow ('l->cap *= 2' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  }
  l->items[l->count++] = *it;
  return 0;
}

void *grown(void *p, int n) {
  n *= 2;
  return realloc(p, ++n * sizeof(struct item));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '++n * sizeof(struct item)' can overflow ('n *= 2' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

void *area_plus_one(int w, int h) {
  int n = w * h;
  n++;
  return malloc(n);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n' can overflow ('w * h' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

int add_checked(struct list *l, const struct item *it) {
  if (l->count >= l->cap) {
    if (l->cap > INT_MAX / 2 - 1)
      return -1;
    l->cap *= 2;
    l->items = realloc(l->items, ++l->cap * sizeof(*l->items));
  }
  l->items[l->count++] = *it;
  return 0;
}

void *small_area(uint8_t w, uint8_t h) {
  int n = w * h;
  n++;
  return malloc(n);
}

void *counted(void) {
  int n = 0;
  n++;
  return malloc(n * sizeof(int));
}

void use(int);

/* Positive, without a fix: the size is the product plus one, so
   calloc(n, 2) would allocate a byte too few; k is still read after. */
void *plus_one_kept(int n) {
  int k = n * 2;
  ++k;
  void *p = malloc(k);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'k' can overflow ('n * 2' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: void *p = malloc(k);
  use(k);
  return p;
}
