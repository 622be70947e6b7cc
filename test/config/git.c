// config/git.yaml: xmalloc products become xcalloc(count, size), the one
// checked form Git has as a function; xmalloc + memset becomes xcalloc.
// RUN: %check_calloc_tidy %any_count -config-file=%config_dir/git.yaml %s calloc-* %t -- -- -I%S/Inputs

#include "git.h"

struct object_entry {
  unsigned char oid[32];
  unsigned long size;
};

struct object_entry *entries_new(size_t nr) {
  struct object_entry *list = xmalloc(nr * sizeof(*list));
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: allocation size 'nr * sizeof(*list)' can overflow; use 'xcalloc(nr, sizeof(*list))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: struct object_entry *list = xcalloc(nr, sizeof(*list));
  return list;
}

/* xmalloc + memset: xcalloc, for a product and for one object. */
struct object_entry *entries_cleared(size_t nr) {
  struct object_entry *list = xmalloc(nr * sizeof(*list));
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:31: warning: memory allocated by 'xmalloc' is zeroed right away by 'memset'; use 'xcalloc(nr, sizeof(*list))', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:31: warning: allocation size 'nr * sizeof(*list)' can overflow; use 'xcalloc(nr, sizeof(*list))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: struct object_entry *list = xcalloc(nr, sizeof(*list));
  memset(list, 0, nr * sizeof(*list));
  // CHECK-FIXES-NOT: memset(list, 0, nr * sizeof(*list));
  return list;
}

struct object_entry *entry_new(void) {
  struct object_entry *e = xmalloc(sizeof(*e));
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: memory allocated by 'xmalloc' is zeroed right away by 'memset'; use 'xcalloc(1, sizeof(*e))', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-FIXES: struct object_entry *e = xcalloc(1, sizeof(*e));
  memset(e, 0, sizeof(*e));
  return e;
}

/* No checked form to switch to (REALLOC_ARRAY is a macro): reported only. */
struct object_entry *entries_grow(struct object_entry *list, size_t nr) {
  return xrealloc(list, nr * sizeof(*list));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'nr * sizeof(*list)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return xrealloc(list, nr * sizeof(*list));
}

char *names_buffer(size_t nr, size_t width) {
  return xmallocz(nr * width);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'nr * width' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return xmallocz(nr * width);
}

/* Git's own idioms: the size is st_mult(...), not a product. */
struct object_entry *entries_alloc_array(size_t nr) {
  struct object_entry *list;
  ALLOC_ARRAY(list, nr);
  return list;
}

struct object_entry *entries_calloc_array(size_t nr) {
  struct object_entry *list;
  CALLOC_ARRAY(list, nr);
  return list;
}

char *names_buffer_checked(size_t nr, size_t width) {
  return xmallocz(st_mult(nr, width));
}

/* Lengths: a strbuf's length cannot make these products wrap, so they are
   only "not checked", Git's rule; a wider element still can. */
char *quoted_copy(const struct strbuf *sb) {
  return xmalloc(sb->len * 2 + 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'sb->len * 2 + 1' is not checked for overflow [calloc-unchecked-multiplication]
}

const char **argv_copy(const struct strvec *args) {
  return xmalloc(args->nr * sizeof(const char *));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'args->nr * sizeof(const char *)' is not checked for overflow; use 'xcalloc(args->nr, sizeof(const char *))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return xcalloc(args->nr, sizeof(const char *));
}

uint64_t *words(const struct strbuf *sb) {
  return xmalloc(sb->len * sizeof(uint64_t));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'sb->len * sizeof(uint64_t)' can overflow; use 'xcalloc(sb->len, sizeof(uint64_t))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return xcalloc(sb->len, sizeof(uint64_t));
}
