/* A stand-in for OpenSSH's xmalloc.h and openbsd-compat.h, for
 * test/config/openssh.c, with the parameter lists of OpenSSH 9.2p1. */
#ifndef CALLOC_TIDY_TEST_OPENSSH_H
#define CALLOC_TIDY_TEST_OPENSSH_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *xmalloc(size_t);
void *xcalloc(size_t, size_t);
void *xreallocarray(void *, size_t, size_t);

void *reallocarray(void *, size_t, size_t);

#endif
