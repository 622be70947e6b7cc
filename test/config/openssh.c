// config/openssh.yaml: xmalloc products become xcalloc(count, size),
// realloc products reallocarray; allocations zeroed by memset become
// xcalloc or calloc.
// RUN: %check_calloc_tidy %any_count -config-file=%config_dir/openssh.yaml %s calloc-* %t -- -- -I%S/Inputs

#include "openssh.h"

struct sshkey_cert {
  char *key_id;
  unsigned int nprincipals;
};

char **principals_new(size_t nprincipals) {
  char **p = xmalloc(nprincipals * sizeof(*p));
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: allocation size 'nprincipals * sizeof(*p)' can overflow; use 'xcalloc(nprincipals, sizeof(*p))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: char **p = xcalloc(nprincipals, sizeof(*p));
  return p;
}

char **principals_add(char **p, size_t n) {
  char **tmp = realloc(p, (n + 1) * sizeof(*p));
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: allocation size '(n + 1) * sizeof(*p)' can overflow; use 'reallocarray(p, n + 1, sizeof(*p))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: char **tmp = reallocarray(p, n + 1, sizeof(*p));
  return tmp;
}

/* Allocations zeroed right away: xcalloc and calloc. */
struct sshkey_cert *cert_new(void) {
  struct sshkey_cert *cert = xmalloc(sizeof(*cert));
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: memory allocated by 'xmalloc' is zeroed right away by 'memset'; use 'xcalloc(1, sizeof(*cert))', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-FIXES: struct sshkey_cert *cert = xcalloc(1, sizeof(*cert));
  memset(cert, 0, sizeof(*cert));
  return cert;
}

unsigned char *digest_buffer(size_t blocks) {
  unsigned char *buf;

  if ((buf = malloc(blocks * 64)) == NULL)
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:14: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(blocks, 64)', which can skip zeroing fresh pages [calloc-malloc-memset]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:14: warning: allocation size 'blocks * 64' can overflow; use 'calloc(blocks, 64)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: if ((buf = calloc(blocks, 64)) == NULL)
    return NULL;
  memset(buf, 0, blocks * 64);
  // CHECK-FIXES-NOT: memset(buf, 0, blocks * 64);
  return buf;
}

/* OpenBSD's own guard, and the checked forms: nothing to report. */
void *buffer_checked(size_t nmemb, size_t size) {
  if (nmemb != 0 && SIZE_MAX / nmemb < size)
    return NULL;
  return xmalloc(nmemb * size);
}

char **principals_array(size_t n) {
  return xreallocarray(NULL, n, sizeof(char *));
}
