// Lengths: a project's accessors whose value counts the elements of an
// object in memory (function-like macros, functions, struct fields). Such a
// count is at most PTRDIFF_MAX / elem, so a product with no more than elem
// bytes per counted element cannot wrap; every other product still can.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t -config='{CheckOptions: {calloc-unchecked-multiplication.Lengths: "Py_SIZE; PyList_GET_SIZE(elem=pointer); RAW_SIZE(elem=8); sdslen(); strbuf.len; GString.len(elem=1); item_array.count(elem=16); ptr_array.len(elem=pointer)"}}'
// The global key is read too, and elem=pointer follows SizeTypeBits: a
// pointer is 4 bytes on a 32-bit target.
// RUN: %check_calloc_tidy %any_count -check-suffix=BITS32 %s calloc-unchecked-multiplication %t -config='{CheckOptions: {Lengths: "ptr_array.len(elem=pointer)", calloc-unchecked-multiplication.SizeTypeBits: 32}}' -- -- -DONLY_POINTERS

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#ifdef ONLY_POINTERS
struct ptr_array {
  void **pdata;
  size_t len;
};

/* 64-bit: len <= PTRDIFF_MAX / 8, times 16 fits SIZE_MAX. 32-bit: len <=
   PTRDIFF_MAX / 4, times 16 does not. */
void *ptrs_twice(struct ptr_array *a) {
  return malloc(a->len * 16);
  // CHECK-MESSAGES-BITS32: :[[@LINE-1]]:10: warning: allocation size 'a->len * 16' can overflow; use 'calloc(a->len, 16)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-BITS32: return calloc(a->len, 16);
}
#else

typedef long Py_ssize_t;
typedef struct {
  Py_ssize_t ob_refcnt;
  void *ob_type;
} PyObject;
typedef struct {
  PyObject ob_base;
  Py_ssize_t ob_size;
} PyVarObject;

/* CPython 3.11's shape: a static inline function behind a macro. */
static inline Py_ssize_t Py_SIZE(PyObject *ob) {
  return ((PyVarObject *)ob)->ob_size;
}
#define Py_SIZE(ob) Py_SIZE((PyObject *)(ob))
static inline Py_ssize_t PyList_GET_SIZE(PyObject *op) { return Py_SIZE(op); }
#define PyList_GET_SIZE(op) PyList_GET_SIZE((PyObject *)(op))

/* A macro only: the field it reads is not an accessor by itself. */
#define RAW_SIZE(ob) (((PyVarObject *)(ob))->ob_size)
#define OUTER_SIZE(ob) RAW_SIZE(ob)
#define SIZE_PLUS(ob, n) (RAW_SIZE(ob) + (n))

typedef char *sds;
size_t sdslen(const sds s);

struct strbuf {
  size_t alloc;
  size_t len;
  char *buf;
};
typedef struct _GString GString;
struct _GString {
  char *str;
  size_t len;
  size_t allocated_len;
};
struct item {
  uint64_t key, value;
};
struct item_array {
  struct item *items;
  size_t count;
};
struct other {
  size_t len;
};

/* Macro forms: the whole expansion is the count. */
PyObject **list_copy(PyObject *list) {
  return malloc(PyList_GET_SIZE(list) * sizeof(PyObject *));
}

PyObject **list_copy_terminated(PyObject *list) {
  return malloc((PyList_GET_SIZE(list) + 1) * sizeof(PyObject *));
}

void *raw_items(PyObject *o) { return malloc(RAW_SIZE(o) * 8); }

void *nested_macro(PyObject *o) { return malloc(OUTER_SIZE(o) * 8); }

/* A count in a local keeps its bound. */
void *through_local(PyObject *o) {
  Py_ssize_t n = PyList_GET_SIZE(o);
  return malloc(n * sizeof(PyObject *));
}

/* Function form, with a small constant. */
char *quoted(const sds s) { return malloc(sdslen(s) * 2 + 3); }

/* Field forms: a tag name, and a typedef the base is accessed through. */
char *escaped(const struct strbuf *sb) { return malloc(sb->len * 2 + 1); }

char *gstring_copy(const GString *s) { return malloc(s->len + 1); }

char *gstring_wide(const GString *s) { return malloc(s->len * 2); }

struct item *items_copy(const struct item_array *a) {
  return malloc(a->count * sizeof(struct item));
}

/* Py_SIZE counts bytes of a bytes object (elem=1): times 8 can wrap. */
PyObject **var_items(PyObject *o) {
  return malloc((size_t)Py_SIZE(o) * sizeof(PyObject *));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(size_t)Py_SIZE(o) * sizeof(PyObject *)' can overflow; use 'calloc((size_t)Py_SIZE(o), sizeof(PyObject *))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc((size_t)Py_SIZE(o), sizeof(PyObject *));
}

/* An element size too small for the product: strbuf.len counts bytes. */
uint64_t *strbuf_words(const struct strbuf *sb) {
  return malloc(sb->len * sizeof(uint64_t));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'sb->len * sizeof(uint64_t)' can overflow; use 'calloc(sb->len, sizeof(uint64_t))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(sb->len, sizeof(uint64_t));
}

/* A count times an operand that is not a length. */
void *scaled(const sds s, size_t width) {
  return malloc(sdslen(s) * width);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'sdslen(s) * width' can overflow; use 'calloc(sdslen(s), width)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(sdslen(s), width);
}

/* More than the accessor: the macro adds an unbounded value. */
void *grown(PyObject *o, size_t extra) {
  return malloc(SIZE_PLUS(o, extra) * 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'SIZE_PLUS(o, extra) * 8' can overflow; use 'calloc(SIZE_PLUS(o, extra), 8)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(SIZE_PLUS(o, extra), 8);
}

/* Not the field's value: the value of an assignment to it. */
char *appended(struct strbuf *sb, size_t n) {
  return malloc((sb->len += n) * 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(sb->len += n) * 2' can overflow; use 'calloc(sb->len += n, 2)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(sb->len += n, 2);
}

/* A field of the same name in another struct. */
char *other_len(const struct other *o) {
  return malloc(o->len * 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'o->len * 2' can overflow; use 'calloc(o->len, 2)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(o->len, 2);
}

/* An accessor that is not listed: the capacity. */
char *by_capacity(const struct strbuf *sb) {
  return malloc(sb->alloc * 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'sb->alloc * 2' can overflow; use 'calloc(sb->alloc, 2)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(sb->alloc, 2);
}
#endif
