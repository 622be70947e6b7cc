// Which function a call belongs to: a lambda's body, a block's and a local
// class's methods are functions of their own, with their own guards; the
// captures of a lambda are initialized by the function that makes it. The
// first function is static, so its parameter's range is read from its
// callers and the whole file is walked there: every function below gets
// its calls from that walk rather than from a walk of its own.
// RUN: %check_calloc_tidy %any_count -std=c++17 %s calloc-unchecked-multiplication %t -- -- -fblocks

#include <cstddef>
#include <cstdlib>

static void *table(std::size_t n, std::size_t size) {
  return std::malloc(n * size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * size' can overflow; use 'calloc(n, size)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return std::calloc(n, size);
}

void *make_table(std::size_t n, std::size_t size) { return table(n, size); }

/* The guard of the function around them does not guard the lambda, the
   block or the local class: their parameters are their own. */
void *around(std::size_t n, std::size_t m) {
  if (n > 1000 || m > 1000)
    return nullptr;
  auto in_lambda = [](std::size_t a, std::size_t b) {
    return std::malloc(a * b);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: allocation size 'a * b' can overflow; use 'calloc(a, b)', which checks the multiplication [calloc-unchecked-multiplication]
    // CHECK-FIXES: return std::calloc(a, b);
  };
  void *(^in_block)(std::size_t, std::size_t) = ^(std::size_t a, std::size_t b) {
    return std::malloc(a * b);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: allocation size 'a * b' can overflow; use 'calloc(a, b)', which checks the multiplication [calloc-unchecked-multiplication]
    // CHECK-FIXES: return std::calloc(a, b);
  };
  struct Local {
    static void *make(std::size_t a, std::size_t b) {
      return std::malloc(a * b);
      // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: allocation size 'a * b' can overflow; use 'calloc(a, b)', which checks the multiplication [calloc-unchecked-multiplication]
      // CHECK-FIXES: return std::calloc(a, b);
    }
  };
  void *p = in_lambda(n, m);
  void *q = in_block(n, m);
  std::free(q);
  std::free(Local::make(n, m));
  return p;
}

/* A lambda's, a block's and a local class's own guards are read in them,
   and their calls are not the function's around them. */
void *guards_inside(std::size_t n, std::size_t m) {
  auto in_lambda = [](std::size_t a, std::size_t b) -> void * {
    if (a > 1000 || b > 1000)
      return nullptr;
    return std::malloc(a * b);
  };
  void *(^in_block)(std::size_t, std::size_t) = ^void *(std::size_t a, std::size_t b) {
    if (a > 1000 || b > 1000)
      return nullptr;
    return std::malloc(a * b);
  };
  struct Local {
    static void *make(std::size_t a, std::size_t b) {
      if (a > 1000 || b > 1000)
        return nullptr;
      return std::malloc(a * b);
    }
  };
  std::free(in_block(n, m));
  std::free(Local::make(n, m));
  return in_lambda(n, m);
}

/* The function's own guard covers the lambda's capture, which it
   initializes, and its own call after the lambda. */
void *guarded_capture(std::size_t n, std::size_t m) {
  if (n > 1000 || m > 1000)
    return nullptr;
  auto keep = [p = std::malloc(n * m)] { return p; };
  void *q = std::malloc(n * m);
  std::free(q);
  return keep();
}

/* Without a guard, the capture's product is reported in the function that
   makes the lambda. */
void *unguarded_capture(std::size_t n, std::size_t m) {
  auto keep = [p = std::malloc(n * m)] { return p; };
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: allocation size 'n * m' can overflow; use 'calloc(n, m)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: auto keep = [p = std::calloc(n, m)] { return p; };
  return keep();
}
