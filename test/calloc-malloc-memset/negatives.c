// Pairs that are not malloc + zero-the-whole-thing, and zeroing that is
// meant to stay: no diagnostic anywhere in this file.
// RUN: %check_calloc_tidy -std=gnu99 %s calloc-malloc-memset %t

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct header {
  unsigned magic;
  unsigned count;
};

/* Partial zeroing: only the header of a larger block. */
struct header *message_new(size_t payload) {
  struct header *h = malloc(sizeof *h + payload);
  if (!h)
    return NULL;
  memset(h, 0, sizeof *h);
  return h;
}

/* Partial zeroing: one element fewer, or only the first element. */
int *almost_all(size_t n) {
  int *v = malloc(n * sizeof(int));
  if (!v)
    return NULL;
  memset(v, 0, (n - 1) * sizeof(int));
  return v;
}

int *first_only(size_t n) {
  int *v = malloc(n * sizeof(int));
  if (!v)
    return NULL;
  memset(v, 0, sizeof(int));
  return v;
}

/* A fill that is not zero. */
unsigned char *poisoned(size_t n) {
  unsigned char *b = malloc(n);
  if (!b)
    return NULL;
  memset(b, 0xAA, n);
  return b;
}

/* The zeroing of another pointer. */
char *two_buffers(size_t n, char **other) {
  char *a = malloc(n);
  char *b = malloc(n);
  if (!a || !b)
    return NULL;
  memset(b, 0, n);
  *other = b;
  return a;
}

/* A volatile buffer: every store is meant to happen. */
volatile unsigned char *mmio_shadow(size_t n) {
  volatile unsigned char *regs = malloc(n);
  if (!regs)
    return NULL;
  memset((void *)regs, 0, n);
  return regs;
}

/* Deliberate wipes are not zero-initialization. */
void explicit_bzero(void *s, size_t n);
int memset_s(void *s, size_t smax, int c, size_t n);

char *wiped(size_t n) {
  char *key = malloc(n);
  if (!key)
    return NULL;
  explicit_bzero(key, n);
  return key;
}

char *wiped_s(size_t n) {
  char *key = malloc(n);
  if (!key)
    return NULL;
  memset_s(key, n, 0, n);
  return key;
}

/* realloc keeps the old contents: zeroing after it is no calloc. */
int *grown(int *old, size_t n) {
  int *v = realloc(old, n * sizeof(int));
  if (!v)
    return NULL;
  memset(v, 0, n * sizeof(int));
  return v;
}

/* The zeroing inside a function that implements calloc: the rewrite would
   call itself. */
void *calloc(size_t count, size_t size) {
  void *p = malloc(count * size);
  if (p)
    memset(p, 0, count * size);
  return p;
}

/* The size changes between the allocation and the zeroing. */
char *resized(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;
  n--;
  memset(b, 0, n);
  return b;
}

/* The zeroing is not reached on every path: a loop around it. */
char *zeroed_in_loop(size_t n, int rounds) {
  char *b = malloc(n);
  for (int i = 0; i < rounds; i++)
    memset(b, 0, n);
  return b;
}

/* The zeroing in another block. */
char *zeroed_later(size_t n, int flag) {
  char *b = malloc(n);
  if (!b)
    return NULL;
  if (flag) {
    memset(b, 0, n);
  }
  return b;
}

/* The result of memset used: the statement is more than the zeroing. */
char *returned(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;
  return memset(b, 0, n);
}

/* Calloc already. */
int *already(size_t n) {
  int *v = calloc(n, sizeof(int));
  if (v)
    memset(v, 0, n * sizeof(int));
  return v;
}

/* A size with a side effect is evaluated once by malloc and again by the
   memset. */
size_t next_size(void);
char *side_effect(void) {
  char *b = malloc(next_size());
  if (!b)
    return NULL;
  memset(b, 0, next_size());
  return b;
}

/* Stored in a global, and zeroed after another call could have seen it. */
char *g_buffer;
void notify(void);
void global_buffer(size_t n) {
  g_buffer = malloc(n);
  notify();
  memset(g_buffer, 0, n);
}

