// config/linux-kernel.yaml: products in kmalloc-family sizes become the
// kernel's checked array forms, kmalloc + memset becomes kzalloc or kcalloc,
// with the flags and the device argument kept in place.
// RUN: %check_calloc_tidy %any_count -config-file=%config_dir/linux-kernel.yaml %s calloc-* %t -- -- -I%S/Inputs
//
// Linux 6.10+: the allocators are macros around *_noprof functions, so the
// calls are reported at the macro's use and never fixed.
// RUN: %check_calloc_tidy %any_count -check-suffixes=NOPROF -config-file=%config_dir/linux-kernel.yaml %s calloc-* %t -- -- -I%S/Inputs -DLINUX_NOPROF

#include "linux-kernel.h"

struct ring_entry {
  unsigned long addr;
  unsigned int len, flags;
};

#ifndef LINUX_NOPROF

struct ring_entry *ring_alloc(size_t n) {
  struct ring_entry *r = kmalloc(n * sizeof(*r), GFP_KERNEL);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: allocation size 'n * sizeof(*r)' can overflow; use 'kmalloc_array(n, sizeof(*r), GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: struct ring_entry *r = kmalloc_array(n, sizeof(*r), GFP_KERNEL);
  return r;
}

/* kzalloc takes one size and checks nothing: its array form is kcalloc. */
unsigned int *counters_alloc(size_t cpus, gfp_t gfp) {
  return kzalloc(cpus * sizeof(unsigned int), gfp);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'cpus * sizeof(unsigned int)' can overflow; use 'kcalloc(cpus, sizeof(unsigned int), gfp)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return kcalloc(cpus, sizeof(unsigned int), gfp);
}

/* kmalloc + memset of a product: kcalloc, which zeroes and checks. Both
   checks report the call; the merge is the fix that is applied. */
struct ring_entry *ring_alloc_zeroed(size_t n) {
  struct ring_entry *r = kmalloc(n * sizeof(*r), GFP_KERNEL);
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:26: warning: memory allocated by 'kmalloc' is zeroed right away by 'memset'; use 'kcalloc(n, sizeof(*r), GFP_KERNEL)', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:26: warning: allocation size 'n * sizeof(*r)' can overflow; use 'kmalloc_array(n, sizeof(*r), GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: struct ring_entry *r = kcalloc(n, sizeof(*r), GFP_KERNEL);
  if (!r)
    return NULL;
  memset(r, 0, n * sizeof(*r));
  // CHECK-FIXES-NOT: memset(r, 0, n * sizeof(*r));
  return r;
}

/* One object: kzalloc with the same arguments. */
struct ring_entry *entry_new(gfp_t gfp) {
  struct ring_entry *e = kmalloc(sizeof(*e), gfp);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: memory allocated by 'kmalloc' is zeroed right away by 'memset'; use 'kzalloc(sizeof(*e), gfp)', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-FIXES: struct ring_entry *e = kzalloc(sizeof(*e), gfp);
  if (!e)
    return NULL;
  memset(e, 0, sizeof(*e));
  return e;
}

/* devm_: the device stays first, the flags last. */
unsigned short *table_alloc(struct device *dev, size_t rows, size_t cols) {
  unsigned short *t = devm_kmalloc(dev, rows * cols, GFP_KERNEL);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: allocation size 'rows * cols' can overflow; use 'devm_kmalloc_array(dev, rows, cols, GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: unsigned short *t = devm_kmalloc_array(dev, rows, cols, GFP_KERNEL);
  return t;
}

struct ring_entry *ring_grow(struct ring_entry *r, size_t n) {
  return krealloc(r, n * sizeof(*r), GFP_KERNEL);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(*r)' can overflow; use 'krealloc_array(r, n, sizeof(*r), GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return krealloc_array(r, n, sizeof(*r), GFP_KERNEL);
}

/* Linux 6.1 has no devm_krealloc_array: reported, not fixed. */
struct ring_entry *dev_ring_grow(struct device *dev, struct ring_entry *r, size_t n) {
  return devm_krealloc(dev, r, n * sizeof(*r), GFP_KERNEL);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(*r)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return devm_krealloc(dev, r, n * sizeof(*r), GFP_KERNEL);
}

unsigned long *bitmap_vzalloc(size_t words) {
  return vzalloc(words * sizeof(unsigned long));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'words * sizeof(unsigned long)' can overflow; use 'vcalloc(words, sizeof(unsigned long))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return vcalloc(words, sizeof(unsigned long));
}

/* The kernel's own ways of ruling the overflow out: nothing to report. */
struct ring_entry *ring_alloc_checked(size_t n) {
  size_t bytes;

  if (unlikely(check_mul_overflow(n, sizeof(struct ring_entry), &bytes)))
    return NULL;
  return kmalloc(bytes, GFP_KERNEL);
}

/* Capped, so it cannot overflow; but the kernel's rule (checkpatch) wants the
   array form for every multiplied size, and the preset asks for that level. */
struct ring_entry *ring_alloc_capped(unsigned int n) {
  if (n > 4096)
    return NULL;
  return kmalloc(n * sizeof(struct ring_entry), GFP_KERNEL);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct ring_entry)' is not checked for overflow; use 'kmalloc_array(n, sizeof(struct ring_entry), GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return kmalloc_array(n, sizeof(struct ring_entry), GFP_KERNEL);
}

/* Already the array forms: nothing to report. */
struct ring_entry *ring_alloc_array(size_t n) {
  return kcalloc(n, sizeof(struct ring_entry), GFP_KERNEL);
}

#else /* LINUX_NOPROF */

/* 6.10+: kmalloc(...) is alloc_hooks(kmalloc_noprof(...)). The product is
   reported where kmalloc is used; a fix inside the macro is not offered. */
struct ring_entry *ring_alloc(size_t n) {
  struct ring_entry *r = kmalloc(n * sizeof(*r), GFP_KERNEL);
  // CHECK-MESSAGES-NOPROF: :[[@LINE-1]]:26: warning: allocation size 'n * sizeof(*r)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-NOPROF: struct ring_entry *r = kmalloc(n * sizeof(*r), GFP_KERNEL);
  return r;
}

unsigned int *counters_alloc(size_t cpus, gfp_t gfp) {
  return kzalloc(cpus * sizeof(unsigned int), gfp);
  // CHECK-MESSAGES-NOPROF: :[[@LINE-1]]:10: warning: allocation size 'cpus * sizeof(unsigned int)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-NOPROF: return kzalloc(cpus * sizeof(unsigned int), gfp);
}

struct ring_entry *ring_alloc_array(size_t n) {
  return kcalloc(n, sizeof(struct ring_entry), GFP_KERNEL);
}

#endif /* LINUX_NOPROF */
