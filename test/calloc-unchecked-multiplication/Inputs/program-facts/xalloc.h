#include <stddef.h>

/* Allocators the program defines in xalloc.c. */
void *get_buffer(size_t n);
void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xzalloc(size_t n);
void *ymalloc(size_t n);
void *ycalloc(size_t count, size_t size);
