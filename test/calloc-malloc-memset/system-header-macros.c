// A pair that a system header's macro writes whole is not reported: the
// user wrote neither call, and no fix could change them. A pair where the
// user zeroes what a system header's allocation macro returns is reported
// at the user's line, without a fix into the header.
// (--system-headers: clang-tidy would drop a warning placed in the header
// anyway; the check must not make one.)
// RUN: %check_calloc_tidy %s calloc-malloc-memset %t -- --system-headers -- -isystem %S/Inputs/system

#include <pool/pool.h>
#include <stddef.h>
#include <string.h>

struct session {
  int fd;
  char name[64];
};

/* Negative: the macro writes both calls. */
struct session *open_session(void) {
  struct session *s;
  POOL_NEW0(struct session, s);
  return s;
}

/* Positive: the user zeroes what the macro allocates; the macro names
   malloc, and no macro names calloc that way, so there is no fix. */
struct session *new_session(void) {
  struct session *s = pool_alloc(sizeof(struct session));
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; 'calloc' can skip zeroing fresh pages [calloc-malloc-memset]
  if (s)
    memset(s, 0, sizeof(struct session));
  return s;
}
