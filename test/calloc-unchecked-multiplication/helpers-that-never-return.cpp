// C++: a `throw` that leaves the function is no return either. A helper
// whose body ends in one never returns; a checking helper that throws
// unless a product fits bounds it wherever it returns. Negative: both.
// Positive: a throw the helper itself catches, after which it returns.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <climits>
#include <cstdlib>
#include <new>

void fail_alloc() { throw std::bad_alloc(); }

void check_pair(int a, int b) {
  if (a < 0 || b < 0)
    fail_alloc();
  if (b != 0 && a > INT_MAX / b)
    throw std::bad_alloc();
}

// Negative: fail_alloc never returns.
void *guarded(int n, int size) {
  if (n < 0 || size <= 0 || n > INT_MAX / size)
    fail_alloc();
  return std::malloc(n * size);
}

// Negative: check_pair returns only where a * b fits.
void *checked(int a, int b) {
  check_pair(a, b);
  return std::malloc(a * b);
}

// Positive: the throw is caught inside, and the helper returns.
void check_quietly(int a, int b) {
  try {
    if (b != 0 && a > INT_MAX / b)
      throw std::bad_alloc();
  } catch (const std::bad_alloc &) {
  }
}

void *quietly(int a, int b) {
  check_quietly(a, b);
  return std::malloc(a * b);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'a * b' can overflow ('a * b' is computed in 'int'); use 'calloc(a, b)'
  // CHECK-FIXES: return std::calloc(a, b);
}
