// A narrow count kept behind a pointer parameter (`int *size`) that the
// function grows from itself (`*size *= 2`, `*size = *size * 2`,
// `(*size)++`) is a source the way a doubled field is (narrow-sources.c):
// with nothing in the file bounding it, it can grow until an `int`
// product wraps. A limit on `*size` in that function, or on the place a
// caller in this file passes (`&size`), bounds it. Positive: the growth
// shapes. Negative: the limits, and a pointee that never grows. Run with
// NarrowProductsNeedSource, under which a narrow product needs such a
// source; by default every narrow product nothing bounds is reported
// (narrow-default.c), with the growth named in a note.
// RUN: %check_calloc_tidy -check-option=calloc-unchecked-multiplication.NarrowProductsNeedSource=true %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>

typedef struct entry *entryp;

/* Positive: libxml2's namespace map shape, a static helper whose size
   doubles each time the map fills. */
static int add_pair(entryp **list, int *size, int *number, entryp a,
                    entryp b) {
  if (*list == NULL) {
    *list = malloc(6 * sizeof(entryp));
    if (*list == NULL)
      return -1;
    *size = 3;
    *number = 0;
  } else if (*number >= *size) {
    *size *= 2;
    entryp *grown = realloc(*list, (*size) * 2 * sizeof(entryp));
    // CHECK-NOTES: :[[@LINE-1]]:21: warning: allocation size '(*size) * 2 * sizeof(entryp)' can overflow ('(*size) * 2' is computed in 'int'); use 'reallocarray(*list, *size, 2 * sizeof(entryp))', which checks the multiplication [calloc-unchecked-multiplication]
    // CHECK-NOTES: :[[@LINE-3]]:5: note: '(*size)' grows here ('*size *= 2') and nothing in this file bounds it, so it can grow until the product overflows 'int'
    // CHECK-FIXES: entryp *grown = reallocarray(*list, *size, 2 * sizeof(entryp));
    if (grown == NULL)
      return -1;
    *list = grown;
  }
  (*list)[2 * *number] = a;
  (*list)[2 * *number + 1] = b;
  (*number)++;
  return 0;
}

int remember(entryp a, entryp b) {
  entryp *list = NULL;
  int size = 0, number = 0;
  return add_pair(&list, &size, &number, a, b);
}

/* Positive: an extern function, grown by assignment. */
int *grow_codes(int *codes, int *cap) {
  *cap = *cap * 2;
  return realloc(codes, *cap * 4);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size '*cap * 4' can overflow ('*cap * 4' is computed in 'int'); use 'reallocarray(codes, *cap, 4)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: '*cap' grows here ('*cap = *cap * 2') and nothing in this file bounds it, so it can grow until the product overflows 'int'
  // CHECK-FIXES: return reallocarray(codes, *cap, 4);
}

/* Negative: a counter stepped up by one behind the pointer counts calls,
   whose number the file does not show; only a size multiplied from itself
   grows here. */
unsigned *one_more(unsigned *slots, unsigned *count) {
  (*count)++;
  return realloc(slots, *count * 4u);
}

/* Negative: the helper refuses to grow past a limit. */
static int add_capped(entryp **list, int *size, int *number) {
  if (*number >= *size) {
    if (*size > 100000)
      return -1;
    *size *= 2;
    entryp *grown = realloc(*list, (*size) * 2 * sizeof(entryp));
    if (grown == NULL)
      return -1;
    *list = grown;
  }
  return 0;
}

int remember_capped(void) {
  entryp *list = NULL;
  int size = 4, number = 0;
  return add_capped(&list, &size, &number);
}

/* Negative: the caller's place is limited in this file. */
static int add_unchecked(entryp **list, int *size) {
  *size *= 2;
  entryp *grown = realloc(*list, (*size) * 2 * sizeof(entryp));
  if (grown == NULL)
    return -1;
  *list = grown;
  return 0;
}

int remember_limited(void) {
  entryp *list = NULL;
  int size = 4;
  while (size < 4096)
    if (add_unchecked(&list, &size) < 0)
      return -1;
  return 0;
}

/* Negative: a pointee this function never changes (set and checked
   where the caller keeps it). */
int *copy_codes(const int *count) {
  return malloc(*count * 2 * sizeof(int));
}
