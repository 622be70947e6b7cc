// C++ calls through which a count may come back to the caller: the tracer
// follows `&n` into a function of this file (out-parameter-sources.c), and
// must pair each argument with the right parameter. An operator call counts
// the object among its arguments and its parameters do not, and a virtual
// call may run another override: neither is followed. Positive: a free
// function and a non-virtual member function storing input. Negative: a
// functor's operator() and a virtual function, whose stores are not read.
// RUN: %check_calloc_tidy -std=c++17 %s calloc-unchecked-multiplication %t

#include <cstddef>
#include <cstdint>
#include <cstdlib>

std::uint64_t strtou64(const char *text);

struct Reader {
  // Stores input through its second parameter only.
  void operator()(std::uint64_t *first, std::uint64_t *second,
                  const char *text) const {
    *first = 4;
    *second = strtou64(text);
  }
  void read(std::uint64_t *out, const char *text) const {
    *out = strtou64(text);
  }
  virtual void readVirtual(std::uint64_t *out, const char *text) const {
    *out = strtou64(text);
  }
  virtual ~Reader() = default;
};

/* Positive: a member function that stores input. */
void *by_member(const Reader &r, const char *text) {
  std::uint64_t n;
  r.read(&n, text);
  return std::malloc(n * 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * 16' can overflow; use 'calloc(n, 16)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return std::calloc(n, 16);
}

/* Negative: through operator(), `&a` is the call's second argument but the
   operator's first parameter, which gets 4; the input goes to b. */
void *by_functor(const Reader &r, const char *text) {
  std::uint64_t a, b;
  r(&a, &b, text);
  (void)b;
  return std::malloc(a * 16);
}

/* Negative: a virtual call may run an override this file does not see. */
void *by_virtual(const Reader &r, const char *text) {
  std::uint64_t n = 0;
  r.readVirtual(&n, text);
  return std::malloc(n * 16);
}
