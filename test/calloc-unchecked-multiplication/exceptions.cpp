// C++ exceptions: a call inside a `try` may throw to its handlers, so the
// function goes on in a handler. An allocation in a `catch` is examined
// like any other (positive), and a guard whose failing branch calls a
// noreturn function inside a `try` whose handler goes on holds nothing
// past the handler (positive). Negative: the same guard outside a `try`,
// or with a handler that leaves.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <climits>
#include <cstdlib>

void may_throw();
[[noreturn]] void fail();
int overflow2(int a, int b);

void *in_handler(int w, int h) {
  try {
    may_throw();
  } catch (...) {
    return std::malloc(w * h);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: allocation size 'w * h' can overflow ('w * h' is computed in 'int'); use 'calloc(w, h)'
    // CHECK-FIXES: return std::calloc(w, h);
  }
  return nullptr;
}

void *caught_guard(int w, int h) {
  try {
    if (w < 0 || h <= 0 || w > INT_MAX / h)
      fail();
  } catch (...) {
  }
  return std::malloc(w * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h' can overflow ('w * h' is computed in 'int'); use 'calloc(w, h)'
  // CHECK-FIXES: return std::calloc(w, h);
}

void *caught_test(int w, int h) {
  try {
    if (overflow2(w, h))
      fail();
  } catch (...) {
  }
  return std::malloc(w * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h' can overflow ('w * h' is computed in 'int'); use 'calloc(w, h)'
  // CHECK-FIXES: return std::calloc(w, h);
}

void *guard(int w, int h) {
  if (w < 0 || h <= 0 || w > INT_MAX / h)
    fail();
  return std::malloc(w * h);
}

void *handler_leaves(int w, int h) {
  try {
    if (w < 0 || h <= 0 || w > INT_MAX / h)
      fail();
  } catch (...) {
    return nullptr;
  }
  return std::malloc(w * h);
}
