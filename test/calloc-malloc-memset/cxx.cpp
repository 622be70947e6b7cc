// C++: std::malloc becomes std::calloc, casts stay, nullptr checks count,
// members are followed through `this`, templates are read in their
// definition; references and lambdas that reach the pointer keep it apart.
// RUN: %check_calloc_tidy -std=c++17 %s calloc-malloc-memset %t

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <mutex>

struct Cell {
  int value;
  Cell *next;
};

Cell *cells_new(std::size_t n) {
  // CHECK-MESSAGES: :[[@LINE+1]]:37: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof(Cell))', which can skip zeroing fresh pages [calloc-malloc-memset]
  auto *cells = static_cast<Cell *>(std::malloc(n * sizeof(Cell)));
  if (cells == nullptr)
    return nullptr;
  std::memset(cells, 0, sizeof(Cell) * n);
  return cells;
}
// CHECK-FIXES: auto *cells = static_cast<Cell *>(std::calloc(n, sizeof(Cell)));
// CHECK-FIXES-NEXT: if (cells == nullptr)
// CHECK-FIXES-NEXT: return nullptr;
// CHECK-FIXES-NEXT: return cells;

char *global_qualified(std::size_t n) {
  // CHECK-MESSAGES: :[[@LINE+1]]:38: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
  char *b = reinterpret_cast<char *>(::malloc(n));
  if (!b)
    return nullptr;
  ::memset(b, 0, n);
  return b;
}
// CHECK-FIXES: char *b = reinterpret_cast<char *>(::calloc(1, n));
// CHECK-FIXES-NEXT: if (!b)
// CHECK-FIXES-NEXT: return nullptr;
// CHECK-FIXES-NEXT: return b;

/* A member filled in a method: stores to other members may stand between. */
class Buffer {
public:
  bool reset(std::size_t n) {
    // CHECK-MESSAGES: :[[@LINE+1]]:33: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
    data_ = static_cast<char *>(std::malloc(n));
    if (!data_)
      return false;
    size_ = n;
    std::memset(data_, 0, n);
    return true;
  }
  // CHECK-FIXES: data_ = static_cast<char *>(std::calloc(1, n));
  // CHECK-FIXES-NEXT: if (!data_)
  // CHECK-FIXES-NEXT: return false;
  // CHECK-FIXES-NEXT: size_ = n;
  // CHECK-FIXES-NEXT: return true;

  /* A member function call in between may read data_. */
  bool reset_logged(std::size_t n) {
    data_ = static_cast<char *>(std::malloc(n));
    if (!data_)
      return false;
    log();
    std::memset(data_, 0, n);
    return true;
  }

private:
  void log();
  char *data_ = nullptr;
  std::size_t size_ = 0;
};

/* A template: the sizes compare as written, sizeof(T) and all. */
template <typename T> T *zeroed_array(std::size_t n) {
  // CHECK-MESSAGES: :[[@LINE+1]]:27: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof(T))'
  T *p = static_cast<T *>(std::malloc(n * sizeof(T)));
  if (!p)
    return nullptr;
  std::memset(p, 0, n * sizeof(T));
  return p;
}
// CHECK-FIXES: T *p = static_cast<T *>(std::calloc(n, sizeof(T)));
// CHECK-FIXES-NEXT: if (!p)
// CHECK-FIXES-NEXT: return nullptr;
// CHECK-FIXES-NEXT: return p;
template int *zeroed_array<int>(std::size_t);
template Cell *zeroed_array<Cell>(std::size_t);

/* sizeof(*p) for a T *p is sizeof(T), also before T is known. */
template <typename T> T *one_zeroed() {
  // CHECK-MESSAGES: :[[@LINE+1]]:27: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, sizeof(*p))'
  T *p = static_cast<T *>(std::malloc(sizeof(*p)));
  if (p != nullptr)
    std::memset(p, 0, sizeof(T));
  return p;
}
// CHECK-FIXES: T *p = static_cast<T *>(std::calloc(1, sizeof(*p)));
// CHECK-FIXES-NEXT: return p;
template Cell *one_zeroed<Cell>();

/* The element size depends on T and U: equal for some instantiations only,
   so not the same size. */
template <typename T, typename U> T *mixed(std::size_t n) {
  T *p = static_cast<T *>(std::malloc(n * sizeof(U)));
  if (p)
    std::memset(p, 0, n * sizeof(T));
  return p;
}
template int *mixed<int, unsigned>(std::size_t);

/* A lock taken in between: a call, but one that cannot know the pointer. */
std::mutex registry_lock;
char *locked(std::size_t n) {
  // CHECK-MESSAGES: :[[@LINE+1]]:33: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
  char *b = static_cast<char *>(std::malloc(n));
  std::lock_guard<std::mutex> guard(registry_lock);
  if (!b)
    return nullptr;
  std::memset(b, 0, n);
  return b;
}
// CHECK-FIXES: char *b = static_cast<char *>(std::calloc(1, n));

/* A reference bound to the pointer, and a lambda capturing it. */
char *by_reference(std::size_t n) {
  char *b = static_cast<char *>(std::malloc(n));
  char *&alias = b;
  std::memset(b, 0, n);
  return alias;
}

char *captured(std::size_t n) {
  char *b = static_cast<char *>(std::malloc(n));
  auto peek = [&] { return b[0]; };
  std::memset(b, 0, n);
  return peek() ? b : nullptr;
}

/* A range-for over an array of pointers binds references to them. */
void fill_all(char *(&slots)[4], std::size_t n) {
  for (char *&slot : slots) {
    slot = static_cast<char *>(std::malloc(n));
    std::memset(slot, 0, n);
  }
}

/* A null check that throws leaves the function. */
struct out_of_memory {};
char *or_throw(std::size_t n) {
  // CHECK-MESSAGES: :[[@LINE+1]]:33: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
  char *b = static_cast<char *>(std::malloc(n));
  if (b == nullptr)
    throw out_of_memory();
  std::memset(b, 0, n);
  return b;
}
// CHECK-FIXES: char *b = static_cast<char *>(std::calloc(1, n));
// CHECK-FIXES-NEXT: if (b == nullptr)
// CHECK-FIXES-NEXT: throw out_of_memory();
// CHECK-FIXES-NEXT: return b;
