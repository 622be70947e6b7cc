// config/linux-kernel.yaml on kernels with the typed array allocators of
// Linux 7.0 (kmalloc_objs, kzalloc_objs): a product `n * sizeof(elem)`
// becomes `kmalloc_objs(elem, n, flags)`, the form the kernel now asks for,
// where the macro is defined and the result can point to the element.
//
// 7.0: kmalloc(...) is a macro around kmalloc_noprof; the whole invocation
// is rewritten.
// RUN: %check_calloc_tidy %any_count -check-suffixes=OBJS -config-file=%config_dir/linux-kernel.yaml %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs -DLINUX_NOPROF -DLINUX_OBJS
// Why the findings that get no fix get none:
// RUN: sed 's/^CheckOptions:$/&\n  calloc-unchecked-multiplication.WideProductsNeedInput: false\n  calloc-unchecked-multiplication.NarrowProductsNeedSource: false/' %config_dir/linux-kernel.yaml > %t.yaml
// RUN: %clang_tidy --load=%calloc_plugin --config-file=%t.yaml %s -- -I%S/Inputs -DLINUX_NOPROF -DLINUX_OBJS 2>&1 | FileCheck %s --check-prefix=WHY
//
// An older kernel with a backport header that defines the macros: kmalloc
// is a function, and where the objects form does not fit, the array form
// is the fix.
// RUN: %check_calloc_tidy %any_count -check-suffixes=COMPAT -config-file=%config_dir/linux-kernel.yaml %s calloc-* %t -- -- -I%S/Inputs -DLINUX_OBJS

#include "linux-kernel.h"

struct ring_entry {
  unsigned long addr;
  unsigned int len, flags;
};

struct ring_entry *ring_alloc(size_t n) {
  struct ring_entry *r = kmalloc(n * sizeof(*r), GFP_KERNEL);
  // CHECK-MESSAGES-OBJS: :[[@LINE-1]]:26: warning: allocation size 'n * sizeof(*r)' can overflow; use 'kmalloc_objs(*r, n, GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-OBJS: struct ring_entry *r = kmalloc_objs(*r, n, GFP_KERNEL);
  // CHECK-MESSAGES-COMPAT: :[[@LINE-3]]:26: warning: allocation size 'n * sizeof(*r)' can overflow; use 'kmalloc_objs(*r, n, GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-COMPAT: struct ring_entry *r = kmalloc_objs(*r, n, GFP_KERNEL);
  return r;
}

/* A type as the element; the result converted on return. */
unsigned int *counters_alloc(size_t cpus, gfp_t gfp) {
  return kzalloc(cpus * sizeof(unsigned int), gfp);
  // CHECK-MESSAGES-OBJS: :[[@LINE-1]]:10: warning: allocation size 'cpus * sizeof(unsigned int)' can overflow; use 'kzalloc_objs(unsigned int, cpus, gfp)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-OBJS: return kzalloc_objs(unsigned int, cpus, gfp);
  // CHECK-MESSAGES-COMPAT: :[[@LINE-3]]:10: warning: allocation size 'cpus * sizeof(unsigned int)' can overflow; use 'kzalloc_objs(unsigned int, cpus, gfp)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-COMPAT: return kzalloc_objs(unsigned int, cpus, gfp);
}

/* A stored size: the objects form at the call, the size variable gone. */
struct ring_entry *ring_alloc_stored(size_t n) {
  struct ring_entry *r;
  size_t bytes = n * sizeof(*r);
  // CHECK-FIXES-OBJS-NOT: size_t bytes = n * sizeof(*r);
  // CHECK-FIXES-COMPAT-NOT: size_t bytes = n * sizeof(*r);
  r = kmalloc(bytes, GFP_KERNEL);
  // CHECK-MESSAGES-OBJS: :[[@LINE-1]]:7: warning: allocation size 'bytes' can overflow; use 'kmalloc_objs(*r, n, GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-OBJS: r = kmalloc_objs(*r, n, GFP_KERNEL);
  // CHECK-MESSAGES-COMPAT: :[[@LINE-3]]:7: warning: allocation size 'bytes' can overflow; use 'kmalloc_objs(*r, n, GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-COMPAT: r = kmalloc_objs(*r, n, GFP_KERNEL);
  return r;
}

/* Stored as a pointer to void, or cast explicitly: both take the typed
   result. */
void *blob_alloc(size_t n) {
  void *p = kmalloc(n * sizeof(long), GFP_KERNEL);
  // CHECK-MESSAGES-OBJS: :[[@LINE-1]]:13: warning: allocation size 'n * sizeof(long)' can overflow; use 'kmalloc_objs(long, n, GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-OBJS: void *p = kmalloc_objs(long, n, GFP_KERNEL);
  // CHECK-MESSAGES-COMPAT: :[[@LINE-3]]:13: warning: allocation size 'n * sizeof(long)' can overflow; use 'kmalloc_objs(long, n, GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-COMPAT: void *p = kmalloc_objs(long, n, GFP_KERNEL);
  return p;
}

