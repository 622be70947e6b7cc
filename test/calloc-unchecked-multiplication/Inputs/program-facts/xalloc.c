#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "xalloc.h"

/* A wrapper of malloc with a name no rule takes for an allocator's. */
void *get_buffer(size_t n) {
  void *p = malloc(n);
  return p;
}

void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p)
    abort();
  return p;
}

/* The checked array form: it tests the product first. */
void *xcalloc(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size)
    abort();
  return xmalloc(count * size);
}

/* The zeroing form: it zeroes what it allocates. */
void *xzalloc(size_t n) {
  void *p = xmalloc(n);
  memset(p, 0, n);
  return p;
}

void *ymalloc(size_t n) { return malloc(n); }

/* Named like a checked array form, but it multiplies unchecked. */
void *ycalloc(size_t count, size_t size) { return malloc(count * size); }
