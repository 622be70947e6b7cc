// config/php.yaml: products in the sizes of the Zend allocators are
// reported where emalloc, erealloc or pemalloc is written (they are macros,
// so there is no fix), in release and in debug builds, and so is emalloc +
// memset in debug builds; the C library allocations php-src also makes are
// fixed as in config/libc.yaml.
// RUN: %check_calloc_tidy %any_count -check-suffixes=ALL -config-file=%config_dir/php.yaml %s calloc-* %t -- -- -I%S/Inputs
// RUN: %check_calloc_tidy %any_count -check-suffixes=ALL,DEBUG -config-file=%config_dir/php.yaml %s calloc-* %t -- -- -I%S/Inputs -DZEND_DEBUG=1

#include "php.h"

typedef struct {
  uint64_t value;
  uint32_t type_info, u2;
} zval;

zval *args_copy(size_t argc) {
  zval *args = emalloc(argc * sizeof(zval));
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:16: warning: allocation size '(argc * sizeof(zval))' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALL: zval *args = emalloc(argc * sizeof(zval));
  return args;
}

zval *args_grow(zval *args, size_t argc) {
  return erealloc(args, argc * sizeof(zval));
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:10: warning: allocation size '(argc * sizeof(zval))' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALL: return erealloc(args, argc * sizeof(zval));
}

/* pemalloc holds two calls, __zend_malloc and emalloc: each is reported. */
uint32_t *slots_new(size_t n, int persistent) {
  return pemalloc(n * sizeof(uint32_t), persistent);
  // CHECK-MESSAGES-ALL-DAG: :[[@LINE-1]]:10: warning: allocation size '(n * sizeof(uint32_t))' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-MESSAGES-ALL-DAG: :[[@LINE-2]]:10: warning: allocation size 'n * sizeof(uint32_t)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALL: return pemalloc(n * sizeof(uint32_t), persistent);
}

/* emalloc + memset: ecalloc, no fix (a macro). Seen in debug builds only: in
   release builds _emalloc is a conditional expression, not a call. */
zval *args_zeroed(size_t argc) {
  zval *args = emalloc(argc * sizeof(zval));
  // CHECK-MESSAGES-DEBUG-DAG: :[[@LINE-1]]:16: warning: memory allocated by '_emalloc' is zeroed right away by 'memset'; '_ecalloc' zeroes as it allocates [calloc-malloc-memset]
  // CHECK-MESSAGES-ALL-DAG: :[[@LINE-2]]:16: warning: allocation size '(argc * sizeof(zval))' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  memset(args, 0, argc * sizeof(zval));
  return args;
}

/* PHP's checked forms: nothing to report. */
zval *args_safe(size_t argc) {
  return safe_emalloc(argc, sizeof(zval), 0);
}

zval *args_calloc(size_t argc) {
  return ecalloc(argc, sizeof(zval));
}

/* A constant size takes the size-class path in release builds. */
zval *one_zval(void) {
  return emalloc(sizeof(zval));
}

/* The C library, called directly: fixed as in config/libc.yaml. */
char **environ_copy(size_t count) {
  char **copy = malloc((count + 1) * sizeof(char *));
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:17: warning: allocation size '(count + 1) * sizeof(char *)' can overflow; use 'calloc(count + 1, sizeof(char *))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALL: char **copy = calloc(count + 1, sizeof(char *));
  return copy;
}

uint32_t *bitset_new(size_t words) {
  uint32_t *set = malloc(words * sizeof(uint32_t));
  // CHECK-MESSAGES-ALL-DAG: :[[@LINE-1]]:19: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(words, sizeof(uint32_t))', which can skip zeroing fresh pages [calloc-malloc-memset]
  // CHECK-MESSAGES-ALL-DAG: :[[@LINE-2]]:19: warning: allocation size 'words * sizeof(uint32_t)' can overflow; use 'calloc(words, sizeof(uint32_t))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALL: uint32_t *set = calloc(words, sizeof(uint32_t));
  if (set == NULL)
    return NULL;
  memset(set, 0, words * sizeof(uint32_t));
  // CHECK-FIXES-ALL-NOT: memset(set, 0, words * sizeof(uint32_t));
  return set;
}

/* realloc has no array form here: reported, not fixed. */
char **environ_grow(char **env, size_t count) {
  return realloc(env, count * sizeof(char *));
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:10: warning: allocation size 'count * sizeof(char *)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALL: return realloc(env, count * sizeof(char *));
}
