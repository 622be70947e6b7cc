// Allocators nobody configured: found by alloc_size, by name and type
// (functions, function-pointer variables and fields), and as wrappers
// defined in the file. A counterpart defined here is used only when its body
// checks the product; one not defined here gets its fix on a note, which
// --fix-notes applies and --fix does not.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy %any_count -check-suffixes=NOTES %s calloc-unchecked-multiplication %t -- --fix-notes
// RUN: %check_calloc_tidy %any_count -check-suffixes=NONE -config='{CheckOptions: {DiscoverAllocators: none}}' %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy %any_count -check-suffixes=ATTR -config='{CheckOptions: {calloc-unchecked-multiplication.DiscoverAllocators: attribute}}' %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy %any_count -check-suffixes=PATTERN -config='{CheckOptions: {AllocatorNamePattern: "^pool_"}}' %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>

/* The C library's malloc, configured: reported in every run. */
int *libc(size_t n) { return malloc(n * sizeof(int)); }
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: allocation size 'n * sizeof(int)' can overflow; use 'calloc(n, sizeof(int))'
// CHECK-FIXES: int *libc(size_t n) { return calloc(n, sizeof(int)); }
// CHECK-MESSAGES-NOTES: :[[@LINE-3]]:30: warning: allocation size 'n * sizeof(int)' can overflow; use 'calloc(n, sizeof(int))'
// CHECK-FIXES-NOTES: int *libc(size_t n) { return calloc(n, sizeof(int)); }
// CHECK-MESSAGES-NONE: :[[@LINE-5]]:30: warning: allocation size 'n * sizeof(int)' can overflow; use 'calloc(n, sizeof(int))'
// CHECK-FIXES-NONE: int *libc(size_t n) { return calloc(n, sizeof(int)); }
// CHECK-MESSAGES-ATTR: :[[@LINE-7]]:30: warning: allocation size 'n * sizeof(int)' can overflow; use 'calloc(n, sizeof(int))'
// CHECK-FIXES-ATTR: int *libc(size_t n) { return calloc(n, sizeof(int)); }
// CHECK-MESSAGES-PATTERN: :[[@LINE-9]]:30: warning: allocation size 'n * sizeof(int)' can overflow; use 'calloc(n, sizeof(int))'
// CHECK-FIXES-PATTERN: int *libc(size_t n) { return calloc(n, sizeof(int)); }

/* alloc_size(1) makes an allocator; the alloc_size(1, 2) function named
   like its array form is one, but it is not defined here. */
void *arena_malloc(size_t size) __attribute__((alloc_size(1)));
void *arena_calloc(size_t n, size_t size) __attribute__((alloc_size(1, 2)));
int *attr(size_t n) { return arena_malloc(n * sizeof(int)); }
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: allocation size 'n * sizeof(int)' can overflow and nothing checks the multiplication
// CHECK-FIXES: int *attr(size_t n) { return arena_malloc(n * sizeof(int)); }
// CHECK-MESSAGES-NOTES: :[[@LINE-3]]:30: warning: allocation size 'n * sizeof(int)' can overflow and nothing checks the multiplication
// CHECK-FIXES-NOTES: int *attr(size_t n) { return arena_calloc(n, sizeof(int)); }
// CHECK-MESSAGES-ATTR: :[[@LINE-5]]:30: warning: allocation size 'n * sizeof(int)' can overflow and nothing checks the multiplication
// CHECK-MESSAGES-PATTERN: :[[@LINE-6]]:30: warning: allocation size 'n * sizeof(int)' can overflow and nothing checks the multiplication

/* Named and typed like an allocator, with no array form anywhere. */
struct pool;
void *pool_alloc(struct pool *p, size_t size);
void *from_pool(struct pool *p, size_t n) { return pool_alloc(p, n * 16); }
// CHECK-MESSAGES: :[[@LINE-1]]:52: warning: allocation size 'n * 16' can overflow and nothing checks the multiplication
// CHECK-MESSAGES-NOTES: :[[@LINE-2]]:52: warning: allocation size 'n * 16' can overflow and nothing checks the multiplication
// CHECK-MESSAGES-PATTERN: :[[@LINE-3]]:52: warning: allocation size 'n * 16' can overflow and nothing checks the multiplication

/* A function-pointer variable (curl's), and its array form. */
extern void *(*Curl_cmalloc)(size_t size);
extern void *(*Curl_ccalloc)(size_t nmemb, size_t size);
char **ptr_var(size_t n) { return Curl_cmalloc(n * sizeof(char *)); }
// CHECK-MESSAGES: :[[@LINE-1]]:35: warning: allocation size 'n * sizeof(char *)' can overflow and nothing checks the multiplication
// CHECK-MESSAGES-NOTES: :[[@LINE-2]]:35: warning: allocation size 'n * sizeof(char *)' can overflow and nothing checks the multiplication
// CHECK-FIXES-NOTES: char **ptr_var(size_t n) { return Curl_ccalloc(n, sizeof(char *)); }

