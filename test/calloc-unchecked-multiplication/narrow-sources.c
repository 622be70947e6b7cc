// The default reading of a product computed (or stored) in a type narrower
// than size_t: it wraps for counts memory can hold, so besides input (see
// input-sources.c) two more sources make it "can overflow": a value the
// file grows from itself with no bound (a capacity doubled, a counter
// stepped up), and the length of an object in memory. A count set only
// elsewhere (a field this file never writes, a parameter) is taken to be
// bounded where it is set, and is not reported.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* A stack whose capacity doubles each time it fills. */
struct stack {
  void **items;
  int cap, len;
};

int push(struct stack *s, void *v) {
  if (s->len >= s->cap) {
    void **grown = realloc(s->items, s->cap * 2 * sizeof(void *));
    // CHECK-NOTES: :[[@LINE-1]]:20: warning: allocation size 's->cap * 2 * sizeof(void *)' can overflow ('s->cap * 2' is computed in 'int'); use 'reallocarray(s->items, s->cap, 2 * sizeof(void *))', which checks the multiplication [calloc-unchecked-multiplication]
    // CHECK-FIXES: void **grown = reallocarray(s->items, s->cap, 2 * sizeof(void *));
    if (!grown)
      return -1;
    s->items = grown;
    s->cap *= 2;
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 's->cap' grows here ('s->cap *= 2') and nothing in this file bounds it, so it can grow until the product overflows 'int'
  }
  s->items[s->len++] = v;
  return 0;
}

/* The same growth, with a limit this file checks in another function:
   bounded. */
struct queue {
  void **items;
  int cap, len;
};

static int queue_full(const struct queue *q) { return q->cap >= 65536; }

int enqueue(struct queue *q, void *v) {
  if (q->len >= q->cap) {
    if (queue_full(q))
      return -1;
    void **grown = realloc(q->items, q->cap * 2 * sizeof(void *));
    if (!grown)
      return -1;
    q->items = grown;
    q->cap *= 2;
  }
  q->items[q->len++] = v;
  return 0;
}

/* A string's length in an int: a string can be longer than INT_MAX / 4. */
int *code_points(const char *text) {
  int n = strlen(text);
  return malloc(n * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * 4' can overflow ('n * 4' is computed in 'int'); use 'calloc(n, 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:11: note: 'n' comes from the length of an object in memory ('strlen(text)'), and an object can be long enough that the product overflows 'int'
  // CHECK-FIXES: return calloc(n, 4);
}

/* The distance between two pointers into a buffer, in an int: the same. */
int *span_points(const char *start, const char *end) {
  int n = end - start;
  return malloc(n * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * 4' can overflow ('n * 4' is computed in 'int'); use 'calloc(n, 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:11: note: 'n' comes from the length of an object in memory ('end - start'), and an object can be long enough that the product overflows 'int'
  // CHECK-FIXES: return calloc(n, 4);
}

/* Negative: a difference of two integers measures nothing. */
int *span_numbers(int first, int last) {
  int n = last - first;
  return malloc(n * 4);
}

/* A counter stepped up once per separator of a string. */
char *escape_slashes(const char *path) {
  int slashes = 0;
  for (const char *p = path; *p; ++p)
    if (*p == '/')
      slashes++;
  return malloc(3 * slashes);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size '3 * slashes' can overflow ('3 * slashes' is computed in 'int'); use 'calloc(slashes, 3)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: 'slashes' grows here ('slashes++') and nothing in this file bounds it, so it can grow until the product overflows 'int'
  // CHECK-FIXES: return calloc(slashes, 3);
}

/* Negative: a field nothing in this file writes (set and checked where the
   header is read, in another file). */
struct image {
  int components;
};

int *component_table(const struct image *img) {
  return malloc(img->components * 2 * sizeof(int));
}

/* Negative: a parameter of a function that other files call. */
unsigned *twice(unsigned n) { return malloc(n * 2 * sizeof(unsigned)); }

/* A minimum is not a bound: the capacity starts at 8, then doubles. */
struct pool {
  long *slots;
  int cap, used;
};

int pool_add(struct pool *p, long v) {
  if (p->used >= p->cap) {
    if (p->cap < 8)
      p->cap = 8;
    else
      p->cap *= 2;
    long *grown = realloc(p->slots, p->cap * 8);
    // CHECK-NOTES: :[[@LINE-1]]:19: warning: allocation size 'p->cap * 8' can overflow ('p->cap * 8' is computed in 'int'); use 'reallocarray(p->slots, p->cap, 8)', which checks the multiplication [calloc-unchecked-multiplication]
    // CHECK-NOTES: :[[@LINE-3]]:7: note: 'p->cap' grows here ('p->cap *= 2') and nothing in this file bounds it, so it can grow until the product overflows 'int'
    // CHECK-FIXES: long *grown = reallocarray(p->slots, p->cap, 8);
    if (!grown)
      return -1;
    p->slots = grown;
  }
  p->slots[p->used++] = v;
  return 0;
}

/* A local doubled by assignment until it is large enough. */
char *widen_until(int need) {
  int cap = 16;
  while (cap < need)
    cap = cap * 2;
  return malloc(cap * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'cap * 4' can overflow ('cap * 4' is computed in 'int'); use 'calloc(cap, 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:5: note: 'cap' grows here ('cap = cap * 2') and nothing in this file bounds it, so it can grow until the product overflows 'int'
  // CHECK-FIXES: return calloc(cap, 4);
}
