// config/redis.yaml: zmalloc and zcalloc products become zcalloc_num, the
// one form that checks them; zmalloc + memset becomes zcalloc or
// zcalloc_num. zcalloc takes one size and is never offered for a product.
// RUN: %check_calloc_tidy %any_count -config-file=%config_dir/redis.yaml %s calloc-* %t -- -- -I%S/Inputs

#include "redis.h"

typedef struct dictEntry {
  void *key, *val;
  struct dictEntry *next;
} dictEntry;

dictEntry **table_new(unsigned long size) {
  dictEntry **table = zmalloc(size * sizeof(dictEntry *));
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: allocation size 'size * sizeof(dictEntry *)' can overflow; use 'zcalloc_num(size, sizeof(dictEntry *))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: dictEntry **table = zcalloc_num(size, sizeof(dictEntry *));
  return table;
}

/* zcalloc(size) zeroes but does not check: its product is reported too. */
dictEntry **table_new_zeroed(unsigned long size) {
  return zcalloc(size * sizeof(dictEntry *));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'size * sizeof(dictEntry *)' can overflow; use 'zcalloc_num(size, sizeof(dictEntry *))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return zcalloc_num(size, sizeof(dictEntry *));
}

/* zmalloc + memset: zcalloc_num for a product, zcalloc for one object. */
dictEntry **table_cleared(unsigned long size) {
  dictEntry **table = zmalloc(size * sizeof(dictEntry *));
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:23: warning: memory allocated by 'zmalloc' is zeroed right away by 'memset'; use 'zcalloc_num(size, sizeof(dictEntry *))', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:23: warning: allocation size 'size * sizeof(dictEntry *)' can overflow; use 'zcalloc_num(size, sizeof(dictEntry *))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: dictEntry **table = zcalloc_num(size, sizeof(dictEntry *));
  memset(table, 0, size * sizeof(dictEntry *));
  // CHECK-FIXES-NOT: memset(table, 0, size * sizeof(dictEntry *));
  return table;
}

dictEntry *entry_new(void) {
  dictEntry *de = zmalloc(sizeof(*de));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: memory allocated by 'zmalloc' is zeroed right away by 'memset'; use 'zcalloc(sizeof(*de))', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-FIXES: dictEntry *de = zcalloc(sizeof(*de));
  memset(de, 0, sizeof(*de));
  return de;
}

/* The try variant has a zeroing form but no checked one. */
dictEntry *entry_try_new(void) {
  dictEntry *de = ztrymalloc(sizeof(*de));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: memory allocated by 'ztrymalloc' is zeroed right away by 'memset'; use 'ztrycalloc(sizeof(*de))', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-FIXES: dictEntry *de = ztrycalloc(sizeof(*de));
  if (de == NULL)
    return NULL;
  memset(de, 0, sizeof(*de));
  return de;
}

dictEntry **table_try_new(unsigned long size) {
  return ztrymalloc(size * sizeof(dictEntry *));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'size * sizeof(dictEntry *)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return ztrymalloc(size * sizeof(dictEntry *));
}

dictEntry **table_expand(dictEntry **table, unsigned long size) {
  return zrealloc(table, size * sizeof(dictEntry *));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'size * sizeof(dictEntry *)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return zrealloc(table, size * sizeof(dictEntry *));
}

/* sds spells zmalloc through an object-like macro: reported, not fixed. */
char *sds_buffer(size_t count, size_t width) {
  return s_malloc(count * width);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * width' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return s_malloc(count * width);
}

/* Guarded, and the checked form itself: nothing to report. */
dictEntry **table_new_checked(unsigned long size) {
  if (size > SIZE_MAX / sizeof(dictEntry *))
    return NULL;
  return zmalloc(size * sizeof(dictEntry *));
}

dictEntry **table_new_num(unsigned long size) {
  return zcalloc_num(size, sizeof(dictEntry *));
}

/* Lengths: an sds string's length counts its bytes. */
char *sds_quoted(const sds s) {
  return zmalloc(sdslen(s) * 2 + 3);
}

uint32_t *sds_widened(const sds s) {
  return zmalloc(sdslen(s) * sizeof(uint32_t));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'sdslen(s) * sizeof(uint32_t)' can overflow; use 'zcalloc_num(sdslen(s), sizeof(uint32_t))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return zcalloc_num(sdslen(s), sizeof(uint32_t));
}
