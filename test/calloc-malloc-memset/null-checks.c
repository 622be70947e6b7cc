// The null check may stand between the allocation and the zeroing in all
// its usual shapes, or hold the zeroing; the error branch may do anything as
// long as it does not come back.
// RUN: %check_calloc_tidy -std=c99 %s calloc-malloc-memset %t

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct conn {
  int fd;
  char *rx;
  size_t rx_cap;
};

void log_error(const char *what);
__attribute__((noreturn)) void die(const char *what);

#define unlikely(x) __builtin_expect(!!(x), 0)
#define FAIL(msg) do { log_error(msg); return NULL; } while (0)

/* if (p == NULL) { log; goto fail; } */
struct conn *conn_open(int fd, size_t cap) {
  // CHECK-MESSAGES: :[[@LINE+1]]:20: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, sizeof *c)'
  struct conn *c = malloc(sizeof *c);
  if (c == NULL) {
    log_error("conn");
    goto fail;
  }
  memset(c, 0, sizeof(struct conn));
  c->fd = fd;
  // CHECK-MESSAGES: :[[@LINE+1]]:11: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, cap)'
  c->rx = malloc(cap);
  if (!c->rx)
    goto fail_conn;
  c->rx_cap = cap;
  memset(c->rx, 0, cap);
  return c;
fail_conn:
  free(c);
fail:
  return NULL;
}
// CHECK-FIXES: struct conn *c = calloc(1, sizeof *c);
// CHECK-FIXES: goto fail;
// CHECK-FIXES-NEXT: }
// CHECK-FIXES-NEXT: c->fd = fd;
// CHECK-FIXES: c->rx = calloc(1, cap);
// CHECK-FIXES: goto fail_conn;
// CHECK-FIXES-NEXT: c->rx_cap = cap;
// CHECK-FIXES-NEXT: return c;

/* NULL on the left, and an exit that does not return. */
int *ids_new(size_t n) {
  // CHECK-MESSAGES: :[[@LINE+1]]:14: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof(int))'
  int *ids = malloc(n * sizeof(int));
  if (NULL == ids)
    die("ids");
  memset(ids, 0, n * sizeof(int));
  return ids;
}
// CHECK-FIXES: int *ids = calloc(n, sizeof(int));
// CHECK-FIXES-NEXT: if (NULL == ids)
// CHECK-FIXES-NEXT: die("ids");
// CHECK-FIXES-NEXT: return ids;

/* The zeroing under `if (p)`: the whole if goes. */
char *line_buffer(size_t len) {
  // CHECK-MESSAGES: :[[@LINE+1]]:16: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, len)'
  char *line = malloc(len);
  if (line)
    memset(line, 0, len);
  return line;
}
// CHECK-FIXES: char *line = calloc(1, len);
// CHECK-FIXES-NEXT: return line;

/* `if (p != NULL) { memset(...); }`, braces and all. */
float *matrix_new(size_t rows) {
  // CHECK-MESSAGES: :[[@LINE+1]]:14: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(rows, 16 * sizeof(float))'
  float *m = malloc(rows * 16 * sizeof(float));
  if (m != NULL) {
    memset(m, 0, rows * 16 * sizeof(float));
  }
  return m;
}
// CHECK-FIXES: float *m = calloc(rows, 16 * sizeof(float));
// CHECK-FIXES-NEXT: return m;

/* `if (p) { memset(...); more(); }`: only the zeroing line goes. */
struct conn *conn_ready(int fd) {
  // CHECK-MESSAGES: :[[@LINE+1]]:20: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, sizeof(struct conn))'
  struct conn *c = malloc(sizeof(struct conn));
  if (c) {
    memset(c, 0, sizeof(struct conn));
    c->fd = fd;
  }
  return c;
}
// CHECK-FIXES: struct conn *c = calloc(1, sizeof(struct conn));
// CHECK-FIXES-NEXT: if (c) {
// CHECK-FIXES-NEXT: c->fd = fd;
// CHECK-FIXES-NEXT: }

/* The allocation inside the null check. */
char *name_copy(const char *name) {
  char *copy;
  size_t size = strlen(name) + 1;
  // CHECK-MESSAGES: :[[@LINE+1]]:15: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, size)'
  if ((copy = malloc(size)) == NULL)
    return NULL;
  memset(copy, 0, size);
  strcpy(copy, name);
  return copy;
}
// CHECK-FIXES: if ((copy = calloc(1, size)) == NULL)
// CHECK-FIXES-NEXT: return NULL;
// CHECK-FIXES-NEXT: strcpy(copy, name);

