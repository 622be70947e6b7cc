// Between the allocation and the zeroing, anything that may read, write or
// see the new memory, or change the size, keeps the pair apart.
// RUN: %check_calloc_tidy -std=c99 %s calloc-malloc-memset %t

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ring {
  char *data;
  size_t cap;
  size_t head, tail;
};

void track(void *p);
void log_line(const char *msg);

/* A call that receives the pointer. */
char *tracked(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;
  track(b);
  memset(b, 0, n);
  return b;
}

/* A copy of the pointer. */
char *aliased(size_t n, char **alias) {
  char *b = malloc(n);
  *alias = b;
  memset(b, 0, n);
  return b;
}

/* A store into the new memory, which the zeroing would undo. */
char *written_first(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;
  b[0] = '#';
  memset(b, 0, n);
  return b;
}

/* A read of the new memory. */
int read_first(size_t n) {
  int *v = malloc(n * sizeof(int));
  if (!v)
    return -1;
  int first = v[0];
  memset(v, 0, n * sizeof(int));
  free(v);
  return first;
}

/* The pointer's address was taken: a callee may read it through that. */
void publish(char **where);
char *published(size_t n) {
  char *b;
  publish(&b);
  b = malloc(n);
  log_line("allocated");
  memset(b, 0, n);
  return b;
}

/* The pointer returned on one path before the zeroing. */
char *early_return(size_t n, int keep) {
  char *b = malloc(n);
  if (keep)
    return b;
  memset(b, 0, n);
  return b;
}

/* A label in between: a jump there would reach the zeroing without the
   allocation. */
char *relabeled(size_t n, char *b, int again) {
  if (again)
    goto zero;
  b = malloc(n);
  if (!b)
    return NULL;
zero:
  memset(b, 0, n);
  return b;
}

/* The pointer variable reassigned in between. */
char *reassigned(size_t n, char *spare) {
  char *b = malloc(n);
  free(b);
  b = spare;
  memset(b, 0, n);
  return b;
}

/* A field of a struct others can reach: any call in between may look. */
int ring_init(struct ring *r, size_t cap) {
  r->data = malloc(cap);
  if (!r->data)
    return -1;
  log_line("ring");
  memset(r->data, 0, cap);
  return 0;
}

/* A store through another pointer of the same type may be the same field. */
int ring_init_other(struct ring *r, struct ring *other, size_t cap) {
  r->data = malloc(cap);
  if (!r->data)
    return -1;
  other->data = NULL;
  memset(r->data, 0, cap);
  return 0;
}

/* The size read from memory a call may change. */
int ring_init_cap(struct ring *r) {
  char *data = malloc(r->cap);
  if (!data)
    return -1;
  log_line("ring");
  memset(data, 0, r->cap);
  r->data = data;
  return 0;
}

/* An operand of the size whose address escaped. */
void measure(size_t *n);
char *measured(void) {
  size_t n = 64;
  measure(&n);
  char *b = malloc(n);
  log_line("measured");
  memset(b, 0, n);
  return b;
}

/* Inline assembly in between is not read. */
char *fenced(size_t n) {
  char *b = malloc(n);
  __asm__ volatile("" ::: "memory");
  memset(b, 0, n);
  return b;
}

/* What may stand between. A local pointer nobody else knows: calls that do
   not receive it, loops, sizeof of it. */
unsigned checksum(const unsigned char *data, size_t n);
unsigned char *framed(const unsigned char *payload, size_t n) {
  // CHECK-MESSAGES: :[[@LINE+1]]:26: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n + 8)'
  unsigned char *frame = malloc(n + 8);
  unsigned sum = checksum(payload, n);
  size_t words = 0;
  for (size_t i = 0; i < n; i += sizeof(*frame))
    words++;
  log_line("frame");
  if (!frame)
    return NULL;
  memset(frame, 0, n + 8);
  frame[0] = (unsigned char)sum;
  frame[1] = (unsigned char)words;
  return frame;
}
// CHECK-FIXES: unsigned char *frame = calloc(1, n + 8);
// CHECK-FIXES: return NULL;
// CHECK-FIXES-NEXT: frame[0] = (unsigned char)sum;

/* A field of a struct others can reach: stores to its other fields, with
   no call in between. */
int ring_init_fields(struct ring *r, size_t cap) {
  // CHECK-MESSAGES: :[[@LINE+1]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, cap)'
  r->data = malloc(cap);
  if (!r->data)
    return -1;
  r->cap = cap;
  r->head = r->tail = 0;
  memset(r->data, 0, cap);
  return 0;
}
// CHECK-FIXES: r->data = calloc(1, cap);
// CHECK-FIXES: r->head = r->tail = 0;
// CHECK-FIXES-NEXT: return 0;

/* An out-parameter, filled and zeroed with only a local store between. */
int make_buffer(char **out, size_t n) {
  // CHECK-MESSAGES: :[[@LINE+1]]:10: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
  *out = malloc(n);
  int status = n > 4096 ? 1 : 0;
  if (*out == NULL)
    return -1;
  memset(*out, 0, n);
  return status;
}
// CHECK-FIXES: *out = calloc(1, n);
