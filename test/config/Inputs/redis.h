/* A stand-in for Redis's src/zmalloc.h and src/sdsalloc.h, for
 * test/config/redis.c, with the parameter lists of Redis 7.0. */
#ifndef CALLOC_TIDY_TEST_REDIS_H
#define CALLOC_TIDY_TEST_REDIS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *zmalloc(size_t size);
void *zcalloc(size_t size);
void *zcalloc_num(size_t num, size_t size);
void *zrealloc(void *ptr, size_t size);
void *ztrymalloc(size_t size);
void *ztrycalloc(size_t size);

#define s_malloc zmalloc

typedef char *sds;
size_t sdslen(const sds s);
size_t sdsalloc(const sds s);

#endif
