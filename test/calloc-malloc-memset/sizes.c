// The zeroed size must be the allocated one: the same expression up to
// parentheses, casts that change nothing, and the order of the factors; equal
// constants; sizeof(*p) and sizeof(T). What only looks alike is left alone.
// RUN: %check_calloc_tidy -std=c99 %s calloc-malloc-memset %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct pixel {
  unsigned char r, g, b, a;
};

/* Spacing, parentheses and a redundant cast do not matter. */
struct pixel *row_new(size_t width) {
  struct pixel *row = malloc((width) * sizeof(struct pixel));
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(width, sizeof(struct pixel))'
  // CHECK-FIXES: struct pixel *row = calloc(width, sizeof(struct pixel));
  if (!row)
    return NULL;
  memset(row, 0, (size_t)width*sizeof (struct pixel));
  return row;
}

/* Three factors of one type, in another order. */
struct pixel *image_new(size_t width, size_t height) {
  if (width > 65536 || height > 65536)
    return NULL;
  struct pixel *img = malloc(width * height * sizeof(struct pixel));
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(height, width * sizeof(struct pixel))'
  // CHECK-FIXES: struct pixel *img = calloc(height, width * sizeof(struct pixel));
  if (!img)
    return NULL;
  memset(img, 0, sizeof(struct pixel) * height * width);
  return img;
}

/* An int count converted the same way on both sides. */
uint16_t *codes_new(int count) {
  uint16_t *codes = malloc(count * sizeof(uint16_t));
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(count, sizeof(uint16_t))'
  // CHECK-FIXES: uint16_t *codes = calloc(count, sizeof(uint16_t));
  if (!codes)
    return NULL;
  memset(codes, 0, (size_t)count * sizeof(uint16_t));
  return codes;
}

/* Equal constants, however written. */
uint64_t *bitmap_new(void) {
  uint64_t *bits = malloc(64 * sizeof(uint64_t));
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(64, sizeof(uint64_t))'
  // CHECK-FIXES: uint64_t *bits = calloc(64, sizeof(uint64_t));
  if (!bits)
    return NULL;
  memset(bits, 0, 512);
  return bits;
}

/* The size kept in a variable first: the fix uses its product, and the
   variable, read by nothing else, goes. */
double *grid_new(size_t n) {
  size_t bytes = n * sizeof(double);
  double *grid = malloc(bytes);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof(double))'
  // CHECK-FIXES-NOT: size_t bytes = n * sizeof(double);
  // CHECK-FIXES: double *grid = calloc(n, sizeof(double));
  if (!grid)
    return NULL;
  memset(grid, 0, bytes);
  return grid;
}

/* A parenthesized count or constant needs no parentheses as a whole
   argument. */
int *counted_ints(size_t n) {
  int *v = malloc((n + 1) * sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n + 1, sizeof(int))'
  // CHECK-FIXES: int *v = calloc(n + 1, sizeof(int));
  if (!v)
    return NULL;
  memset(v, 0, (n + 1) * sizeof(int));
  return v;
}
#define MAX_LEVEL 15
long *level_table(void) {
  long *t = malloc((MAX_LEVEL + 1) * sizeof(long));
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(MAX_LEVEL + 1, sizeof(long))'
  // CHECK-FIXES: long *t = calloc(MAX_LEVEL + 1, sizeof(long));
  if (!t)
    return NULL;
  memset(t, 0, (MAX_LEVEL + 1) * sizeof(long));
  return t;
}

/* A variable whose factor changed after it was computed: calloc(1, bytes). */
double *grid_grown(size_t n) {
  size_t bytes = n * sizeof(double);
  n *= 2;
  double *grid = malloc(bytes);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, bytes)'
  // CHECK-FIXES: double *grid = calloc(1, bytes);
  if (!grid)
    return NULL;
  memset(grid, 0, bytes);
  return grid;
}

/* A sum, in either order, with a pure function in it. */
char *string_slot(const char *s) {
  char *slot = malloc(strlen(s) + 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, strlen(s) + 1)'
  // CHECK-FIXES: char *slot = calloc(1, strlen(s) + 1);
  if (!slot)
    return NULL;
  memset(slot, 0, 1 + strlen(s));
  return slot;
}

/* The header and the items: a sum with a product in it has no array form. */
struct packet {
  size_t len;
  unsigned char data[];
};
struct packet *packet_new(size_t len) {
  struct packet *p = malloc(sizeof(struct packet) + len * sizeof(unsigned char));
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, sizeof(struct packet) + len * sizeof(unsigned char))'
  // CHECK-FIXES: struct packet *p = calloc(1, sizeof(struct packet) + len * sizeof(unsigned char));
  if (!p)
    return NULL;
  memset(p, 0, sizeof(struct packet) + len * sizeof(unsigned char));
  return p;
}

/* Two size_t factors that nothing bounds: no split is free of overflow,
   and calloc(1, w * h) would hide the unchecked product. Warning only. */
unsigned char *plane_new(size_t w, size_t h) {
  unsigned char *plane = malloc(w * h * 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; 'calloc' can skip zeroing fresh pages
  if (!plane)
    return NULL;
  memset(plane, 0, w * h * 2);
  return plane;
}

/* int * int is computed in int, and only then widened: reordering it with
   the size_t factor would change where it wraps. Not the same size. */
int *cells_new(int rows, int cols) {
  int *cells = malloc(rows * cols * sizeof(int));
  if (!cells)
    return NULL;
  memset(cells, 0, sizeof(int) * rows * cols);
  return cells;
}

/* A cast that changes the value is not a spelling. */
char *narrowed(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;
  memset(b, 0, (unsigned char)n);
  return b;
}

/* A constant product that wraps in its type is not its factors' product:
   it stays in one piece. */
unsigned char *wrapped(void) {
  unsigned char *b = malloc(0x10000u * 0x10001u);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, 0x10000u * 0x10001u)'
  // CHECK-FIXES: unsigned char *b = calloc(1, 0x10000u * 0x10001u);
  if (!b)
    return NULL;
  memset(b, 0, 0x10000);
  return b;
}

/* Different constants. */
char *half_page(void) {
  char *b = malloc(4096);
  if (!b)
    return NULL;
  memset(b, 0, 2048);
  return b;
}
