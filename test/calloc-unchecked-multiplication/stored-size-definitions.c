// Which value a stored size holds at the allocation. The check finds it
// without the dataflow when the variable gets one value (its initializer,
// or one `=`) that comes first on every path to the call, and is otherwise
// only read (GuardAnalysis::definitionThatDominates); anything else goes
// to the dataflow. Positive: the shapes the shortcut takes. Negative: the
// ones where the product is not what the call gets on every path, or not
// for sure, which the shortcut must leave alone.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>

void adjust(size_t *n);

/* Positive: initialized once, read by the call (through a branch). */
void *init_dominates(size_t a, size_t b, int c) {
  size_t n = a * b;
  if (c)
    return NULL;
  return malloc(n);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n' can overflow; use 'calloc(a, b)'
  // CHECK-FIXES: return calloc(a, b);
}

/* Positive: declared without a value, assigned once before the call. */
void *assignment_dominates(size_t a, size_t b, int c) {
  size_t n;
  if (c)
    a++;
  n = a * b;
  return malloc(n);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n' can overflow; use 'calloc(a, b)'
  // CHECK-FIXES: return calloc(a, b);
}

/* Positive: inside a loop, the value of this iteration. */
void fill(void **out, size_t k, size_t a, size_t b) {
  for (size_t i = 0; i < k; i++) {
    size_t n = a * b;
    out[i] = malloc(n);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: allocation size 'n' can overflow; use 'calloc(a, b)'
    // CHECK-FIXES: out[i] = calloc(a, b);
  }
}

/* Negative: assigned on one path only; on the other the size is 64. */
void *assignment_on_one_path(size_t a, size_t b, int c) {
  size_t n = 64;
  if (c)
    n = a * b;
  return malloc(n);
}

/* Negative: the one assignment comes after the call in the loop: the first
   call gets whatever n held (declared without a value). */
void before_in_loop(void **out, size_t k, size_t a, size_t b) {
  size_t n;
  for (size_t i = 0; i < k; i++) {
    if (i)
      out[i] = malloc(n);
    n = a * b;
  }
}

/* Negative: its address goes to a function that may change it. */
void *address_taken(size_t a, size_t b) {
  size_t n = a * b;
  adjust(&n);
  return malloc(n);
}

/* Negative: the assignment is jumped over. */
void *jumped_over(size_t a, size_t b, int c) {
  size_t n = 32;
  if (c)
    goto alloc;
  n = a * b;
alloc:
  return malloc(n);
}

/* Negative: a second write that is not `=`. */
void *compound_write(size_t a, size_t b) {
  size_t n = a * b;
  n >>= 1;
  return malloc(n);
}

/* Positive: a loop around a switch comes back to the declaration of a
   case's local, but goes on from there to the call only through the
   assignment (SQLite's sqlite3VdbeExec is this shape). */
void run(void **out, const int *ops, size_t k, size_t a, size_t b) {
  for (size_t i = 0; i < k; i++) {
    switch (ops[i]) {
    case 1: {
      size_t n;
      n = a * b;
      out[i] = malloc(n);
      // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: allocation size 'n' can overflow; use 'calloc(a, b)'
      // CHECK-FIXES: out[i] = calloc(a, b);
      break;
    }
    default:
      out[i] = NULL;
      break;
    }
  }
}

/* Negative: entered past its declaration, the block is entered again from
   the top after the assignment, and the call then reads n as declared,
   without a value (as clang warns, which is why the warning is off). */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wuninitialized"
void *reentered(size_t a, size_t b) {
  goto set;
again:
  {
    size_t n;
    return malloc(n);
  set:
    n = a * b;
    goto again;
  }
}
#pragma clang diagnostic pop
