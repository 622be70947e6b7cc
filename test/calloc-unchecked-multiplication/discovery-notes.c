// What the notes of a discovered allocator say: how it was recognised, why
// there is no fix, the entry that would configure one, and the rewrite that
// only --fix-notes applies.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>

struct pool;
void *pool_alloc(struct pool *p, size_t size);
void *from_pool(struct pool *p, size_t n) { return pool_alloc(p, n * 16); }
// CHECK-NOTES: :[[@LINE-1]]:52: warning: allocation size 'n * 16' can overflow and nothing checks the multiplication
// CHECK-NOTES: :[[@LINE-2]]:52: note: no fix: 'pool_alloc' is an allocator by its name and type, and no overflow-checked form of it was found; name one in option 'Allocators': 'pool_alloc(arg, size) array=NAME'

struct hooks {
  void *(*allocate)(size_t size);
};
extern struct hooks global_hooks;
double *field(size_t n) { return global_hooks.allocate(n * sizeof(double)); }
// CHECK-NOTES: :[[@LINE-1]]:34: warning: allocation size 'n * sizeof(double)' can overflow and nothing checks the multiplication
// CHECK-NOTES: :[[@LINE-2]]:34: note: no fix: 'allocate' is a function-pointer field allocator, by its name and type, and no overflow-checked form of it was found; name one in option 'Allocators': 'allocate(size) array=NAME'

extern void *(*Curl_cmalloc)(size_t size);
extern void *(*Curl_ccalloc)(size_t nmemb, size_t size);
char **ptr_var(size_t n) { return Curl_cmalloc(n * sizeof(char *)); }
// CHECK-NOTES: :[[@LINE-1]]:35: warning: allocation size 'n * sizeof(char *)' can overflow and nothing checks the multiplication
// CHECK-NOTES: :[[@LINE-2]]:35: note: 'Curl_ccalloc(n, sizeof(char *))' may check the multiplication: 'Curl_ccalloc' is called through a function pointer, so only --fix-notes applies this rewrite

void *ymalloc(size_t n) { return malloc(n); }
void *ycalloc(size_t n, size_t size) { return ymalloc(n * size); }
// CHECK-NOTES: :[[@LINE-1]]:47: warning: allocation size 'n * size' can overflow and nothing checks the multiplication
// CHECK-NOTES: :[[@LINE-2]]:47: note: no fix: 'ymalloc' is a wrapper of 'malloc' defined in this file, and 'ycalloc' is defined in this file and does not check the multiplication
short *refused(size_t n) { return ymalloc(n * sizeof(short)); }
// CHECK-NOTES: :[[@LINE-1]]:35: warning: allocation size 'n * sizeof(short)' can overflow and nothing checks the multiplication
// CHECK-NOTES: :[[@LINE-2]]:35: note: no fix: 'ymalloc' is a wrapper of 'malloc' defined in this file, and 'ycalloc' is defined in this file and does not check the multiplication

/* A configured name also matches a function-pointer field; its counterpart
   may point anywhere, so the fix is on a note. */
struct mem {
  void *(*malloc)(size_t size);
  void *(*calloc)(size_t n, size_t size);
};
extern struct mem m;
int *hooks(size_t n) { return m.malloc(n * sizeof(int)); }
// CHECK-NOTES: :[[@LINE-1]]:31: warning: allocation size 'n * sizeof(int)' can overflow and nothing checks the multiplication
// CHECK-NOTES: :[[@LINE-2]]:31: note: 'calloc(n, sizeof(int))' may check the multiplication: 'calloc' is called through a function pointer, so only --fix-notes applies this rewrite