char *bytes_of_entries(size_t n) {
  return (char *)kmalloc(n * sizeof(struct ring_entry), GFP_KERNEL);
  // CHECK-MESSAGES-OBJS: :[[@LINE-1]]:18: warning: allocation size 'n * sizeof(struct ring_entry)' can overflow; use 'kmalloc_objs(struct ring_entry, n, GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-OBJS: return (char *)kmalloc_objs(struct ring_entry, n, GFP_KERNEL);
  // CHECK-MESSAGES-COMPAT: :[[@LINE-3]]:18: warning: allocation size 'n * sizeof(struct ring_entry)' can overflow; use 'kmalloc_objs(struct ring_entry, n, GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-COMPAT: return (char *)kmalloc_objs(struct ring_entry, n, GFP_KERNEL);
}

/* A const element, stored as a pointer to const. */
const struct ring_entry *ring_snapshot(size_t n) {
  const struct ring_entry *c = kmalloc(n * sizeof(*c), GFP_KERNEL);
  // CHECK-MESSAGES-OBJS: :[[@LINE-1]]:32: warning: allocation size 'n * sizeof(*c)' can overflow; use 'kmalloc_objs(*c, n, GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-OBJS: const struct ring_entry *c = kmalloc_objs(*c, n, GFP_KERNEL);
  // CHECK-MESSAGES-COMPAT: :[[@LINE-3]]:32: warning: allocation size 'n * sizeof(*c)' can overflow; use 'kmalloc_objs(*c, n, GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-COMPAT: const struct ring_entry *c = kmalloc_objs(*c, n, GFP_KERNEL);
  return c;
}

/* The element is not what the result is stored as: kmalloc_objs would
   return a struct pointer where a char pointer is expected (an
   incompatible-pointer-types error in the kernel's build). On 7.0 no fix;
   with the functions, the array form. */
char *entries_as_bytes(size_t n) {
  char *buf = kmalloc(n * sizeof(struct ring_entry), GFP_KERNEL);
  // CHECK-MESSAGES-OBJS: :[[@LINE-1]]:15: warning: allocation size 'n * sizeof(struct ring_entry)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // WHY: :[[@LINE-2]]:15: note: no fix: 'kmalloc_objs' returns a pointer to 'struct ring_entry', which the code does not store as one
  // CHECK-FIXES-OBJS: char *buf = kmalloc(n * sizeof(struct ring_entry), GFP_KERNEL);
  // CHECK-MESSAGES-COMPAT: :[[@LINE-4]]:15: warning: allocation size 'n * sizeof(struct ring_entry)' can overflow; use 'kmalloc_array(n, sizeof(struct ring_entry), GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-COMPAT: char *buf = kmalloc_array(n, sizeof(struct ring_entry), GFP_KERNEL);
  return buf;
}

/* A deduced type would change with the fix. */
long *deduced(size_t n) {
  __auto_type q = kmalloc(n * sizeof(long), GFP_KERNEL);
  // CHECK-MESSAGES-OBJS: :[[@LINE-1]]:19: warning: allocation size 'n * sizeof(long)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // WHY: :[[@LINE-2]]:19: note: no fix: 'kmalloc_objs' returns a pointer to 'long', which the code does not store as one
  // CHECK-MESSAGES-COMPAT: :[[@LINE-3]]:19: warning: allocation size 'n * sizeof(long)' can overflow; use 'kmalloc_array(n, sizeof(long), GFP_KERNEL)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-COMPAT: __auto_type q = kmalloc_array(n, sizeof(long), GFP_KERNEL);
  return q;
}

/* Three factors: no form checks this product without a split that is
   itself free of overflow. */
unsigned short *table_alloc(size_t rows, size_t cols) {
  unsigned short *t = kmalloc(rows * cols * sizeof(*t), GFP_KERNEL);
  // CHECK-MESSAGES-OBJS: :[[@LINE-1]]:23: warning: allocation size 'rows * cols * sizeof(*t)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // WHY: :[[@LINE-2]]:23: note: no fix: no split of the factors into a count and a size is itself free of overflow
  // CHECK-MESSAGES-COMPAT: :[[@LINE-3]]:23: warning: allocation size 'rows * cols * sizeof(*t)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  return t;
}

/* Inside a project's own macro, whose body spells the count: no fix. */
#define RING_ALLOC(n) kmalloc((n) * sizeof(struct ring_entry), GFP_KERNEL)
struct ring_entry *ring_alloc_macro(size_t n) {
  return RING_ALLOC(n);
  // CHECK-MESSAGES-OBJS: :[[@LINE-1]]:10: warning: allocation size '(n) * sizeof(struct ring_entry)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // WHY: :[[@LINE-2]]:10: note: no fix: a factor is not spelled in one piece of the file
  // CHECK-MESSAGES-COMPAT: :[[@LINE-3]]:10: warning: allocation size '(n) * sizeof(struct ring_entry)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Already the typed form: its size_mul() checks, nothing to report. */
struct ring_entry *ring_alloc_typed(size_t n) {
  struct ring_entry *r = kmalloc_objs(*r, n);
  return r;
}
