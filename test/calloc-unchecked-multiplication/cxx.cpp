// C++: std::malloc and ::malloc keep their qualifier; templates are checked
// once, in their definition; lambdas are functions of their own.
// RUN: %check_calloc_tidy %any_count -std=c++17 %s calloc-unchecked-multiplication %t

#include <cstddef>
#include <cstdint>
#include <cstdlib>

struct Node { Node *next; int value; };

/* A lambda's captures are initialized by the function that makes it
   (first in the file, before anything walks it: own-calls.cpp has the
   same once the file has been walked). */
void *capture_alloc(std::size_t n) {
  auto keep = [p = std::malloc(n * 16)] { return p; };
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: allocation size 'n * 16' can overflow; use 'calloc(n, 16)'
  // CHECK-FIXES: auto keep = [p = std::calloc(n, 16)] { return p; };
  return keep();
}

Node *pool_std(std::size_t n) {
  return static_cast<Node *>(std::malloc(n * sizeof(Node)));
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: allocation size 'n * sizeof(Node)' can overflow; use 'calloc(n, sizeof(Node))', which checks the multiplication
  // CHECK-FIXES: return static_cast<Node *>(std::calloc(n, sizeof(Node)));
}

Node *pool_global(std::size_t n) {
  return static_cast<Node *>(::malloc(sizeof(Node) * n));
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: allocation size 'sizeof(Node) * n' can overflow; use 'calloc(n, sizeof(Node))'
  // CHECK-FIXES: return static_cast<Node *>(::calloc(n, sizeof(Node)));
}

template <typename T> T *make_array(std::size_t n) {
  return static_cast<T *>(std::malloc(n * sizeof(T)));
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: allocation size 'n * sizeof(T)' can overflow; use 'calloc(n, sizeof(T))'
  // CHECK-FIXES: return static_cast<T *>(std::calloc(n, sizeof(T)));
}
template int *make_array<int>(std::size_t);
template Node *make_array<Node>(std::size_t);

template <typename T> T *make_checked(std::size_t n) {
  if (n > SIZE_MAX / sizeof(T))
    return nullptr;
  return static_cast<T *>(std::malloc(n * sizeof(T)));
}
template double *make_checked<double>(std::size_t);

[[maybe_unused]] auto lambda_alloc = [](std::size_t n) {
  return std::malloc(n * 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * 16' can overflow; use 'calloc(n, 16)'
  // CHECK-FIXES: return std::calloc(n, 16);
};

[[maybe_unused]] auto lambda_guarded = [](std::size_t n) -> void * {
  if (n > 1024)
    return nullptr;
  return std::malloc(n * 16);
};

/* A reference parameter may be changed by the callee after the guard. */
void refill(std::size_t &n);
void *by_reference(std::size_t n) {
  if (n > 1024)
    return nullptr;
  refill(n);
  return std::malloc(n * 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * 16' can overflow; use 'calloc(n, 16)'
  // CHECK-FIXES: return std::calloc(n, 16);
}

/* A member function named malloc is not the allocator. */
struct Arena {
  void *malloc(std::size_t bytes);
};
void *arena_alloc(Arena &a, std::size_t n) { return a.malloc(n * 16); }

/* What a function stores through a pointer (out-parameters.c), in C++. A
   virtual call may run another override: its body bounds nothing. */
struct CountReader {
  virtual void read(uint32_t *count, uint64_t n) {
    if (n > 4096)
      return;
    *count = static_cast<uint32_t>(n);
  }
};

uint64_t *read_virtual(CountReader &r, uint64_t n) {
  uint32_t count = 0;
  r.read(&count, n);
  return static_cast<uint64_t *>(malloc(count * 8));
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: allocation size 'count * 8' can overflow
  // CHECK-FIXES: return static_cast<uint64_t *>(calloc(count, 8));
}

/* A width changed through a reference before the guard is not the one the
   caller passes. */
static int read_scaled(uint32_t *count, uint32_t width, uint64_t n) {
  uint32_t &w = width;
  w = 1;
  if (static_cast<uint64_t>(2147483647U / width) < n)
    return 0;
  *count = static_cast<uint32_t>(n);
  return 1;
}

uint64_t *read_rescaled(uint64_t n) {
  uint32_t count = 0;
  if (!read_scaled(&count, 8, n))
    return nullptr;
  return static_cast<uint64_t *>(malloc(count * 8));
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: allocation size 'count * 8' can overflow
  // CHECK-FIXES: return static_cast<uint64_t *>(calloc(count, 8));
}

/* Negative: a non-virtual member that checks, with the same width. */
struct SmallReader {
  void read(uint32_t *count, uint64_t n) {
    if (n > 4096)
      return;
    *count = static_cast<uint32_t>(n);
  }
};

uint64_t *read_small(SmallReader &r, uint64_t n) {
  uint32_t count = 0;
  r.read(&count, n);
  return static_cast<uint64_t *>(malloc(count * 8));
}
