// A count built up by compound assignments (`n += m`, `n -= m`, `n *= k`)
// keeps a range when each step stays inside its type: the sum of two
// 16-bit counts (nginx's resolver adds its IPv4 and IPv6 address counts)
// cannot make `n * sizeof(T)` wrap. A step that can leave the type, or adds
// an unbounded value, loses the range.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct addr {
  unsigned char bytes[16];
  unsigned short port;
};

struct peers {
  unsigned short naddrs, naddrs6;
};

/* Two 16-bit counts: at most 131070 addresses. */
struct addr *export_all(const struct peers *rn) {
  size_t n = rn->naddrs;
  n += rn->naddrs6;
  return malloc(n * sizeof(struct addr));
}

/* Scaled by a constant: at most 4 * 65535. */
struct addr *four_each(uint16_t count) {
  size_t n = count;
  n *= 4;
  return malloc(n * sizeof(struct addr));
}

/* Added to a 16-bit count, a size_t can be anything. */
struct addr *plus_unbounded(uint16_t a, size_t b) {
  size_t n = a;
  n += b;
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

/* An unsigned count that may go below zero wraps to a huge value. */
struct addr *minus_may_wrap(uint16_t a, uint16_t b) {
  size_t n = a;
  n -= b;
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

/* Doubled in a loop: each pass may double it again. */
struct addr *doubled_in_loop(uint16_t a, int rounds) {
  size_t n = a;
  for (int i = 0; i < rounds; i++)
    n *= 2;
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

/* Whatever a 32-bit count holds after its step (wrapped or not), its
   product with a small size fits 64 bits. */
struct addr *wraps_in_u32(uint32_t a) {
  uint32_t n = a;
  n += 16;
  return malloc(n * sizeof(struct addr));
}
