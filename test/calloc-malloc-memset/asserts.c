// assert(p) between the allocation and the zeroing is a null check that
// exits: without NDEBUG it aborts when p is null, with NDEBUG it is nothing;
// either way it reads only the pointer's value. Any other assertion is read
// like any statement when it is compiled; with NDEBUG its argument is not
// compiled at all, so what it would do without NDEBUG is unknown, and it
// keeps the pair apart.
// RUN: %check_calloc_tidy -check-suffixes=ALL,DEBUG %s calloc-malloc-memset %t
// RUN: %check_calloc_tidy -check-suffixes=ALL,NDEBUG %s calloc-malloc-memset %t -- -- -DNDEBUG
// RUN: %check_calloc_tidy -check-suffixes=ALL,DEBUG -std=c99 %s calloc-malloc-memset %t

#include <assert.h>
#include <stdlib.h>
#include <string.h>

struct table {
  size_t cap;
  char *slots;
};

int registered(const char *p);

// CHECK-MESSAGES-ALL: :[[@LINE+2]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
char *asserted(size_t n) {
  char *p = malloc(n);
  assert(p);
  memset(p, 0, n);
  return p;
}
// CHECK-FIXES-ALL: char *p = calloc(1, n);
// CHECK-FIXES-ALL-NEXT: assert(p);
// CHECK-FIXES-ALL-NEXT: return p;

/* The other ways to say it, and a pointer in a field. */
// CHECK-MESSAGES-ALL: :[[@LINE+3]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
// CHECK-MESSAGES-ALL: :[[@LINE+5]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
char *compared(size_t n) {
  char *p = malloc(n);
  assert(p != NULL);
  memset(p, 0, n);
  char *q = malloc(n);
  assert( (NULL != q) );
  memset(q, 0, n);
  free(q);
  return p;
}
// CHECK-FIXES-ALL: char *p = calloc(1, n);
// CHECK-FIXES-ALL-NEXT: assert(p != NULL);
// CHECK-FIXES-ALL-NEXT: char *q = calloc(1, n);
// CHECK-FIXES-ALL-NEXT: assert( (NULL != q) );
// CHECK-FIXES-ALL-NEXT: free(q);

// CHECK-MESSAGES-ALL: :[[@LINE+2]]:14: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, cap)'
void table_init(struct table *t, size_t cap) {
  t->slots = malloc(cap);
  assert(t->slots);
  memset(t->slots, 0, cap);
  t->cap = cap;
}
// CHECK-FIXES-ALL: t->slots = calloc(1, cap);
// CHECK-FIXES-ALL-NEXT: assert(t->slots);
// CHECK-FIXES-ALL-NEXT: t->cap = cap;

/* An assertion that does more than test the pointer: not a null check. It
   reads the memory before it is zeroed, or lets the pointer out: never a
   pair. */
char *registered_buffer(size_t n) {
  char *p = malloc(n);
  assert(registered(p));
  memset(p, 0, n);
  return p;
}

char *first_byte_checked(size_t n) {
  char *p = malloc(n);
  assert(p && p[0] != 1);
  memset(p, 0, n);
  return p;
}

/* An assertion about something else: compiled, it is read like any
   statement (here it changes the size, so the pair is apart); with NDEBUG
   it keeps the pair apart whatever it says. */
char *size_changed(size_t n) {
  char *p = malloc(n);
  assert(n-- > 0);
  memset(p, 0, n);
  return p;
}

// CHECK-MESSAGES-DEBUG: :[[@LINE+2]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
char *size_checked(size_t n) {
  char *p = malloc(n);
  assert(n > 0);
  memset(p, 0, n);
  return p;
}
// CHECK-FIXES-DEBUG: char *p = calloc(1, n);
// CHECK-FIXES-DEBUG-NEXT: assert(n > 0);
// CHECK-FIXES-DEBUG-NEXT: return p;
// CHECK-FIXES-NDEBUG: char *size_checked(size_t n) {
// CHECK-FIXES-NDEBUG-NEXT: char *p = malloc(n);
// CHECK-FIXES-NDEBUG-NEXT: assert(n > 0);
// CHECK-FIXES-NDEBUG-NEXT: memset(p, 0, n);
