/* A stand-in for PHP's Zend/zend_alloc.h, for test/config/php.c: the
 * allocation functions with the parameter lists of PHP 8.2, for release
 * builds and (ZEND_DEBUG=1) debug builds, which take four more parameters
 * saying where the allocation was written; and the macros code calls them
 * through. In release builds _emalloc is also a macro, which sends constant
 * sizes to a size-class allocator. */
#ifndef CALLOC_TIDY_TEST_PHP_H
#define CALLOC_TIDY_TEST_PHP_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef ZEND_DEBUG
#define ZEND_DEBUG 0
#endif

#if ZEND_DEBUG
#define MOCK_SITE_PARAMS , const char *file, uint32_t line, const char *orig_file, uint32_t orig_line
#define MOCK_SITE_ARGS , __FILE__, __LINE__, NULL, 0
#else
#define MOCK_SITE_PARAMS
#define MOCK_SITE_ARGS
#endif

void *_emalloc(size_t size MOCK_SITE_PARAMS);
void *_safe_emalloc(size_t nmemb, size_t size, size_t offset MOCK_SITE_PARAMS);
void *_ecalloc(size_t nmemb, size_t size MOCK_SITE_PARAMS);
void *_erealloc(void *ptr, size_t size MOCK_SITE_PARAMS);
void *__zend_malloc(size_t len);
void *__zend_calloc(size_t nmemb, size_t len);

#if !ZEND_DEBUG
void *_emalloc_large(size_t size);
#define _emalloc(size) (__builtin_constant_p(size) ? _emalloc_large(size) : _emalloc(size))
#endif

#define emalloc(size) _emalloc((size) MOCK_SITE_ARGS)
#define safe_emalloc(nmemb, size, offset) _safe_emalloc((nmemb), (size), (offset) MOCK_SITE_ARGS)
#define ecalloc(nmemb, size) _ecalloc((nmemb), (size) MOCK_SITE_ARGS)
#define erealloc(ptr, size) _erealloc((ptr), (size) MOCK_SITE_ARGS)
#define pemalloc(size, persistent) ((persistent) ? __zend_malloc(size) : emalloc(size))

#endif
