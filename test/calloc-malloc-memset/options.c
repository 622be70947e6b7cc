// Options: MinimumSize leaves small constant sizes alone; Allocators names
// other allocation functions and their zeroing forms (the global key works
// too); a function that implements a zeroing form is never rewritten.
// DEFAULT is the C library's table alone, without discovery (which would find
// kmalloc and xmalloc by their names: see discovery-*.c).
// RUN: %check_calloc_tidy -check-suffixes=DEFAULT -config='{CheckOptions: {DiscoverAllocators: none}}' %s calloc-malloc-memset %t
// RUN: %check_calloc_tidy -check-suffixes=MIN -config='{CheckOptions: {calloc-malloc-memset.MinimumSize: 4096, DiscoverAllocators: none}}' %s calloc-malloc-memset %t
// RUN: %check_calloc_tidy -check-suffixes=KERNEL -config='{CheckOptions: {calloc-malloc-memset.Allocators: "malloc(size) array=calloc zeroing-array=calloc; kmalloc(size, flags) array=kmalloc_array zeroing-array=kcalloc zeroing=kzalloc; xmalloc(size) zeroing-array=xcalloc"}}' %s calloc-malloc-memset %t
// RUN: %check_calloc_tidy -check-suffixes=GLOBAL -config='{CheckOptions: {Allocators: "kmalloc(size, flags) zeroing=kzalloc", DiscoverAllocators: none}}' %s calloc-malloc-memset %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned gfp_t;
#define GFP_KERNEL 0xcc0u
void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void *kcalloc(size_t n, size_t size, gfp_t flags);
void *kmalloc_array(size_t n, size_t size, gfp_t flags);
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);

struct flow {
  uint32_t src, dst;
  uint64_t bytes;
};

/* A small constant size: below MinimumSize, the heap zeroes it anyway. */
struct flow *flow_new(void) {
  struct flow *f = malloc(sizeof *f);
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:20: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, sizeof *f)'
  // CHECK-FIXES-DEFAULT: struct flow *f = calloc(1, sizeof *f);
  // CHECK-MESSAGES-KERNEL: :[[@LINE-3]]:20: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, sizeof *f)'
  // CHECK-FIXES-KERNEL: struct flow *f = calloc(1, sizeof *f);
  if (!f)
    return NULL;
  memset(f, 0, sizeof *f);
  return f;
}

/* A large constant size, and a size known only at run time: reported. */
uint64_t *flow_table(void) {
  uint64_t *t = malloc(65536 * sizeof(uint64_t));
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:17: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(65536, sizeof(uint64_t))'
  // CHECK-FIXES-DEFAULT: uint64_t *t = calloc(65536, sizeof(uint64_t));
  // CHECK-MESSAGES-MIN: :[[@LINE-3]]:17: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(65536, sizeof(uint64_t))'
  // CHECK-FIXES-MIN: uint64_t *t = calloc(65536, sizeof(uint64_t));
  // CHECK-MESSAGES-KERNEL: :[[@LINE-5]]:17: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(65536, sizeof(uint64_t))'
  // CHECK-FIXES-KERNEL: uint64_t *t = calloc(65536, sizeof(uint64_t));
  if (!t)
    return NULL;
  memset(t, 0, 65536 * sizeof(uint64_t));
  return t;
}

struct flow *flows(size_t n) {
  struct flow *f = malloc(n * sizeof(struct flow));
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:20: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof(struct flow))'
  // CHECK-FIXES-DEFAULT: struct flow *f = calloc(n, sizeof(struct flow));
  // CHECK-MESSAGES-MIN: :[[@LINE-3]]:20: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof(struct flow))'
  // CHECK-FIXES-MIN: struct flow *f = calloc(n, sizeof(struct flow));
  // CHECK-MESSAGES-KERNEL: :[[@LINE-5]]:20: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(n, sizeof(struct flow))'
  // CHECK-FIXES-KERNEL: struct flow *f = calloc(n, sizeof(struct flow));
  if (!f)
    return NULL;
  memset(f, 0, n * sizeof(struct flow));
  return f;
}

/* kmalloc: the single-size zeroing form takes the same arguments... */
struct flow *kflow_new(gfp_t gfp) {
  struct flow *f = kmalloc(sizeof(*f), gfp);
  // CHECK-MESSAGES-KERNEL: :[[@LINE-1]]:20: warning: memory allocated by 'kmalloc' is zeroed right away by 'memset'; use 'kzalloc(sizeof(*f), gfp)', which zeroes as it allocates
  // CHECK-FIXES-KERNEL: struct flow *f = kzalloc(sizeof(*f), gfp);
  // CHECK-MESSAGES-GLOBAL: :[[@LINE-3]]:20: warning: memory allocated by 'kmalloc' is zeroed right away by 'memset'; use 'kzalloc(sizeof(*f), gfp)'
  // CHECK-FIXES-GLOBAL: struct flow *f = kzalloc(sizeof(*f), gfp);
  if (!f)
    return NULL;
  memset(f, 0, sizeof(*f));
  return f;
}

/* ...and a product prefers the array form, which checks it. */
uint32_t *kcounters(size_t n) {
  uint32_t *c = kmalloc(n * sizeof(uint32_t), GFP_KERNEL);
  // CHECK-MESSAGES-KERNEL: :[[@LINE-1]]:17: warning: memory allocated by 'kmalloc' is zeroed right away by 'memset'; use 'kcalloc(n, sizeof(uint32_t), GFP_KERNEL)'
  // CHECK-FIXES-KERNEL: uint32_t *c = kcalloc(n, sizeof(uint32_t), GFP_KERNEL);
  // CHECK-MESSAGES-GLOBAL: :[[@LINE-3]]:17: warning: memory allocated by 'kmalloc' is zeroed right away by 'memset'; use 'kzalloc(n * sizeof(uint32_t), GFP_KERNEL)'
  // CHECK-FIXES-GLOBAL: uint32_t *c = kzalloc(n * sizeof(uint32_t), GFP_KERNEL);
  if (!c)
    return NULL;
  memset(c, 0, n * sizeof(uint32_t));
  return c;
}

/* A project's own xcalloc, built on xmalloc + memset: rewriting it would
   make it call itself. */
void *xcalloc(size_t n, size_t size) {
  void *p = xmalloc(n * size);
  memset(p, 0, n * size);
  return p;
}

/* Outside it, xmalloc + memset becomes xcalloc. */
char *xbuffer(size_t len) {
  char *b = xmalloc(len);
  // CHECK-MESSAGES-KERNEL: :[[@LINE-1]]:13: warning: memory allocated by 'xmalloc' is zeroed right away by 'memset'; use 'xcalloc(1, len)'
  // CHECK-FIXES-KERNEL: char *b = xcalloc(1, len);
  memset(b, 0, len);
  return b;
}

/* kzalloc implemented with kmalloc + memset is left alone too. */
void *kzalloc(size_t size, gfp_t flags) {
  void *p = kmalloc(size, flags);
  if (p)
    memset(p, 0, size);
  return p;
}
