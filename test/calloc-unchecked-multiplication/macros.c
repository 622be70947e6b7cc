// Inside a macro expansion the warning stands at the expansion, with no fix;
// macros used as factors are copied as written.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>

#define XNEW_ARRAY(T, n) ((T *)malloc((n) * sizeof(T)))
#define ELEM_SIZE 24
#define COUNT_OF(h) ((h)->count)

struct h { size_t count; };

int *via_macro(size_t n) {
  return XNEW_ARRAY(int, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(n) * sizeof(int)' can overflow and nothing checks the multiplication
}

void *macro_factor(size_t n) {
  return malloc(n * ELEM_SIZE);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * ELEM_SIZE' can overflow; use 'calloc(n, ELEM_SIZE)'
  // CHECK-FIXES: return calloc(n, ELEM_SIZE);
}

void *macro_count(struct h *hdr) {
  return malloc(COUNT_OF(hdr) * ELEM_SIZE);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'COUNT_OF(hdr) * ELEM_SIZE' can overflow; use 'calloc(COUNT_OF(hdr), ELEM_SIZE)'
  // CHECK-FIXES: return calloc(COUNT_OF(hdr), ELEM_SIZE);
}

/* The whole size is one macro: the edit would need the macro's body. */
#define BYTES_FOR(n) ((n) * 8)
void *macro_size(size_t n) {
  return malloc(BYTES_FOR(n));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'BYTES_FOR(n)' can overflow and nothing checks the multiplication
}

/* Calls spelled through macros that only rename the allocator: the fix
   keeps to the project's macros when one names calloc, and otherwise
   leaves the call alone. */
#define xmalloc malloc
#define xcalloc calloc
void *aliased(size_t n) { return xmalloc(n * 8); }
// CHECK-MESSAGES: :[[@LINE-1]]:34: warning: allocation size 'n * 8' can overflow; use 'xcalloc(n, 8)', which checks the multiplication
// CHECK-FIXES: void *aliased(size_t n) { return xcalloc(n, 8); }
#undef xcalloc
void *aliased_alone(size_t n) { return xmalloc(n * 8); }
// CHECK-MESSAGES: :[[@LINE-1]]:40: warning: allocation size 'n * 8' can overflow and nothing checks the multiplication
// CHECK-FIXES: void *aliased_alone(size_t n) { return xmalloc(n * 8); }

/* A project that renames malloc with a macro: the call reaches my_malloc,
   an allocator by its name and type (discovery), seen at the call. No fix:
   the callee is written by the macro, and my_malloc has no checked form. */
void *my_malloc(size_t);
#define malloc(n) my_malloc(n)
void *redirected(size_t n) { return malloc(n * 8); }
// CHECK-MESSAGES: :[[@LINE-1]]:37: warning: allocation size 'n * 8' can overflow and nothing checks the multiplication
#undef malloc

/* A macro that writes the call around one of its arguments (expat's
   REALLOC(parser, p, s), which calls parser->m_mem.realloc_fcn): the call's
   first token is the argument, on the line below; the warning goes where
   the macro is used, which spells the callee. */
struct memory_hooks {
  void *(*realloc_fcn)(void *, size_t);
};
struct grower {
  struct memory_hooks mem;
  unsigned size;
  void *items;
};
#define GROW(owner, p, s) (owner->mem.realloc_fcn((p), (s)))
void *grow_items(struct grower *g) {
  return GROW(
      g, g->items, g->size * 2 * sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-2]]:10: warning: allocation size '(g->size * 2 * sizeof(int))' can overflow ('g->size * 2' is computed in 'unsigned int') and nothing checks the multiplication
}
