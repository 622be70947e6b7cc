// A size computed by a compound assignment is the product it stores, in
// the type it stores it in: `realloc(p, n *= 2)` (expat's m_groupSize,
// CVE-2021-46143) and `n *= 2; realloc(p, n)`. No fix: the assignment
// stores the product too, so the check belongs before it. A size a local
// computes from itself (`n = n * 2`) has no fix either: at the call the
// local no longer holds the operand the product read.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>

struct groups {
  unsigned size, checked_size;
  unsigned char small;
  int *connector;
};

/* Positive: doubled in the argument itself. */
int grow_in_place(struct groups *g) {
  int *p = realloc(g->connector, g->size *= 2);
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: allocation size 'g->size *= 2' can overflow ('g->size *= 2' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-2]]:34: note: 'g->size' grows here ('g->size *= 2') and nothing in this file bounds it, so it can grow until the product overflows 'unsigned int'
  // CHECK-NOTES: :[[@LINE-3]]:12: note: no fix: 'g->size *= 2' also stores the product; check it before it is stored
  if (!p)
    return -1;
  g->connector = p;
  return 0;
}

/* Positive: doubled in a local first. */
int grow_local(struct groups *g, unsigned size) {
  unsigned bytes = size;
  bytes *= 4;
  int *p = realloc(g->connector, bytes);
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: allocation size 'bytes' can overflow ('bytes *= 4' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:9: note: 'bytes' is computed here as 'bytes *= 4'
  // CHECK-NOTES: :[[@LINE-3]]:12: note: no fix: 'bytes *= 4' also stores the product; check it before it is stored
  if (!p)
    return -1;
  g->connector = p;
  return 0;
}

/* Positive: a local computed from itself; the array form would read the
   doubled local. */
int grow_self(struct groups *g, unsigned size) {
  unsigned bytes = size;
  bytes = bytes * 4;
  int *p = realloc(g->connector, bytes);
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: allocation size 'bytes' can overflow ('bytes * 4' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:17: note: 'bytes' is computed here as 'bytes * 4'
  // CHECK-NOTES: :[[@LINE-3]]:12: note: no fix: the operands of the product change before the allocation
  if (!p)
    return -1;
  g->connector = p;
  return 0;
}

/* Negative: an 8-bit value doubled fits. */
int grow_small(struct groups *g) {
  unsigned n = g->small;
  n *= 2;
  int *p = realloc(g->connector, n);
  if (!p)
    return -1;
  g->connector = p;
  return 0;
}

/* Negative: the doubling is checked first (expat's fix of CVE-2021-46143);
   the facts that hold before the argument doubles the size decide. */
int grow_checked(struct groups *g) {
  if (g->checked_size > (unsigned)-1 / 2u)
    return -1;
  int *p = realloc(g->connector, g->checked_size *= 2);
  if (!p)
    return -1;
  g->connector = p;
  return 0;
}
