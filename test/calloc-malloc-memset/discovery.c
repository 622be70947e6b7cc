// The memset check finds malloc-like allocators the same way, with their
// zeroing forms: `*calloc` and `*zalloc` by the allocator's name, and the
// `0`, `z` and `Zero` suffixes, taking the same arguments or count and size.
// A zeroing form defined here is used only if its body zeroes; one not
// defined here gets its fix on a note, for --fix-notes.
// RUN: %check_calloc_tidy %s calloc-malloc-memset %t
// RUN: %check_calloc_tidy -check-suffixes=NOTES %s calloc-malloc-memset %t -- --fix-notes
// RUN: %check_calloc_tidy -check-suffixes=NONE -config='{CheckOptions: {calloc-malloc-memset.DiscoverAllocators: none}}' %s calloc-malloc-memset %t

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct item {
  int key;
  double weight;
};

/* GLib's shape: g_malloc0 takes the same argument, not defined here. */
void *g_malloc(size_t n_bytes) __attribute__((alloc_size(1)));
void *g_malloc0(size_t n_bytes) __attribute__((alloc_size(1)));
struct item *glib_like(void) {
  struct item *it = g_malloc(sizeof *it);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: memory allocated by 'g_malloc' is zeroed right away by 'memset'; 'g_malloc0' zeroes as it allocates
  // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:21: warning: memory allocated by 'g_malloc' is zeroed right away by 'memset'; 'g_malloc0' zeroes as it allocates
  // CHECK-FIXES-NOTES: struct item *it = g_malloc0(sizeof *it);
  memset(it, 0, sizeof *it);
  return it;
}

/* A wrapper defined here, and its zeroing form, which zeroes: --fix uses
   it. */
void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p)
    abort();
  return p;
}
void *xzalloc(size_t n) {
  void *p = xmalloc(n);
  memset(p, 0, n);
  return p;
}
struct item *wrapped(void) {
  struct item *it = xmalloc(sizeof *it);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: memory allocated by 'xmalloc' is zeroed right away by 'memset'; use 'xzalloc(sizeof *it)', which zeroes as it allocates
  // CHECK-FIXES: struct item *it = xzalloc(sizeof *it);
  // CHECK-MESSAGES-NOTES: :[[@LINE-3]]:21: warning: memory allocated by 'xmalloc' is zeroed right away by 'memset'; use 'xzalloc(sizeof *it)', which zeroes as it allocates
  // CHECK-FIXES-NOTES: struct item *it = xzalloc(sizeof *it);
  memset(it, 0, sizeof *it);
  return it;
}

/* A "calloc" defined here that does not zero is no zeroing form, so the
   pair has no counterpart and is not reported. */
void *qmalloc(size_t n) { return malloc(n); }
void *qcalloc(size_t n, size_t size) { return qmalloc(n * size); }
struct item *not_zeroing(void) {
  struct item *it = qmalloc(sizeof *it);
  memset(it, 0, sizeof *it);
  return it;
}

/* A resizing allocator keeps old contents: never a zeroing candidate. */
void *my_realloc(void *p, size_t size);
void *my_realloc0(void *p, size_t size);
char *resized(char *p, size_t n) {
  p = my_realloc(p, n);
  memset(p, 0, n);
  return p;
}

/* libc malloc: reported in every run. */
struct item *libc(void) {
  struct item *it = malloc(sizeof *it);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, sizeof *it)'
  // CHECK-FIXES: struct item *it = calloc(1, sizeof *it);
  // CHECK-MESSAGES-NOTES: :[[@LINE-3]]:21: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, sizeof *it)'
  // CHECK-FIXES-NOTES: struct item *it = calloc(1, sizeof *it);
  // CHECK-MESSAGES-NONE: :[[@LINE-5]]:21: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, sizeof *it)'
  // CHECK-FIXES-NONE: struct item *it = calloc(1, sizeof *it);
  memset(it, 0, sizeof *it);
  return it;
}

/* A zeroing form must take the same types: q_malloc0(int) would truncate. */
void *q_alloc(size_t size);
void *q_alloc0(int size);
struct item *narrow_zeroing(void) {
  struct item *it = q_alloc(sizeof *it);
  memset(it, 0, sizeof *it);
  return it;
}

/* Lua's allocator shape: a pointer, the old size and the new size. It
   resizes, so it is no candidate even with a zeroing form by its name. */
void *l_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
void *l_alloc0(void *ud, void *ptr, size_t osize, size_t nsize);
char *lua_like(void *ud, char *p, size_t old, size_t n) {
  p = l_alloc(ud, p, old, n);
  memset(p, 0, n);
  return p;
}

/* A wrapper that zeroes is a zeroing allocator: a memset after it is not a
   malloc + memset pair, whatever is named like its zeroing form. Inside it,
   the pair is one. */
void *get_block(size_t n) {
  void *p = malloc(n);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
  // CHECK-FIXES: void *p = calloc(1, n);
  // CHECK-MESSAGES-NOTES: :[[@LINE-3]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
  // CHECK-FIXES-NOTES: void *p = calloc(1, n);
  // CHECK-MESSAGES-NONE: :[[@LINE-5]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, n)'
  // CHECK-FIXES-NONE: void *p = calloc(1, n);
  if (p)
    memset(p, 0, n);
  return p;
}
void *get_block0(size_t n);
char *zeroed_twice(size_t n) {
  char *b = get_block(n);
  memset(b, 0, n);
  return b;
}

/* A "zalloc" that fills with something else than zero is no zeroing form. */
void *pmalloc(size_t n) { return malloc(n); }
void *pzalloc(size_t n) {
  void *p = pmalloc(n);
  if (p)
    memset(p, 0xa5, n);
  return p;
}
struct item *poisoned(void) {
  struct item *it = pmalloc(sizeof *it);
  memset(it, 0, sizeof *it);
  return it;
}