long *slots_new(size_t n) {
  long *slots;
  // CHECK-MESSAGES: :[[@LINE+1]]:17: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof *slots)'
  if (!(slots = malloc(n * sizeof *slots))) {
    perror("malloc");
    exit(1);
  }
  memset(slots, 0, n * sizeof *slots);
  return slots;
}
// CHECK-FIXES: if (!(slots = calloc(n, sizeof *slots))) {
// CHECK-FIXES: exit(1);
// CHECK-FIXES-NEXT: }
// CHECK-FIXES-NEXT: return slots;

/* unlikely(), and an error macro built on do { ... } while (0). */
struct conn *conn_hinted(void) {
  // CHECK-MESSAGES: :[[@LINE+1]]:20: warning: memory allocated by 'malloc' is zeroed right away by 'memset'
  struct conn *c = malloc(sizeof *c);
  if (unlikely(!c))
    FAIL("conn");
  memset(c, 0, sizeof *c);
  return c;
}
// CHECK-FIXES: struct conn *c = calloc(1, sizeof *c);
// CHECK-FIXES-NEXT: if (unlikely(!c))
// CHECK-FIXES-NEXT: FAIL("conn");
// CHECK-FIXES-NEXT: return c;

/* A test through casts to other pointer types: Oniguruma's IS_NULL(p)
   is ((void*)(p)) == (void*)0. A cast to an integer narrower than a
   pointer is not a null test. */
#define IS_NULL(p) (((void *)(p)) == (void *)0)
struct conn *conn_cast(void) {
  // CHECK-MESSAGES: :[[@LINE+1]]:20: warning: memory allocated by 'malloc' is zeroed right away by 'memset'
  struct conn *c = malloc(sizeof *c);
  if (IS_NULL(c))
    return NULL;
  memset(c, 0, sizeof *c);
  return c;
}
// CHECK-FIXES: struct conn *c = calloc(1, sizeof *c);
// CHECK-FIXES-NEXT: if (IS_NULL(c))
// CHECK-FIXES-NEXT: return NULL;
// CHECK-FIXES-NEXT: return c;

struct conn *conn_truncated(void) {
  struct conn *c = malloc(sizeof *c);
  if ((unsigned char)(size_t)c == 0)
    return NULL;
  memset(c, 0, sizeof *c);
  return c;
}

/* An error path that leaves a loop. */
int fill_all(char **out, size_t count, size_t len) {
  for (size_t i = 0; i < count; i++) {
    // CHECK-MESSAGES: :[[@LINE+1]]:15: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, len)'
    char *b = malloc(len);
    if (!b)
      break;
    memset(b, 0, len);
    out[i] = b;
  }
  return 0;
}
// CHECK-FIXES: char *b = calloc(1, len);
// CHECK-FIXES-NEXT: if (!b)
// CHECK-FIXES-NEXT: break;
// CHECK-FIXES-NEXT: out[i] = b;

/* A null branch that falls through is not a null check: the zeroing would
   run on a null pointer, and the branch may have changed the pointer. */
char *fallback(size_t len, char *spare) {
  char *b = malloc(len);
  if (!b)
    b = spare;
  memset(b, 0, len);
  return b;
}

/* A test of the pointer that does something else first. */
char *checked_late(size_t len, int verbose) {
  char *b = malloc(len);
  if (verbose && b)
    memset(b, 0, len);
  return b;
}

/* The allocation inside a check that keeps going with the pointer. */
char *used_in_branch(size_t len) {
  char *b;
  if ((b = malloc(len)) != NULL)
    b[0] = 'x';
  memset(b, 0, len);
  return b;
}

/* `continue` leaves the rest of the loop body too. */
void fill_some(char **out, size_t count, size_t len) {
  for (size_t i = 0; i < count; i++) {
    // CHECK-MESSAGES: :[[@LINE+1]]:15: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, len)'
    char *b = malloc(len);
    if (!b)
      continue;
    memset(b, 0, len);
    out[i] = b;
  }
}
// CHECK-FIXES: char *b = calloc(1, len);
// CHECK-FIXES-NEXT: if (!b)
// CHECK-FIXES-NEXT: continue;
// CHECK-FIXES-NEXT: out[i] = b;

/* A `break` inside `do { } while (0)` leaves only the do: the null branch
   falls through to the zeroing, so this is no null check. */
char *breaks_out_of_do(size_t len) {
  char *b = malloc(len);
  if (!b)
    do {
      log_error("no memory");
      break;
    } while (0);
  memset(b, 0, len);
  return b;
}

/* Nor is a branch that returns only on some of its paths. */
char *returns_sometimes(size_t len, int strict) {
  char *b = malloc(len);
  if (!b) {
    if (strict)
      return NULL;
    log_error("no memory");
  }
  memset(b, 0, len);
  return b;
}
