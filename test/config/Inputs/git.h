/* A stand-in for Git's git-compat-util.h, for test/config/git.c: the
 * allocation wrappers with the parameter lists of Git 2.39, and st_mult and
 * ALLOC_ARRAY in the shape Git gives them (a checked product passed as the
 * size). */
#ifndef CALLOC_TIDY_TEST_GIT_H
#define CALLOC_TIDY_TEST_GIT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void die(const char *err, ...) __attribute__((noreturn));

void *xmalloc(size_t size);
void *xmallocz(size_t size);
void *xrealloc(void *ptr, size_t size);
void *xcalloc(size_t nmemb, size_t size);

static inline size_t st_mult(size_t a, size_t b) {
  if (a && b > SIZE_MAX / a)
    die("size_t overflow: %zu * %zu", a, b);
  return a * b;
}

struct strbuf {
  size_t alloc;
  size_t len;
  char *buf;
};
struct strvec {
  const char **v;
  size_t nr;
  size_t alloc;
};

#define ALLOC_ARRAY(x, alloc) (x) = xmalloc(st_mult(sizeof(*(x)), (alloc)))
#define CALLOC_ARRAY(x, alloc) (x) = xcalloc((alloc), sizeof(*(x)))

#endif
