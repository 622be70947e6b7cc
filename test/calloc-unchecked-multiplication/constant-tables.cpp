// C++ tables that are not what their initializers say: a mutable field a
// const method changes, a field of a base class (the initializer lists the
// base first), and a parameter's default argument, which a caller
// replaces. Positive, all three. Negative: a plain const table.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <cstdlib>

struct Counter {
  mutable int w;
  void grow() const { w *= 1000; }
};
static const Counter counters[1] = {{100}};

void *mutable_field(int i) {
  counters[i].grow();
  int w = counters[i].w;
  return std::malloc(w * w);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * w' can overflow ('w * w' is computed in 'int'); use 'calloc(w, w)'
  // CHECK-FIXES: return std::calloc(w, w);
}

struct Base { int x; int y; };
struct Derived : Base { int a; int b; };
static const Derived derived[1] = {{{1, 100000}, 3, 4}};

void *base_field(int i) {
  int y = derived[i].y;
  return std::malloc(y * y);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'y * y' can overflow ('y * y' is computed in 'int'); use 'calloc(y, y)'
  // CHECK-FIXES: return std::calloc(y, y);
}

struct Params { int w; };

void *default_argument(const Params p = {10}) {
  return std::malloc(p.w * p.w * 1000);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'p.w * p.w * 1000' can overflow ('p.w * p.w' is computed in 'int'); use 'calloc(p.w, (size_t)p.w * 1000)'
  // CHECK-FIXES: return std::calloc(p.w, (size_t)p.w * 1000);
}

struct Size { int w; int h; };
static const Size sizes[2] = {{16, 16}, {640, 480}};

// Negative: at most 640 by 480.
void *plain_table(int i) {
  return std::malloc(sizes[i].w * sizes[i].h * 4);
}
