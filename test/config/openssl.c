// config/openssl.yaml: products in OPENSSL_malloc and OPENSSL_realloc sizes,
// and OPENSSL_malloc + memset, are reported where the macro is used (no
// fix); a direct CRYPTO_malloc call gets CRYPTO_malloc_array or
// CRYPTO_calloc with the file and line kept, where OpenSSL 3.6 declares them;
// the C library is fixed as in config/libc.yaml.
// RUN: %check_calloc_tidy %any_count -check-suffixes=ALL,V36 -config-file=%config_dir/openssl.yaml %s calloc-* %t -- -- -I%S/Inputs
// RUN: %check_calloc_tidy %any_count -check-suffixes=ALL,V30 -config-file=%config_dir/openssl.yaml %s calloc-* %t -- -- -I%S/Inputs -DOPENSSL_3_0

#include "openssl.h"

typedef struct {
  unsigned char *data;
  size_t len;
} ASN1_STRING;

ASN1_STRING **strings_new(size_t n) {
  ASN1_STRING **s = OPENSSL_malloc(n * sizeof(*s));
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:21: warning: allocation size 'n * sizeof(*s)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALL: ASN1_STRING **s = OPENSSL_malloc(n * sizeof(*s));
  return s;
}

ASN1_STRING **strings_grow(ASN1_STRING **s, size_t n) {
  return OPENSSL_realloc(s, n * sizeof(*s));
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(*s)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALL: return OPENSSL_realloc(s, n * sizeof(*s));
}

/* OPENSSL_malloc + memset is OPENSSL_zalloc; the macro gets no fix, and the
   message names the single-size form, CRYPTO_zalloc. */
ASN1_STRING *string_new(void) {
  ASN1_STRING *str = OPENSSL_malloc(sizeof(*str));
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:22: warning: memory allocated by 'CRYPTO_malloc' is zeroed right away by 'memset'; 'CRYPTO_zalloc' zeroes as it allocates [calloc-malloc-memset]
  // CHECK-FIXES-ALL: ASN1_STRING *str = OPENSSL_malloc(sizeof(*str));
  if (str == NULL)
    return NULL;
  memset(str, 0, sizeof(*str));
  return str;
}

/* A direct call: the array forms of 3.6, the file and line kept in place. */
unsigned char *blocks_new(size_t blocks, const char *file, int line) {
  return CRYPTO_malloc(blocks * 16, file, line);
  // CHECK-MESSAGES-V36: :[[@LINE-1]]:10: warning: allocation size 'blocks * 16' can overflow; use 'CRYPTO_malloc_array(blocks, 16, file, line)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-V36: return CRYPTO_malloc_array(blocks, 16, file, line);
  // CHECK-MESSAGES-V30: :[[@LINE-3]]:10: warning: allocation size 'blocks * 16' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-V30: return CRYPTO_malloc(blocks * 16, file, line);
}

unsigned char *blocks_zeroed(size_t blocks, const char *file, int line) {
  unsigned char *b = CRYPTO_malloc(blocks * 16, file, line);
  // CHECK-MESSAGES-V36-DAG: :[[@LINE-1]]:22: warning: memory allocated by 'CRYPTO_malloc' is zeroed right away by 'memset'; use 'CRYPTO_calloc(blocks, 16, file, line)', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-MESSAGES-V36-DAG: :[[@LINE-2]]:22: warning: allocation size 'blocks * 16' can overflow; use 'CRYPTO_malloc_array(blocks, 16, file, line)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-V36: unsigned char *b = CRYPTO_calloc(blocks, 16, file, line);
  // CHECK-MESSAGES-V30-DAG: :[[@LINE-4]]:22: warning: memory allocated by 'CRYPTO_malloc' is zeroed right away by 'memset'; 'CRYPTO_calloc' zeroes as it allocates [calloc-malloc-memset]
  // CHECK-MESSAGES-V30-DAG: :[[@LINE-5]]:22: warning: allocation size 'blocks * 16' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-V30: unsigned char *b = CRYPTO_malloc(blocks * 16, file, line);
  if (b == NULL)
    return NULL;
  memset(b, 0, blocks * 16);
  // CHECK-FIXES-V36-NOT: memset(b, 0, blocks * 16);
  return b;
}

/* The C library, called directly (apps/): fixed as in config/libc.yaml. */
char **argv_copy(size_t argc) {
  char **copy = malloc(argc * sizeof(char *));
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:17: warning: allocation size 'argc * sizeof(char *)' can overflow; use 'calloc(argc, sizeof(char *))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-ALL: char **copy = calloc(argc, sizeof(char *));
  return copy;
}

/* Already checked: nothing to report. */
ASN1_STRING **strings_zalloc(size_t n) {
  if (n > SIZE_MAX / sizeof(ASN1_STRING *))
    return NULL;
  return OPENSSL_zalloc(n * sizeof(ASN1_STRING *));
}

#ifndef OPENSSL_3_0
ASN1_STRING **strings_array(size_t n) {
  return OPENSSL_malloc_array(n, sizeof(ASN1_STRING *));
}
#endif
