// C++: a helper that ends in exit never returns, and one that calls it
// unless a product fits bounds that product wherever it returns (negative).
// A helper that ends in a `throw` is no such end: a `try` around the call
// in the caller may catch it and go on to the allocation (positive), and
// the CFG has no edge from the call to that handler.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <climits>
#include <cstdlib>
#include <new>

void die() { std::exit(1); }

void check_pair(int a, int b) {
  if (a < 0 || b < 0)
    die();
  if (b != 0 && a > INT_MAX / b)
    die();
}

// Negative: die never returns.
void *guarded(int n, int size) {
  if (n < 0 || size <= 0 || n > INT_MAX / size)
    die();
  return std::malloc(n * size);
}

// Negative: check_pair returns only where a * b fits.
void *checked(int a, int b) {
  check_pair(a, b);
  return std::malloc(a * b);
}

void fail_alloc() { throw std::bad_alloc(); }

// Positive: the throw is caught here, and the allocation runs.
void *caught(int w, int h) {
  try {
    if (w < 0 || h <= 0 || w > INT_MAX / h)
      fail_alloc();
  } catch (...) {
  }
  return std::malloc(w * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h' can overflow ('w * h' is computed in 'int'); use 'calloc(w, h)'
  // CHECK-FIXES: return std::calloc(w, h);
}

void check_or_throw(int a, int b) {
  if (a < 0 || b <= 0 || a > INT_MAX / b)
    throw std::bad_alloc();
}

// Positive: the same for a checking helper that throws.
void *caught_check(int w, int h) {
  try {
    check_or_throw(w, h);
  } catch (...) {
  }
  return std::malloc(w * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h' can overflow ('w * h' is computed in 'int'); use 'calloc(w, h)'
  // CHECK-FIXES: return std::calloc(w, h);
}
