/* A stand-in for the kernel's allocation headers, for test/config/linux-kernel.c:
 * the functions the test calls and the ones its fixes introduce, with the
 * parameter lists of Linux 6.1 (include/linux/slab.h, include/linux/device.h,
 * include/linux/vmalloc.h). The kernel defines most of them as static inline
 * functions; prototypes are enough here.
 *
 * With LINUX_NOPROF, the 6.10+ shape instead: each allocator is a macro
 * around alloc_hooks() and a *_noprof function (include/linux/slab.h of
 * v6.10). */
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

#endif