/* A function-pointer field (cJSON's hooks). */
struct hooks {
  void *(*allocate)(size_t size);
  void (*deallocate)(void *p);
};
extern struct hooks global_hooks;
double *field(size_t n) { return global_hooks.allocate(n * sizeof(double)); }
// CHECK-MESSAGES: :[[@LINE-1]]:34: warning: allocation size 'n * sizeof(double)' can overflow and nothing checks the multiplication
// CHECK-MESSAGES-NOTES: :[[@LINE-2]]:34: warning: allocation size 'n * sizeof(double)' can overflow and nothing checks the multiplication

/* Wrappers defined here: xcalloc passes its count and size to calloc, so it
   checks, and --fix uses it. Inside the wrappers nothing is reported. */
void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p)
    abort();
  return p;
}
void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n, size);
  if (!p)
    abort();
  return p;
}
long *wrapped(size_t n) { return xmalloc(n * sizeof(long)); }
// CHECK-MESSAGES: :[[@LINE-1]]:34: warning: allocation size 'n * sizeof(long)' can overflow; use 'xcalloc(n, sizeof(long))', which checks the multiplication
// CHECK-FIXES: long *wrapped(size_t n) { return xcalloc(n, sizeof(long)); }
// CHECK-MESSAGES-NOTES: :[[@LINE-3]]:34: warning: allocation size 'n * sizeof(long)' can overflow; use 'xcalloc(n, sizeof(long))', which checks the multiplication
// CHECK-FIXES-NOTES: long *wrapped(size_t n) { return xcalloc(n, sizeof(long)); }
// CHECK-MESSAGES-PATTERN: :[[@LINE-5]]:34: warning: allocation size 'n * sizeof(long)' can overflow; use 'xcalloc(n, sizeof(long))', which checks the multiplication
// CHECK-FIXES-PATTERN: long *wrapped(size_t n) { return xcalloc(n, sizeof(long)); }

/* A counterpart defined here that does not check: not offered, and its own
   product is a finding. */
void *ymalloc(size_t n) { return malloc(n); }
void *ycalloc(size_t n, size_t size) { return ymalloc(n * size); }
// CHECK-MESSAGES: :[[@LINE-1]]:47: warning: allocation size 'n * size' can overflow and nothing checks the multiplication
// CHECK-MESSAGES-NOTES: :[[@LINE-2]]:47: warning: allocation size 'n * size' can overflow and nothing checks the multiplication
// CHECK-MESSAGES-PATTERN: :[[@LINE-3]]:47: warning: allocation size 'n * size' can overflow and nothing checks the multiplication
short *refused(size_t n) { return ymalloc(n * sizeof(short)); }
// CHECK-MESSAGES: :[[@LINE-1]]:35: warning: allocation size 'n * sizeof(short)' can overflow and nothing checks the multiplication
// CHECK-MESSAGES-NOTES: :[[@LINE-2]]:35: warning: allocation size 'n * sizeof(short)' can overflow and nothing checks the multiplication
// CHECK-MESSAGES-PATTERN: :[[@LINE-3]]:35: warning: allocation size 'n * sizeof(short)' can overflow and nothing checks the multiplication

/* Not allocators: no pointer result; not named like one; an int * result
   (a count of ints, not bytes); two byte-count-wide integers, one named as
   an alignment, which is no element size. */
size_t alloc_count(size_t n);
char *lookup_slot(char *table, size_t n);
int *alloc_ints(size_t n);
void *aligned_region_alloc(size_t a, size_t alignment);
void silent(size_t n, char *t) {
  (void)alloc_count(n * 8);
  (void)lookup_slot(t, n * 8);
  (void)alloc_ints(n * 8);
  (void)aligned_region_alloc(n * 8, n);
}

/* Named like an allocator and typed like calloc (two byte-count-wide
   integers): a calloc-like array form, whose count and size are read like
   calloc's. A product inside one wraps before it can check anything. */
void *region_alloc(size_t a, size_t b);
void *region_table(size_t n) { return region_alloc(n * 8, n); }
// CHECK-MESSAGES: :[[@LINE-1]]:39: warning: count 'n * 8' of 'region_alloc' can overflow before 'region_alloc' checks the multiplication
// CHECK-MESSAGES-NOTES: :[[@LINE-2]]:39: warning: count 'n * 8' of 'region_alloc' can overflow before 'region_alloc' checks the multiplication

/* A counterpart whose count is narrower than the size it replaces is no
   counterpart: png_malloc_array(png, int, size_t) would truncate n. */
struct png;
void *png_malloc(struct png *png, size_t size);
void *png_malloc_array(struct png *png, int nelements, size_t element_size);
void *png_rows(struct png *png, size_t n) { return png_malloc(png, n * 8); }
// CHECK-MESSAGES: :[[@LINE-1]]:52: warning: allocation size 'n * 8' can overflow and nothing checks the multiplication
// CHECK-FIXES: void *png_rows(struct png *png, size_t n) { return png_malloc(png, n * 8); }
// CHECK-MESSAGES-NOTES: :[[@LINE-3]]:52: warning: allocation size 'n * 8' can overflow and nothing checks the multiplication
// CHECK-FIXES-NOTES: void *png_rows(struct png *png, size_t n) { return png_malloc(png, n * 8); }
