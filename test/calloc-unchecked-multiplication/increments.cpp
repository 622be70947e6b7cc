// C++: a local changed under another name, through a reference bound to
// it or a lambda that captures it by reference, is not followed to the
// product it was first given: its value at the allocation is not known,
// and a fix built from that product would allocate too little (k is
// 2n + 1 or 2n + 2 here, calloc(n, 2) gives 2n). Nothing is reported,
// rather than a wrong fix.
// RUN: %check_calloc_tidy %any_count -std=c++17 %s calloc-unchecked-multiplication %t

#include <cstdlib>

void *through_reference(int n) {
  int k = n * 2;
  int &r = k;
  ++r;
  return std::malloc(k);
  // CHECK-FIXES: return std::malloc(k);
}

void *through_lambda(int n) {
  int k = n * 2;
  auto bump = [&] { ++k; };
  bump();
  ++k;
  return std::malloc(k);
  // CHECK-FIXES: return std::malloc(k);
}

// Positive: the same product, kept as it is, with its fix.
void *plain(int n) {
  int k = n * 2;
  return std::malloc(k);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'k' can overflow ('n * 2' is computed in 'int'); use 'calloc(n, 2)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return std::calloc(n, 2);
}
