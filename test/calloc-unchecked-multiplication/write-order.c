// A local's writes that run only after the product do not give its factor
// a value: `n = i; goto fail;` past the allocation, on an error path, does
// not make n a counter that grows (libxslt's str:replace is this shape).
// A write after the product still counts when a loop holds both, or when
// the function jumps back (a goto to a label above it, setjmp). And a
// local grows only by a step that can run again in the same call: one
// `res *= 2` outside any loop doubles it once. Narrow products here: they
// need a source (see narrow-sources.c), such as a capacity doubled, under
// NarrowProductsNeedSource, which this test sets; by default every narrow
// product nothing bounds is reported (narrow-default.c).
// RUN: %check_calloc_tidy -check-option=calloc-unchecked-multiplication.NarrowProductsNeedSource=true %s calloc-unchecked-multiplication %t

#include <setjmp.h>
#include <stddef.h>
#include <stdlib.h>

struct set {
  int count;
  void **items;
};

void release(void **table, int n);
void *convert(void *item);

/* Negative: n is the set's size (a field this file never writes) when
   the table is allocated; n = i only cuts it afterwards, for the cleanup. */
void **convert_all(const struct set *s) {
  int n = s->count;
  void **table = malloc(2 * n);
  if (!table)
    return NULL;
  for (int i = 0; i < n; ++i) {
    table[i] = convert(s->items[i]);
    if (!table[i]) {
      n = i;
      goto fail;
    }
  }
  return table;
fail:
  release(table, n);
  return NULL;
}

/* Positive: the same, but n is set before the allocation to a counter of
   the items a loop walks. */
void **count_then_allocate(const struct set *s) {
  int n = 0, i;
  for (i = 0; s->items[i]; i++)
    n = i + 1;
  return malloc(2 * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '2 * n' can overflow ('2 * n' is computed in 'int'); use 'calloc(n, 2)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, 2);
}

/* Positive: the write comes after the allocation in the source, but the
   loop around both runs it before the next allocation. */
void allocate_in_loop(void **out, int rounds) {
  int n = 1;
  for (int r = 0; r < rounds; r++) {
    out[r] = malloc(2 * n);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: allocation size '2 * n' can overflow ('2 * n' is computed in 'int'); use 'calloc(n, 2)', which checks the multiplication [calloc-unchecked-multiplication]
    // CHECK-FIXES: out[r] = calloc(n, 2);
    n *= 2;
  }
}

/* Positive: a goto back to a label above the allocation. */
void *retry(const struct set *s, int tries) {
  int n = s->count;
  void *p;
again:
  p = malloc(2 * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: allocation size '2 * n' can overflow ('2 * n' is computed in 'int'); use 'calloc(n, 2)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: p = calloc(n, 2);
  if (!p && tries-- > 0) {
    n *= 2;
    goto again;
  }
  return p;
}

/* Positive: after the write, a longjmp from step() comes back out of
   setjmp, and the allocation runs again. */
void step(void);
jmp_buf resume;
void *after_longjmp(const struct set *s) {
  int n = s->count;
  void *p;
  setjmp(resume);
  p = malloc(2 * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: allocation size '2 * n' can overflow ('2 * n' is computed in 'int'); use 'calloc(n, 2)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: p = calloc(n, 2);
  n *= 2;
  step();
  return p;
}

/* Negative: doubled once, outside any loop: res is at most twice
   size / n, not a capacity that keeps growing. */
unsigned *rounded_table(unsigned size, unsigned n) {
  unsigned res = size / n;
  if (res * n != size)
    res *= 2;
  return malloc(res * 4);
}

/* Positive: the same step, but a goto above it makes it run again. */
unsigned *rounded_until(unsigned size, unsigned n, int (*enough)(unsigned)) {
  unsigned res = size / n;
more:
  if (!enough(res)) {
    res *= 2;
    goto more;
  }
  return malloc(res * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'res * 4' can overflow ('res * 4' is computed in 'unsigned int'); use 'calloc(res, 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(res, 4);
}

/* Negative: the step sits in a branch the compiler drops (busybox's
   `if (ENABLE_FEATURE_...)` with the feature off), so it never runs,
   even though a goto above makes the code around it run again. */
#define ENABLE_RESERVE 0
unsigned *reserved_table(unsigned size, unsigned n, unsigned extra,
                         int (*enough)(unsigned)) {
  unsigned res;
more:
  res = size / n;
  if (ENABLE_RESERVE)
    res *= extra;
  if (!enough(res))
    goto more;
  return malloc(res * 4);
}

/* Negative: the same when the condition also reads a variable that `&&`
   never reaches: `ENABLE_RESERVE && verbose` is 0 all the same. */
unsigned *reserved_when_verbose(unsigned size, unsigned n, unsigned extra,
                                int verbose, int (*enough)(unsigned)) {
  unsigned res;
more:
  res = size / n;
  if (ENABLE_RESERVE && verbose)
    res *= extra;
  if (!enough(res))
    goto more;
  return malloc(res * 4);
}

/* Negative: a goto back in the else of an always-true condition never
   runs, so the one doubling runs once. */
unsigned *rounded_else(unsigned size, unsigned n) {
  unsigned res;
more:
  res = size / n;
  if (res * n != size)
    res *= 2;
  if (1) {
    res |= 1;
  } else {
    goto more;
  }
  return malloc(res * 4);
}

/* Positive: with the feature on, the step runs on every pass. */
#define ENABLE_GROWTH 1
unsigned *grown_table(unsigned size, unsigned n, unsigned extra,
                      int (*enough)(unsigned)) {
  unsigned res = size / n;
more:
  if (ENABLE_GROWTH)
    res *= extra;
  if (!enough(res))
    goto more;
  return malloc(res * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'res * 4' can overflow ('res * 4' is computed in 'unsigned int'); use 'calloc(res, 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(res, 4);
}

/* Positive: a label inside the dropped branch lets the goto in, so the
   step may run after all. */
unsigned *entered_branch(unsigned size, unsigned n, unsigned extra,
                         int (*enough)(unsigned)) {
  unsigned res = size / n;
  if (!enough(res))
    goto grow;
  if (0) {
  grow:
    res *= extra;
    if (!enough(res))
      goto grow;
  }
  return malloc(res * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'res * 4' can overflow ('res * 4' is computed in 'unsigned int'); use 'calloc(res, 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(res, 4);
}
