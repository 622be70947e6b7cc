/* A stand-in for <Python.h>, for test/config/cpython.c: the allocation
 * functions with the parameter lists of Python 3.11 (Include/pymem.h,
 * Include/objimpl.h), and PyMem_New in its shape: the allocation behind a
 * test of the count. */
#ifndef CALLOC_TIDY_TEST_CPYTHON_H
#define CALLOC_TIDY_TEST_CPYTHON_H

#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

typedef ssize_t Py_ssize_t;
#define PY_SSIZE_T_MAX ((Py_ssize_t)(((size_t)-1) >> 1))

void *PyMem_Malloc(size_t size);
void *PyMem_Calloc(size_t nelem, size_t elsize);
void *PyMem_Realloc(void *ptr, size_t new_size);
void *PyObject_Malloc(size_t size);
void *PyObject_Calloc(size_t nelem, size_t elsize);

#define PyMem_New(type, n)                                                     \
  ((size_t)(n) > PY_SSIZE_T_MAX / sizeof(type)                                 \
       ? NULL                                                                  \
       : (type *)PyMem_Malloc((n) * sizeof(type)))

#endif
