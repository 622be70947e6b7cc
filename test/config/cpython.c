// config/cpython.yaml: PyMem_Malloc and PyObject_Malloc products become
// PyMem_Calloc and PyObject_Calloc, which check them; PyMem_Malloc + memset
// becomes PyMem_Calloc.
// RUN: %check_calloc_tidy %any_count -config-file=%config_dir/cpython.yaml %s calloc-* %t -- -- -I%S/Inputs

#include "cpython.h"

typedef struct {
  Py_ssize_t refcnt;
  void *type;
} PyObject;

PyObject **stack_new(Py_ssize_t size) {
  PyObject **stack = PyMem_Malloc(size * sizeof(PyObject *));
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: allocation size 'size * sizeof(PyObject *)' can overflow; use 'PyMem_Calloc(size, sizeof(PyObject *))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: PyObject **stack = PyMem_Calloc(size, sizeof(PyObject *));
  return stack;
}

double *items_new(size_t n) {
  return PyObject_Malloc(sizeof(double) * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'sizeof(double) * n' can overflow; use 'PyObject_Calloc(n, sizeof(double))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return PyObject_Calloc(n, sizeof(double));
}

/* PyMem_Malloc + memset: PyMem_Calloc, for a product and for one object. */
PyObject **stack_cleared(Py_ssize_t size) {
  PyObject **stack = PyMem_Malloc(size * sizeof(PyObject *));
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: memory allocated by 'PyMem_Malloc' is zeroed right away by 'memset'; use 'PyMem_Calloc(size, sizeof(PyObject *))', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: warning: allocation size 'size * sizeof(PyObject *)' can overflow; use 'PyMem_Calloc(size, sizeof(PyObject *))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: PyObject **stack = PyMem_Calloc(size, sizeof(PyObject *));
  if (stack == NULL)
    return NULL;
  memset(stack, 0, size * sizeof(PyObject *));
  // CHECK-FIXES-NOT: memset(stack, 0, size * sizeof(PyObject *));
  return stack;
}

PyObject *object_cleared(void) {
  PyObject *op = PyMem_Malloc(sizeof(PyObject));
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: memory allocated by 'PyMem_Malloc' is zeroed right away by 'memset'; use 'PyMem_Calloc(1, sizeof(PyObject))', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-FIXES: PyObject *op = PyMem_Calloc(1, sizeof(PyObject));
  if (op == NULL)
    return NULL;
  memset(op, 0, sizeof(PyObject));
  return op;
}

/* A string's kind is the size of one of its characters: the length is the
   count, in either written order. */
void *string_data(Py_ssize_t len, int kind) {
  return PyMem_Malloc(kind * len);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'kind * len' can overflow; use 'PyMem_Calloc(len, kind)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return PyMem_Calloc(len, kind);
}

void *string_zeroed(Py_ssize_t len, int kind) {
  void *data = PyMem_Malloc(len * kind);
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:16: warning: memory allocated by 'PyMem_Malloc' is zeroed right away by 'memset'; use 'PyMem_Calloc(len, kind)', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:16: warning: allocation size 'len * kind' can overflow; use 'PyMem_Calloc(len, kind)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: void *data = PyMem_Calloc(len, kind);
  if (data == NULL)
    return NULL;
  memset(data, 0, len * kind);
  // CHECK-FIXES-NOT: memset(data, 0, len * kind);
  return data;
}

/* A module's state, as Objects/moduleobject.c allocates it: the pointer in
   the module, the size read through its definition. */
typedef struct {
  const char *m_name;
  Py_ssize_t m_size;
} PyModuleDef;
typedef struct {
  PyObject ob_base;
  void *md_state;
  PyModuleDef *md_def;
} PyModuleObject;
PyObject *PyErr_NoMemory(void);

int module_state_new(PyModuleObject *md, PyModuleDef *def) {
  md->md_state = PyMem_Malloc(def->m_size);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: memory allocated by 'PyMem_Malloc' is zeroed right away by 'memset'; use 'PyMem_Calloc(1, def->m_size)', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-FIXES: md->md_state = PyMem_Calloc(1, def->m_size);
  if (!md->md_state) {
    PyErr_NoMemory();
    return -1;
  }
  memset(md->md_state, 0, def->m_size);
  // CHECK-FIXES-NOT: memset(md->md_state, 0, def->m_size);
  return 0;
}

/* No checked form to switch to (PyMem_Resize is a macro): reported only. */
PyObject **stack_grow(PyObject **stack, Py_ssize_t size) {
  return PyMem_Realloc(stack, size * sizeof(PyObject *));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'size * sizeof(PyObject *)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return PyMem_Realloc(stack, size * sizeof(PyObject *));
}

/* PyMem_New tests the count before it multiplies: nothing to report. */
PyObject **stack_pymem_new(Py_ssize_t size) {
  return PyMem_New(PyObject *, size);
}

PyObject **stack_checked(Py_ssize_t size) {
  if (size < 0 || size > PY_SSIZE_T_MAX / (Py_ssize_t)sizeof(PyObject *))
    return NULL;
  return PyMem_Malloc(size * sizeof(PyObject *));
}

/* Lengths: the item counts of objects in memory, as Python 3.11 spells them
   (a static inline function behind a macro of the same name). */
typedef struct {
  PyObject ob_base;
  Py_ssize_t ob_size;
} PyVarObject;
typedef unsigned int Py_UCS4;

static inline Py_ssize_t Py_SIZE(PyObject *ob) {
  return ((PyVarObject *)ob)->ob_size;
}
#define Py_SIZE(ob) Py_SIZE((PyObject *)(ob))
static inline Py_ssize_t PyList_GET_SIZE(PyObject *op) { return Py_SIZE(op); }
#define PyList_GET_SIZE(op) PyList_GET_SIZE((PyObject *)(op))
static inline Py_ssize_t PyTuple_GET_SIZE(PyObject *op) { return Py_SIZE(op); }
#define PyTuple_GET_SIZE(op) PyTuple_GET_SIZE((PyObject *)(op))
Py_ssize_t PyUnicode_GetLength(PyObject *unicode);

/* A list's items are pointers: its size times a pointer fits. */
PyObject **list_items_copy(PyObject *list) {
  return PyMem_Malloc(PyList_GET_SIZE(list) * sizeof(PyObject *));
}

PyObject **tuple_items_terminated(PyObject *tuple) {
  return PyMem_Malloc((PyTuple_GET_SIZE(tuple) + 1) * sizeof(PyObject *));
}

/* A string of 1-byte code points can be longer than a quarter of memory. */
Py_UCS4 *as_ucs4(PyObject *s) {
  return PyMem_Malloc(PyUnicode_GetLength(s) * sizeof(Py_UCS4));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'PyUnicode_GetLength(s) * sizeof(Py_UCS4)' can overflow; use 'PyMem_Calloc(PyUnicode_GetLength(s), sizeof(Py_UCS4))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return PyMem_Calloc(PyUnicode_GetLength(s), sizeof(Py_UCS4));
}

/* The item size is not a length's. */
void *list_records(PyObject *list, size_t itemsize) {
  return PyMem_Malloc(PyList_GET_SIZE(list) * itemsize);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'PyList_GET_SIZE(list) * itemsize' can overflow; use 'PyMem_Calloc(PyList_GET_SIZE(list), itemsize)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return PyMem_Calloc(PyList_GET_SIZE(list), itemsize);
}
