// C++: std::malloc and ::malloc keep their qualifier; templates are checked
// once, in their definition; lambdas are functions of their own.
// RUN: %check_calloc_tidy %any_count -std=c++17 %s calloc-unchecked-multiplication %t

#include <cstddef>
#include <cstdint>
#include <cstdlib>

struct Node { Node *next; int value; };

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
