// C++: a factor a reference is bound to, or a lambda captures by reference,
// can change under that other name after a guard, and the guard no longer
// bounds it (`size_t &rh = h; ... rh = rh * 1000;`): such a factor is
// followed as one whose address was taken. A reference to const changes
// nothing, and a guard on a value no alias names still counts.
// RUN: %check_calloc_tidy %any_count -std=c++17 %s calloc-unchecked-multiplication %t

#include <cstdint>
#include <cstdlib>

int overflow2(int a, int b);
void look(const std::size_t &x);

void *through_reference(std::size_t w, std::size_t h) {
  std::size_t &rh = h;
  if (h == 0 || w > SIZE_MAX / h)
    return nullptr;
  rh = rh * 1000;
  return std::malloc(w * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h' can overflow; use 'calloc(w, h)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return std::calloc(w, h);
}

void *incremented_through_reference(int w, int h) {
  int &rh = h;
  if (overflow2(w, h))
    return nullptr;
  ++rh;
  return std::malloc(w * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h' can overflow ('w * h' is computed in 'int'); use 'calloc(w, h)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return std::calloc(w, h);
}

struct shape {
  std::size_t rows;
};

void *field_through_reference(shape s, std::size_t w) {
  std::size_t &r = s.rows;
  if (s.rows == 0 || w > SIZE_MAX / s.rows)
    return nullptr;
  r = r * 1000;
  return std::malloc(w * s.rows);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * s.rows' can overflow; use 'calloc(w, s.rows)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return std::calloc(w, s.rows);
}

void *element_through_reference(std::size_t w, int i) {
  std::size_t sizes[4] = {1, 2, 3, 4};
  std::size_t &r = sizes[i];
  if (sizes[i] == 0 || w > SIZE_MAX / sizes[i])
    return nullptr;
  r = r * 1000;
  return std::malloc(w * sizes[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * sizes[i]' can overflow; use 'calloc(w, sizes[i])', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return std::calloc(w, sizes[i]);
}

void *captured_by_reference(std::size_t w, std::size_t h) {
  auto grow = [&] { h = h * 1000; };
  if (h == 0 || w > SIZE_MAX / h)
    return nullptr;
  grow();
  return std::malloc(w * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h' can overflow; use 'calloc(w, h)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return std::calloc(w, h);
}

/* Negative: a reference to const. */
void *const_reference(std::size_t w, std::size_t h) {
  const std::size_t &r = h;
  if (h == 0 || w > SIZE_MAX / h)
    return nullptr;
  look(r);
  return std::malloc(w * h);
}

/* Negative: captured by value. */
void *captured_by_value(std::size_t w, std::size_t h) {
  auto show = [h] { look(h); };
  if (h == 0 || w > SIZE_MAX / h)
    return nullptr;
  show();
  return std::malloc(w * h);
}

/* Negative: the alias names another value than the factors. */
void *other_alias(std::size_t w, std::size_t h, std::size_t d) {
  std::size_t &rd = d;
  if (h == 0 || w > SIZE_MAX / h)
    return nullptr;
  rd = rd * 1000;
  return std::malloc(w * h);
}
