// NarrowProductsNeedSource (off by default) asks a product computed (or
// stored) in a type narrower than size_t for a source before it says "can
// overflow". Besides input (see input-sources.c) two more sources count: a
// value the file multiplies from itself with no bound (a capacity doubled,
// or grown by half), and the length of an object in memory, or a counter
// stepped once per element of an object a loop walks, or a counter kept at
// file scope. A counter of a structure or a local stepped up otherwise
// (`n++`, `n += len`) is no source under the option; nor is a count set
// only elsewhere (a field this file never writes, a parameter). By default
// every narrow product nothing bounds is reported (narrow-default.c), and
// these sources are named in notes.
// RUN: %check_calloc_tidy -check-option=calloc-unchecked-multiplication.NarrowProductsNeedSource=true %s calloc-unchecked-multiplication %t

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

/* A counter stepped up once per separator of a string: as many as the
   string's characters (libxml2's xmlBuildRelativeURI). */
char *escape_slashes(const char *path) {
  int slashes = 0;
  for (const char *p = path; *p; ++p)
    if (*p == '/')
      slashes++;
  return malloc(3 * slashes);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size '3 * slashes' can overflow ('3 * slashes' is computed in 'int'); use 'calloc(slashes, 3)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: 'slashes' goes up here ('slashes++') once per element of an object in memory that the loop reads ('*p'), and an object can be long enough that the product overflows 'int'
  // CHECK-FIXES: return calloc(slashes, 3);
}

/* The same over the entries of a NULL-terminated list, with an index, and
   the walk's own index (libxml2's namespace list in xmlschemas.c). */
const char **pair_table(char **list) {
  int count = 0;
  for (int i = 0; list[i] != NULL; i++)
    count++;
  return malloc((count * 2 + 1) * sizeof(const char *));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size '(count * 2 + 1) * sizeof(const char *)' can overflow ('count * 2' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:5: note: 'count' goes up here ('count++') once per element of an object in memory that the loop reads ('list[i]'), and an object can be long enough that the product overflows 'int'
  // CHECK-NOTES: :[[@LINE-3]]:10: note: no fix: 'count * 2' is computed in 'int' and only then widened; convert an operand to 'size_t' first
}

int *index_table(const char *text) {
  int i;
  for (i = 0; text[i]; i++)
    ;
  return malloc(i * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'i * 4' can overflow ('i * 4' is computed in 'int'); use 'calloc(i, 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-4]]:24: note: 'i' goes up here ('i++') once per element of an object in memory that the loop reads ('text[i]'), and an object can be long enough that the product overflows 'int'
  // CHECK-FIXES: return calloc(i, 4);
}

/* Negative: counters that a loop does not tie to an object: events a
   callback reports, a walk that a limit may end first (its element is read
   only behind `&&`), a step of two per pass of a counted loop. */
int *events(int (*next)(void)) {
  int n = 0;
  while (next())
    n++;
  return malloc(n * 4);
}

int *bounded_walk(const char *text, int max) {
  int n = 0;
  for (int i = 0; i < max && text[i]; i++)
    n++;
  return malloc(n * 4);
}

/* Negative: a field stepped by one, and a sum of lengths: how many there
   are is kept by code the file does not show (busybox's DHCP option
   length, SQLite's constant list). */
struct options {
  int count, len;
};

void add_option(struct options *o, int len) {
  o->count++;
  o->len += len;
}

char *option_buffer(const struct options *o) { return malloc(o->len * 2); }

int *option_index(const struct options *o) { return malloc(o->count * 4); }

/* A counter kept at file scope counts over the whole run, as far as the
   input goes (nasm's line records for stabs, one per instruction): its
   steps up are growth. */
static int nrecords;
void add_record(void) { nrecords++; }

char *record_table(void) {
  return malloc(nrecords * 80);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'nrecords * 80' can overflow ('nrecords * 80' is computed in 'int'); use 'calloc(nrecords, 80)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-5]]:25: note: 'nrecords' grows here ('nrecords++') and nothing in this file bounds it, so it can grow until the product overflows 'int'
  // CHECK-FIXES: return calloc(nrecords, 80);
}

static unsigned total_bytes;
void add_bytes(unsigned n) { total_bytes += n; }
char *byte_table(void) {
  return malloc(total_bytes * 2);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'total_bytes * 2' can overflow ('total_bytes * 2' is computed in 'unsigned int'); use 'calloc(total_bytes, 2)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-4]]:30: note: 'total_bytes' grows here ('total_bytes += n') and nothing in this file bounds it, so it can grow until the product overflows 'unsigned int'
  // CHECK-FIXES: return calloc(total_bytes, 2);
}

/* A capacity grown by half when full is multiplied from itself, as one
   doubled is. */
struct list {
  int *items;
  int cap, len;
};

int list_add(struct list *l, int v) {
  if (l->len >= l->cap) {
    l->cap += l->cap / 2 + 1;
    int *grown = realloc(l->items, l->cap * 4);
    // CHECK-NOTES: :[[@LINE-1]]:18: warning: allocation size 'l->cap * 4' can overflow ('l->cap * 4' is computed in 'int'); use 'reallocarray(l->items, l->cap, 4)', which checks the multiplication [calloc-unchecked-multiplication]
    // CHECK-NOTES: :[[@LINE-3]]:5: note: 'l->cap' grows here ('l->cap += l->cap / 2 + 1') and nothing in this file bounds it, so it can grow until the product overflows 'int'
    // CHECK-FIXES: int *grown = reallocarray(l->items, l->cap, 4);
    if (!grown)
      return -1;
    l->items = grown;
  }
  l->items[l->len++] = v;
  return 0;
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
