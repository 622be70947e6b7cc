// A field (or a global) that the file tests against a constant limit is
// taken to keep that limit wherever the file reads it: a header parser
// that refuses dimensions above 16384 bounds the product of them in the
// decoder. A signed field needs a minimum too (two negative factors
// multiply to a large product), and a field the file grows from itself
// (`cap *= 2`) can pass a limit tested before the growth.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct header {
  uint32_t width, height, rows, depth;
  int cols, lines;
};

int parse_header(struct header *h, const unsigned char *p) {
  h->width = (uint32_t)p[0] << 8 | p[1];
  if (h->width > 16384 || h->height > 16384)
    return -1;
  if (h->depth > 65536 || h->rows > 65536)
    return -1;
  if (h->cols > 4096 || h->lines > 4096)
    return -1;
  return 0;
}

/* Negative: 16384 * 16384 * 4 fits 32 bits. */
uint8_t *pixels(const struct header *h) {
  return malloc(h->width * h->height * 4);
}

/* Positive: 65536 * 65536 does not fit 32 bits. */
uint16_t *samples(const struct header *h) {
  return malloc(h->rows * h->depth);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'h->rows * h->depth' can overflow ('h->rows * h->depth' is computed in 'uint32_t'); use 'calloc(h->rows, h->depth)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(h->rows, h->depth);
}

/* Positive: signed fields with only an upper limit can both be very
   negative. */
char *grid(const struct header *h) {
  return malloc(h->cols * h->lines);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'h->cols * h->lines' can overflow ('h->cols * h->lines' is computed in 'int'); use 'calloc(h->cols, h->lines)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(h->cols, h->lines);
}

struct table {
  int cols, rows;
  unsigned cap;
  int *cells;
};

int check_table(const struct table *t) {
  if (t->cols < 1 || t->cols > 4096 || t->rows < 1 || t->rows > 4096)
    return -1;
  return 0;
}

/* Negative: the same signed fields with a minimum as well. */
int *cells(const struct table *t) {
  return malloc(t->cols * t->rows * sizeof(int));
}

/* Positive: a limit tested before the capacity is doubled elsewhere. */
int may_grow(const struct table *t) { return t->cap <= 1024; }
void grow(struct table *t) { t->cap *= 2; }
int *capacity(const struct table *t) {
  return malloc(t->cap * 4u);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 't->cap * 4u' can overflow ('t->cap * 4u' is computed in 'unsigned int'); use 'calloc(t->cap, 4u)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(t->cap, 4u);
}
