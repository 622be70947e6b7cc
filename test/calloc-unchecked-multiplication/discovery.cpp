// C++: the global operator new called by name is an allocator with no
// checked form; std::malloc is malloc; class members named like allocators
// (std::allocator<T>::allocate counts objects, not bytes) are not discovered.
// RUN: %check_calloc_tidy %any_count -std=c++17 %s calloc-unchecked-multiplication %t

#include <cstdlib>
#include <new>

int *global_new(std::size_t n) {
  return static_cast<int *>(::operator new(n * sizeof(int)));
  // CHECK-NOTES: :[[@LINE-1]]:29: warning: allocation size 'n * sizeof(int)' can overflow and nothing checks the multiplication
  // CHECK-NOTES: :[[@LINE-2]]:29: note: no fix: 'operator new' has no overflow-checked form; 'new T[n]' checks the multiplication
}

int *std_malloc(std::size_t n) {
  return static_cast<int *>(std::malloc(n * sizeof(int)));
  // CHECK-NOTES: :[[@LINE-1]]:29: warning: allocation size 'n * sizeof(int)' can overflow; use 'calloc(n, sizeof(int))', which checks the multiplication
  // CHECK-FIXES: return static_cast<int *>(std::calloc(n, sizeof(int)));
}

struct Arena {
  void *Allocate(std::size_t bytes);
};
template <class T> struct Pool {
  T *allocate(std::size_t n);
};
int *members(Arena &A, Pool<int> &P, std::size_t n) {
  int *a = static_cast<int *>(A.Allocate(n * sizeof(int)));
  int *b = P.allocate(n * 2);
  return a ? a : b;
}

namespace proj {
void *xmalloc(std::size_t n);
void *xcalloc(std::size_t n, std::size_t size);
} // namespace proj
int *in_namespace(std::size_t n) {
  return static_cast<int *>(proj::xmalloc(n * sizeof(int)));
  // CHECK-NOTES: :[[@LINE-1]]:29: warning: allocation size 'n * sizeof(int)' can overflow and nothing checks the multiplication
  // CHECK-NOTES: :[[@LINE-2]]:29: note: 'xcalloc(n, sizeof(int))' may check the multiplication: 'xcalloc' was found by its name and is not defined in this file, so only --fix-notes applies this rewrite
}
