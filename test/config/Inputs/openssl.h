/* A stand-in for OpenSSL's <openssl/crypto.h>, for test/config/openssl.c:
 * the allocation functions with the parameter lists of OpenSSL 3.6, and the
 * OPENSSL_* macros code calls them through. With OPENSSL_3_0, the API of
 * 3.0 instead, which has no array forms. */
#ifndef CALLOC_TIDY_TEST_OPENSSL_H
#define CALLOC_TIDY_TEST_OPENSSL_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define OPENSSL_FILE __FILE__
#define OPENSSL_LINE __LINE__

void *CRYPTO_malloc(size_t num, const char *file, int line);
void *CRYPTO_zalloc(size_t num, const char *file, int line);
void *CRYPTO_realloc(void *addr, size_t num, const char *file, int line);
#ifndef OPENSSL_3_0
void *CRYPTO_malloc_array(size_t num, size_t size, const char *file, int line);
void *CRYPTO_calloc(size_t num, size_t size, const char *file, int line);
void *CRYPTO_realloc_array(void *addr, size_t num, size_t size, const char *file, int line);
#endif

#define OPENSSL_malloc(num) CRYPTO_malloc(num, OPENSSL_FILE, OPENSSL_LINE)
#define OPENSSL_zalloc(num) CRYPTO_zalloc(num, OPENSSL_FILE, OPENSSL_LINE)
#define OPENSSL_realloc(addr, num) CRYPTO_realloc(addr, num, OPENSSL_FILE, OPENSSL_LINE)
#ifndef OPENSSL_3_0
#define OPENSSL_malloc_array(num, size) CRYPTO_malloc_array(num, size, OPENSSL_FILE, OPENSSL_LINE)
#endif

#endif
