// At the default level every product needs a named source, so the check
// looks for one before it runs the dataflow, and skips the dataflow when no
// factor of any product in the size has one (ValueSources::maySource).
// These are the sizes where that first look must still see the source: a
// narrow product inside a wide size, a product in one branch of a
// conditional, two public parameters, and a wide product that is narrow
// only because a narrower local stores it. And two where there is none.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>

struct grid {
  int w, h;
  unsigned n;
};

void widen(struct grid *g) {
  g->w *= 2;
  g->h *= 2;
  g->n++;
}

/* Positive: an int product of two grown fields, inside a size_t size. */
void *inner_narrow(struct grid *g) {
  return malloc((size_t)(g->w * g->h) * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size '(size_t)(g->w * g->h) * 4' can overflow ('g->w * g->h' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-9]]:3: note: 'g->w' grows here ('g->w *= 2') and nothing in this file bounds it, so it can grow until the product overflows 'int'
  // CHECK-NOTES: :[[@LINE-3]]:10: note: no fix: 'g->w * g->h' is computed in 'int' and only then widened; convert an operand to 'size_t' first
}

/* Positive: the product from input is one branch of the stored value. */
void *conditional(const char *arg, int flag) {
  size_t n = strtoul(arg, NULL, 10);
  size_t sz = flag ? n * sizeof(double) : 64;
  return malloc(sz);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'sz' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:15: note: 'sz' is computed here as 'flag ? n * sizeof(double) : 64'
  // CHECK-NOTES: :[[@LINE-4]]:24: note: 'n * sizeof(double)' is the product that can overflow
  // CHECK-NOTES: :[[@LINE-6]]:14: note: 'n' can be as large as this 'strtoul(arg, NULL, 10)', a number from outside the program that nothing in this file bounds
  // CHECK-NOTES: :[[@LINE-5]]:10: note: no fix: the product is only part of the size, which has no two-argument form
}

/* Positive: two parameters of a public function, through a local. */
void *public_pair(size_t count, size_t size) {
  size_t total = count * size;
  return malloc(total);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'total' can overflow; use 'calloc(count, size)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:24: note: 'total' is computed here as 'count * size'
  // CHECK-NOTES: :[[@LINE-5]]:7: note: 'count' and 'size' are parameters of 'public_pair', which code outside this file may call with any values
  // CHECK-FIXES: {{^}}  return calloc(count, size);{{$}}
}

/* Positive: a size_t product kept in an unsigned local wraps at 32 bits,
   so growth is a source for it although no multiplication is narrow. */
void *stored_in_unsigned(struct grid *g) {
  unsigned len = (size_t)g->w * g->h * 16;
  return malloc(len);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'len' can overflow; use 'calloc((size_t)g->w, (size_t)g->h * 16)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:38: note: 'len' is computed here as '(size_t)g->w * g->h * 16'
  // CHECK-NOTES: :[[@LINE-42]]:3: note: '(size_t)g->w' grows here ('g->w *= 2') and nothing in this file bounds it, so it can grow until the product overflows 'unsigned int'
  // CHECK-FIXES: {{^}}  return calloc((size_t)g->w, (size_t)g->h * 16);{{$}}
}

/* Negative: computed in size_t from a count that only grows by one: growth
   makes no size_t product wrap. */
void *wide_growth(struct grid *g) {
  return malloc((size_t)g->n * sizeof(double));
}

/* Negative: the same in a size_t local. */
void *wide_growth_stored(struct grid *g) {
  size_t bytes = (size_t)g->n * sizeof(double);
  return malloc(bytes);
}
