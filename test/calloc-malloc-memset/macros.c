// Macros: a size or a null check written with a macro is fine; an allocation
// or a zeroing written inside one gets the warning without a fix, and so does
// a pair with a preprocessor conditional between.
// RUN: %check_calloc_tidy -std=c99 %s calloc-malloc-memset %t

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 256
#define SLOT_BYTES (SLOTS * sizeof(void *))
#define NEW(T) ((T *)malloc(sizeof(T)))
#define CLEAR(p, n) memset((p), 0, (n))
#define NEW_ZEROED(p, n)                                                       \
  do {                                                                         \
    (p) = malloc(n);                                                           \
    memset((p), 0, (n));                                                       \
  } while (0)

struct session {
  int id;
  void *slots[SLOTS];
};

/* A macro for the size: copied as written. */
void **slots_new(void) {
  // CHECK-NOTES: :[[@LINE+1]]:18: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, SLOT_BYTES)', which can skip zeroing fresh pages [calloc-malloc-memset]
  void **slots = malloc(SLOT_BYTES);
  if (slots == NULL)
    return NULL;
  memset(slots, 0, SLOTS * sizeof(void *));
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'memset' zeroes the whole allocation here
  return slots;
}
// CHECK-FIXES: void **slots = calloc(1, SLOT_BYTES);

/* The allocation inside a macro. */
struct session *session_new(void) {
  struct session *s = NEW(struct session);
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; 'calloc' can skip zeroing fresh pages
  // CHECK-NOTES: :12:22: note: expanded from macro 'NEW'
  if (!s)
    return NULL;
  memset(s, 0, sizeof *s);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'memset' zeroes the whole allocation here
  // CHECK-NOTES: :[[@LINE-7]]:23: note: no fix: the call is written inside a macro
  // CHECK-NOTES: :12:22: note: expanded from macro 'NEW'
  return s;
}

/* The zeroing inside a macro. */
char *scratch(size_t n) {
  char *b = malloc(n);
  // CHECK-NOTES: :[[@LINE-1]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; 'calloc' can skip zeroing fresh pages
  if (!b)
    return NULL;
  CLEAR(b, n);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'memset' zeroes the whole allocation here
  // CHECK-NOTES: :13:21: note: expanded from macro 'CLEAR'
  // CHECK-NOTES: :[[@LINE-7]]:13: note: no fix: the zeroing call is written inside a macro
  return b;
}

/* Both inside one macro. */
char *both_in_macro(size_t n) {
  char *b;
  NEW_ZEROED(b, n);
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; 'calloc' can skip zeroing fresh pages
  // CHECK-NOTES: :16:11: note: expanded from macro 'NEW_ZEROED'
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'memset' zeroes the whole allocation here
  // CHECK-NOTES: :17:5: note: expanded from macro 'NEW_ZEROED'
  // CHECK-NOTES: :[[@LINE-5]]:3: note: no fix: the call is written inside a macro
  // CHECK-NOTES: :16:11: note: expanded from macro 'NEW_ZEROED'
  return b;
}

/* Code on the other side of an #if was never read: no edit. */
char *configured(size_t n) {
  char *b = malloc(n);
  // CHECK-NOTES: :[[@LINE-1]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; 'calloc' can skip zeroing fresh pages
  if (!b)
    return NULL;
#ifdef TRACE_BUFFERS
  b[0] = 1;
#endif
  memset(b, 0, n);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'memset' zeroes the whole allocation here
  // CHECK-NOTES: :[[@LINE-9]]:13: note: no fix: a preprocessor directive stands between the allocation and the zeroing
  return b;
}

/* An allocator and a memset spelled through macros that only rename them
   (Oniguruma's `#define xmalloc malloc`): the fix keeps to the project's
   names, and takes its macro for calloc. */
#define xmalloc malloc
#define xcalloc calloc
#define xmemset memset
struct node {
  int kind;
  struct node *next;
};

struct node *node_new(void) {
  struct node *n = (struct node *)xmalloc(sizeof(struct node));
  // CHECK-NOTES: :[[@LINE-1]]:35: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'xcalloc(1, sizeof(struct node))', which can skip zeroing fresh pages
  // CHECK-NOTES: :{{[0-9]+}}:17: note: expanded from macro 'xmalloc'
  if (n == NULL)
    return NULL;
  xmemset(n, 0, sizeof(*n));
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'memset' zeroes the whole allocation here
  // CHECK-NOTES: :{{[0-9]+}}:17: note: expanded from macro 'xmemset'
  return n;
}
// CHECK-FIXES: struct node *n = (struct node *)xcalloc(1, sizeof(struct node));
// CHECK-FIXES-NOT: xmemset(n,
// CHECK-FIXES: return n;

/* The same with no macro for calloc: no fix, rather than the function's
   own name in code that keeps to macros. */
#undef xcalloc
#define ALLOC malloc
struct node *node_plain(void) {
  struct node *n = ALLOC(sizeof *n);
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; 'calloc' can skip zeroing fresh pages
  // CHECK-NOTES: :{{[0-9]+}}:15: note: expanded from macro 'ALLOC'
  if (!n)
    return NULL;
  memset(n, 0, sizeof *n);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'memset' zeroes the whole allocation here
  // CHECK-NOTES: :[[@LINE-7]]:20: note: no fix: 'ALLOC' names 'malloc' through a macro, and no macro names 'calloc' the same way
  // CHECK-NOTES: :{{[0-9]+}}:15: note: expanded from macro 'ALLOC'
  return n;
}
