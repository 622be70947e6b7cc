// Products that cannot wrap: constants, a factor of 1, operands whose types
// or values bound them. No diagnostic at all in this file (64-bit target).
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct px { uint8_t r, g, b, a; };

void *constant_product(void) { return malloc(64 * sizeof(int)); }

void *constant_macro(void) {
#define SLOTS 128
  return malloc(SLOTS * sizeof(void *));
}

char *factor_one(size_t n) { return malloc(n * sizeof(char)); }

void *narrow_operands(uint8_t a, uint16_t b) { return malloc((size_t)a * b); }

void *int_widened_first(int w, int h) { return malloc((size_t)w * h); }

void *u32_times_sizeof(uint32_t n) { return malloc(n * sizeof(struct px)); }

void *masked(size_t n) { return malloc((n & 0xffff) * sizeof(struct px)); }

void *reduced(size_t n) { return malloc((n % 64) * sizeof(struct px)); }

void *shifted(uint64_t packed) { return malloc((packed >> 40) * 4096); }

void *image(uint16_t width, uint16_t height) {
  return malloc((size_t)width * height * sizeof(struct px));
}

/* A local with a known value. */
void *known_local(void) {
  size_t n = 1000;
  return malloc(n * sizeof(struct px));
}

/* The element count of a fixed array. */
void *per_entry(void) {
  static const char *names[] = {"a", "b", "c"};
  return malloc(sizeof(names) / sizeof(names[0]) * sizeof(struct px));
}

/* The result of a checked multiplication is not a product. */
void *builtin_checked(size_t n, size_t size) {
  size_t bytes;
  if (__builtin_mul_overflow(n, size, &bytes))
    return NULL;
  return malloc(bytes);
}

/* A bool or a char count. */
void *small_types(_Bool twice, unsigned char c) {
  return malloc((twice + 1) * c * sizeof(struct px));
}
