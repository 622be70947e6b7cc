// A product computed in a type narrower than size_t wraps there, before it
// is widened: int * int is 32 bits even where size_t is 64.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct tile { int id; };

uint8_t *rgba_buffer(int width, int height) {
  return malloc(width * height * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'width * height * 4' can overflow ('width * height' is computed in 'int'); use 'calloc(height, (size_t)width * 4)', which checks the multiplication
  // CHECK-FIXES: return calloc(height, (size_t)width * 4);
}

/* unsigned int wraps modulo 2^32. */
void *grid(unsigned rows, unsigned cols) {
  return malloc(rows * cols);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'rows * cols' can overflow ('rows * cols' is computed in 'unsigned int'); use 'calloc(rows, cols)'
  // CHECK-FIXES: return calloc(rows, cols);
}

/* The narrow product is widened only afterwards; the cast comes too late,
   and calloc((size_t)(w * h), ...) would still wrap: no fix. */
void *late_cast(int w, int h) {
  return malloc((size_t)(w * h) * sizeof(struct tile));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size '(size_t)(w * h) * sizeof(struct tile)' can overflow ('w * h' is computed in 'int') and nothing checks the multiplication
  // CHECK-NOTES: :[[@LINE-2]]:10: note: no fix: 'w * h' is computed in 'int' and only then widened; convert an operand to 'size_t' first
}

/* Three 64-bit counts: no grouping is free of overflow, so no fix. */
void *volume(size_t x, size_t y, size_t z) {
  return malloc(x * y * z);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'x * y * z' can overflow and nothing checks the multiplication
  // CHECK-NOTES: :[[@LINE-2]]:10: note: no fix: no split of the factors into a count and a size is itself free of overflow
}

/* Two 32-bit counts and an element size: one of them can carry the size. */
void *layers(uint32_t n, uint32_t m) {
  return malloc(n * m * sizeof(struct tile));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * m * sizeof(struct tile)' can overflow ('n * m' is computed in 'uint32_t'); use 'calloc(n, (size_t)m * sizeof(struct tile))'
  // CHECK-FIXES: return calloc(n, (size_t)m * sizeof(struct tile));
}

/* 16-bit counts promote to int, where even two of them can overflow
   (65535 * 65535 is above INT_MAX). */
void *cube(uint16_t a, uint16_t b, uint16_t c) {
  return malloc(a * b * c);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'a * b * c' can overflow ('a * b' is computed in 'int'); use 'calloc(a, (size_t)b * c)'
  // CHECK-FIXES: return calloc(a, (size_t)b * c);
}
