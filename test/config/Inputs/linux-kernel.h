/* A stand-in for the kernel's allocation headers, for test/config/linux-kernel.c:
 * the functions the test calls and the ones its fixes introduce, with the
 * parameter lists of Linux 6.1 (include/linux/slab.h, include/linux/device.h,
 * include/linux/vmalloc.h). The kernel defines most of them as static inline
 * functions; prototypes are enough here.
 *
 * With LINUX_NOPROF, the 6.10+ shape instead: each allocator is a macro
 * around alloc_hooks() and a *_noprof function (include/linux/slab.h of
 * v6.10).
 *
 * With LINUX_OBJS, also the typed array allocators of Linux 7.0: the
 * kmalloc_objs(element, count[, gfp]) family, where the element is a type or
 * an object and the byte count is size_mul(), which saturates at SIZE_MAX
 * (a size kmalloc refuses). Backport headers define the same macros over
 * the 6.1 functions. */
#ifndef CALLOC_TIDY_TEST_LINUX_KERNEL_H
#define CALLOC_TIDY_TEST_LINUX_KERNEL_H

typedef __SIZE_TYPE__ size_t;
typedef unsigned int gfp_t;
struct device;

#define NULL ((void *)0)
#define GFP_KERNEL 0xcc0u
#define __GFP_ZERO 0x100u
#define unlikely(x) __builtin_expect(!!(x), 0)
#define check_mul_overflow(a, b, d) __builtin_mul_overflow(a, b, d)

void *memset(void *s, int c, size_t n);

#ifndef LINUX_NOPROF

void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void *kmalloc_array(size_t n, size_t size, gfp_t flags);
void *kcalloc(size_t n, size_t size, gfp_t flags);
void *krealloc(const void *objp, size_t new_size, gfp_t flags);
void *krealloc_array(void *p, size_t new_n, size_t new_size, gfp_t flags);

void *devm_kmalloc(struct device *dev, size_t size, gfp_t gfp);
void *devm_kmalloc_array(struct device *dev, size_t n, size_t size, gfp_t flags);
void *devm_krealloc(struct device *dev, void *ptr, size_t size, gfp_t gfp);

void *vzalloc(unsigned long size);
void *vcalloc(size_t n, size_t size);

#else /* LINUX_NOPROF */

/* Runs the allocation and hands back its result, as the profiling hook of
 * include/linux/alloc_tag.h does (here without the accounting). */
#define alloc_hooks(call) ({ void *hooked_ = (call); hooked_; })

void *kmalloc_noprof(size_t size, gfp_t flags);
void *kzalloc_noprof(size_t size, gfp_t flags);
void *kmalloc_array_noprof(size_t n, size_t size, gfp_t flags);
#define kmalloc(...) alloc_hooks(kmalloc_noprof(__VA_ARGS__))
#define kzalloc(...) alloc_hooks(kzalloc_noprof(__VA_ARGS__))
#define kmalloc_array(...) alloc_hooks(kmalloc_array_noprof(__VA_ARGS__))
#define kcalloc(n, size, flags) kmalloc_array(n, size, (flags) | __GFP_ZERO)

#endif /* LINUX_NOPROF */

#ifdef LINUX_OBJS
static inline size_t size_mul(size_t a, size_t b) {
  size_t product;
  return __builtin_mul_overflow(a, b, &product) ? (size_t)-1 : product;
}
/* The flags when given, GFP_KERNEL otherwise. */
#define flags_or_kernel_(unused, flags, ...) flags
#define default_gfp(...) flags_or_kernel_(, ##__VA_ARGS__, GFP_KERNEL)
#define typed_alloc_(alloc, flags, type, count) \
  ((type *)alloc(size_mul(sizeof(type), count), flags))
#define kmalloc_objs(VAR_OR_TYPE, COUNT, ...) \
  typed_alloc_(kmalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), COUNT)
#define kzalloc_objs(VAR_OR_TYPE, COUNT, ...) \
  typed_alloc_(kzalloc, default_gfp(__VA_ARGS__), typeof(VAR_OR_TYPE), COUNT)
#endif /* LINUX_OBJS */

#endif
