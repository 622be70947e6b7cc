// The pairs the check exists for: a struct, an array, a byte buffer, each
// zeroed whole right after malloc; the fix is one calloc.
// RUN: %check_calloc_tidy -std=c99 %s calloc-malloc-memset %t

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct node {
  struct node *next;
  int value;
};

/* A list node: sizeof(*n) and sizeof(struct node) are the same bytes. */
struct node *node_new(void) {
  struct node *n = malloc(sizeof(*n));
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, sizeof(*n))', which can skip zeroing fresh pages [calloc-malloc-memset]
  // CHECK-FIXES: struct node *n = calloc(1, sizeof(*n));
  if (!n)
    return NULL;
  memset(n, 0, sizeof(struct node));
  return n;
  // CHECK-FIXES: if (!n)
  // CHECK-FIXES-NEXT: return NULL;
  // CHECK-FIXES-NEXT: return n;
}

/* A histogram: the product becomes calloc's count and size. */
unsigned *histogram_new(size_t buckets) {
  unsigned *h = malloc(buckets * sizeof(unsigned));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(buckets, sizeof(unsigned))', which can skip zeroing fresh pages [calloc-malloc-memset]
  // CHECK-FIXES: unsigned *h = calloc(buckets, sizeof(unsigned));
  if (h == NULL)
    return NULL;
  memset(h, 0, buckets * sizeof(unsigned));
  return h;
}

/* A receive buffer of bytes: no product, so calloc(1, len). */
char *recv_buffer(size_t len) {
  char *buf = malloc(len);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, len)', which can skip zeroing fresh pages [calloc-malloc-memset]
  // CHECK-FIXES: char *buf = calloc(1, len);
  if (!buf)
    return NULL;
  memset(buf, 0, len);
  return buf;
}

/* A constant size, and a fill written as a character. */
#define PAGE 4096
char *scratch_page(void) {
  char *page = malloc(PAGE);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, PAGE)', which can skip zeroing fresh pages [calloc-malloc-memset]
  // CHECK-FIXES: char *page = calloc(1, PAGE);
  if (!page)
    return NULL;
  memset(page, '\0', PAGE);
  return page;
}

/* bzero counts too. */
double *weights_new(size_t n) {
  double *w = malloc(n * sizeof(double));
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: memory allocated by 'malloc' is zeroed right away by 'bzero'; use 'calloc(n, sizeof(double))', which can skip zeroing fresh pages [calloc-malloc-memset]
  // CHECK-FIXES: double *w = calloc(n, sizeof(double));
  if (!w)
    return NULL;
  bzero(w, n * sizeof(double));
  return w;
}

/* So does the builtin, and a memset whose result is cast away. */
long *counters_new(size_t n) {
  long *c = malloc(sizeof(long) * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: memory allocated by 'malloc' is zeroed right away by '__builtin_memset'; use 'calloc(n, sizeof(long))'
  // CHECK-FIXES: long *c = calloc(n, sizeof(long));
  if (!c)
    return NULL;
  __builtin_memset(c, 0, sizeof(long) * n);
  return c;
}

short *samples_new(size_t n) {
  short *s = malloc(n * sizeof *s);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof *s)'
  // CHECK-FIXES: short *s = calloc(n, sizeof *s);
  if (!s)
    return NULL;
  (void)memset(s, 0, n * sizeof *s);
  return s;
}

/* An assignment to a variable declared earlier, through a cast. */
struct node *node_reuse(struct node *spare) {
  struct node *n;
  if (spare)
    return spare;
  n = (struct node *)malloc(sizeof(struct node));
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, sizeof(struct node))'
  // CHECK-FIXES: n = (struct node *)calloc(1, sizeof(struct node));
  if (!n)
    return NULL;
  memset(n, 0, sizeof *n);
  return n;
}

/* Work in between that cannot reach the new memory: the pointer has not
   been handed to anyone yet, and the size's operands do not change. */
struct row {
  int key;
  double value;
};
struct row *rows_with_log(size_t rows, FILE *log) {
  struct row *t = malloc(rows * sizeof(struct row));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(rows, sizeof(struct row))'
  // CHECK-FIXES: struct row *t = calloc(rows, sizeof(struct row));
  size_t bytes = rows * sizeof(struct row);
  if (t == NULL) {
    fprintf(log, "out of memory for %zu bytes\n", bytes);
    return NULL;
  }
  fprintf(log, "table of %zu rows\n", rows);
  memset(t, 0, rows * sizeof(struct row));
  return t;
}

/* Nodes built in a loop, each zeroed as it is made. */
struct node *list_new(int count) {
  struct node *head = NULL;
  for (int i = 0; i < count; i++) {
    struct node *n = malloc(sizeof *n);
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, sizeof *n)'
    // CHECK-FIXES: struct node *n = calloc(1, sizeof *n);
    if (!n)
      break;
    memset(n, 0, sizeof *n);
    n->value = i;
    n->next = head;
    head = n;
  }
  return head;
}

/* A field of a local struct, with its other fields set in between. */
struct span {
  char *data;
  size_t len;
};
struct span span_new(size_t len) {
  struct span s;
  s.data = malloc(len);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, len)'
  // CHECK-FIXES: s.data = calloc(1, len);
  s.len = len;
  memset(s.data, 0, len);
  return s;
}
