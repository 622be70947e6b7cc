/* Positions in clang-tidy's YAML are bytes; CI wants lines and UTF-16
 * columns. Each finding below has multi-byte characters before it on its
 * line: "é" is 2 bytes and 1 column, "😀" 4 bytes and 2 columns.
 * Ünïcödé in a comment above a finding changes nothing but offsets. */
#include <stdlib.h>
#include <string.h>

void *grow(size_t n, size_t size) {
  /* é */ void *a = malloc(n * size);
  /* 😀 */ void *b = malloc(size * n);
  free(a);
  return b;
}

char *zeroed(size_t n) {
  /* déjà 😀 */ char *q = malloc(n);
  memset(q, 0, n);
  return q;
}
