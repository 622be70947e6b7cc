// The presets' Inputs, as configured (no %any_count): a product says "can
// overflow" when its count is a number the project parsed or converted
// (Redis from a command, Git from the command line, CPython from a Python
// int), and a count of unknown origin, taken to measure memory, is not
// reported.
// RUN: %check_calloc_tidy -check-suffixes=REDIS -config-file=%config_dir/redis.yaml %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs -DREDIS
// RUN: %check_calloc_tidy -check-suffixes=GIT -config-file=%config_dir/git.yaml %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs -DGIT
// RUN: %check_calloc_tidy -check-suffixes=PY -config-file=%config_dir/cpython.yaml %s calloc-unchecked-multiplication %t -- -- -I%S/Inputs -DCPYTHON

struct entry {
  long long score;
  void *member;
};

#ifdef REDIS
#include "redis.h"

typedef struct redisObject robj;
typedef struct client client;
int string2ll(const char *s, size_t slen, long long *value);
int getLongLongFromObjectOrReply(client *c, robj *o, long long *target,
                                 const char *msg);

struct entry *entries_for(const char *arg, size_t len) {
  long long count;
  if (!string2ll(arg, len, &count) || count < 0)
    return NULL;
  return zmalloc(count * sizeof(struct entry));
  // CHECK-MESSAGES-REDIS: :[[@LINE-1]]:10: warning: allocation size 'count * sizeof(struct entry)' can overflow; use 'zcalloc_num(count, sizeof(struct entry))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-REDIS: return zcalloc_num(count, sizeof(struct entry));
}

struct entry *entries_reply(client *c, robj *o) {
  long long count;
  if (getLongLongFromObjectOrReply(c, o, &count, NULL) != 0 || count < 0)
    return NULL;
  return zmalloc(count * sizeof(struct entry));
  // CHECK-MESSAGES-REDIS: :[[@LINE-1]]:10: warning: allocation size 'count * sizeof(struct entry)' can overflow; use 'zcalloc_num(count, sizeof(struct entry))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-REDIS: return zcalloc_num(count, sizeof(struct entry));
}

/* Negative: a count nothing names a source of. */
struct entry *entries_of(unsigned long count) {
  return zmalloc(count * sizeof(struct entry));
}
#endif

#ifdef GIT
#include "git.h"

int strtoul_ui(char const *s, int base, unsigned int *result);

/* A 32-bit count from the command line, in a 32-bit product. */
unsigned *columns(const char *arg) {
  unsigned int n;
  if (strtoul_ui(arg, 10, &n))
    return NULL;
  unsigned int bytes = n * 4;
  return xmalloc(bytes);
  // CHECK-NOTES-GIT: :[[@LINE-1]]:10: warning: allocation size 'bytes' can overflow ('n * 4' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-GIT: :[[@LINE-3]]:26: note: 'bytes' is computed here as 'n * 4'
  // CHECK-NOTES-GIT: :[[@LINE-6]]:7: note: 'n' can be as large as this 'strtoul_ui(arg, 10, &n)', a number from outside the program that nothing in this file bounds
  // n's address went to a function defined elsewhere, so the check does
  // not take n as unchanged from the product to the call.
  // CHECK-NOTES-GIT: :[[@LINE-6]]:10: note: no fix: the operands of the product change before the allocation
}

/* Git reports every unchecked product (ReportUncheckedProducts): one count
   of unknown origin in 64 bits is "not checked", not "can overflow". */
unsigned *rows(size_t n) {
  size_t bytes = n * 4;
  return xmalloc(bytes);
  // CHECK-NOTES-GIT: :[[@LINE-1]]:10: warning: allocation size 'bytes' is not checked for overflow; use 'xcalloc(n, 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-GIT: :[[@LINE-3]]:20: note: 'bytes' is computed here as 'n * 4'
  // CHECK-FIXES-GIT: return xcalloc(n, 4);
}
#endif

#ifdef CPYTHON
#include "cpython.h"

typedef struct _object PyObject;
Py_ssize_t PyLong_AsSsize_t(PyObject *);

struct entry *entries_from(PyObject *arg) {
  Py_ssize_t n = PyLong_AsSsize_t(arg);
  if (n < 0)
    return NULL;
  return PyMem_Malloc(n * sizeof(struct entry));
  // CHECK-MESSAGES-PY: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct entry)' can overflow; use 'PyMem_Calloc(n, sizeof(struct entry))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-PY: return PyMem_Calloc(n, sizeof(struct entry));
}

/* Negative: a count nothing names a source of. */
struct entry *entries_n(Py_ssize_t n) {
  if (n < 0)
    return NULL;
  return PyMem_Malloc(n * sizeof(struct entry));
}
#endif
