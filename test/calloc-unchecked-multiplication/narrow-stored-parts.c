// A product stored in a local narrower than size_t, which the size then
// reads as one factor or an addend: `int n = a * b;` wraps in int, and
// `(size_t)n * sizeof(T)` widens the wrapped value. The size's own
// multiplication fits, so the product to report is the stored one. No fix:
// the array form would take the wrapped n.
// RUN: %check_calloc_tidy %any_count -check-suffixes=ANY %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy -check-suffixes=DEFAULT %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy %any_count -check-suffixes=STRICT %s calloc-unchecked-multiplication %t \
// RUN:   -config='{CheckOptions: {calloc-unchecked-multiplication.ReportUncheckedProducts: true}}'

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct grid {
  int rows, words;
};

/* Positive: a bit matrix of rows times words, counted in int (the shape
   of byacc's lalr.c). rows and words are fields set elsewhere, which
   nothing in sight bounds: reported by default too, with no source named
   (under NarrowProductsNeedSource it would be quiet). */
unsigned *bit_matrix(const struct grid *g) {
  int nwords = g->rows * g->words;
  unsigned *p = malloc((size_t)nwords * sizeof(unsigned));
  // CHECK-NOTES-ANY: :[[@LINE-1]]:17: warning: allocation size '(size_t)nwords * sizeof(unsigned)' can overflow ('g->rows * g->words' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-ANY: :[[@LINE-3]]:24: note: 'nwords' is computed here as 'g->rows * g->words'
  // CHECK-NOTES-ANY: :[[@LINE-3]]:17: note: no fix: 'g->rows * g->words' is computed in 'int' and only then widened; convert an operand to 'size_t' first
  // CHECK-NOTES-DEFAULT: :[[@LINE-4]]:17: warning: allocation size '(size_t)nwords * sizeof(unsigned)' can overflow ('g->rows * g->words' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-DEFAULT: :[[@LINE-6]]:24: note: 'nwords' is computed here as 'g->rows * g->words'
  // CHECK-NOTES-DEFAULT: :[[@LINE-6]]:17: note: no fix: 'g->rows * g->words' is computed in 'int' and only then widened; convert an operand to 'size_t' first
  // CHECK-NOTES-STRICT: :[[@LINE-7]]:17: warning: allocation size '(size_t)nwords * sizeof(unsigned)' can overflow ('g->rows * g->words' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-STRICT: :[[@LINE-9]]:24: note: 'nwords' is computed here as 'g->rows * g->words'
  // CHECK-NOTES-STRICT: :[[@LINE-9]]:17: note: no fix: 'g->rows * g->words' is computed in 'int' and only then widened; convert an operand to 'size_t' first
  return p;
}

/* Positive: the same through an allocation macro that widens its count,
   and with an implicit conversion. rows and cols are parameters of a
   public function that multiplies them: a source by default too. */
#define NEW_ARRAY(n, t) ((t *)malloc((size_t)(n) * sizeof(t)))

double *table(int rows, int cols) {
  int cells = rows * cols;
  return NEW_ARRAY(cells, double);
  // CHECK-NOTES-ANY: :[[@LINE-1]]:10: warning: allocation size '(size_t)(cells) * sizeof(double)' can overflow ('rows * cols' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-ANY: :[[@LINE-6]]:31: note: expanded from macro 'NEW_ARRAY'
  // CHECK-NOTES-ANY: :[[@LINE-4]]:20: note: 'cells' is computed here as 'rows * cols'
  // CHECK-NOTES-ANY: :[[@LINE-4]]:10: note: no fix: 'rows * cols' is computed in 'int' and only then widened; convert an operand to 'size_t' first
  // CHECK-NOTES-ANY: :[[@LINE-9]]:31: note: expanded from macro 'NEW_ARRAY'
  // CHECK-NOTES-DEFAULT: :[[@LINE-6]]:10: warning: allocation size '(size_t)(cells) * sizeof(double)' can overflow ('rows * cols' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-DEFAULT: :[[@LINE-11]]:31: note: expanded from macro 'NEW_ARRAY'
  // CHECK-NOTES-DEFAULT: :[[@LINE-9]]:20: note: 'cells' is computed here as 'rows * cols'
  // CHECK-NOTES-DEFAULT: :[[@LINE-11]]:9: note: 'rows' and 'cols' are parameters of 'table', which code outside this file may call with any values
  // CHECK-NOTES-DEFAULT: :[[@LINE-10]]:10: note: no fix: 'rows * cols' is computed in 'int' and only then widened; convert an operand to 'size_t' first
  // CHECK-NOTES-DEFAULT: :[[@LINE-15]]:31: note: expanded from macro 'NEW_ARRAY'
  // CHECK-NOTES-STRICT: :[[@LINE-12]]:10: warning: allocation size '(size_t)(cells) * sizeof(double)' can overflow ('rows * cols' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-STRICT: :[[@LINE-17]]:31: note: expanded from macro 'NEW_ARRAY'
  // CHECK-NOTES-STRICT: :[[@LINE-15]]:20: note: 'cells' is computed here as 'rows * cols'
  // CHECK-NOTES-STRICT: :[[@LINE-15]]:10: note: no fix: 'rows * cols' is computed in 'int' and only then widened; convert an operand to 'size_t' first
  // CHECK-NOTES-STRICT: :[[@LINE-20]]:31: note: expanded from macro 'NEW_ARRAY'
}

/* Positive: an addend, and a length of an object in memory times 6 in
   unsigned int (a source by default). */
char *escaped(const char *s) {
  unsigned len = strlen(s);
  unsigned worst = len * 6;
  return malloc(worst + 1);
  // CHECK-NOTES-ANY: :[[@LINE-1]]:10: warning: allocation size 'worst + 1' can overflow ('len * 6' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-ANY: :[[@LINE-3]]:24: note: 'worst' is computed here as 'len * 6'
  // CHECK-NOTES-ANY: :[[@LINE-3]]:10: note: no fix: 'len * 6' is computed in 'unsigned int' and only then widened; convert an operand to 'size_t' first
  // CHECK-NOTES-DEFAULT: :[[@LINE-4]]:10: warning: allocation size 'worst + 1' can overflow ('len * 6' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-DEFAULT: :[[@LINE-6]]:24: note: 'worst' is computed here as 'len * 6'
  // CHECK-NOTES-DEFAULT: :[[@LINE-8]]:18: note: 'len' comes from the length of an object in memory ('strlen(s)'), and an object can be long enough that the product overflows 'unsigned int'
  // CHECK-NOTES-DEFAULT: :[[@LINE-7]]:10: note: no fix: 'len * 6' is computed in 'unsigned int' and only then widened; convert an operand to 'size_t' first
  // CHECK-NOTES-STRICT: :[[@LINE-8]]:10: warning: allocation size 'worst + 1' can overflow ('len * 6' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES-STRICT: :[[@LINE-10]]:24: note: 'worst' is computed here as 'len * 6'
  // CHECK-NOTES-STRICT: :[[@LINE-10]]:10: note: no fix: 'len * 6' is computed in 'unsigned int' and only then widened; convert an operand to 'size_t' first
}

/* Negative: factors bounded before the product, which then fits; the
   strict level judges the size's own product, which the array form takes. */
unsigned *bounded(int rows, int words) {
  if (rows < 0 || rows > 4096 || words < 0 || words > 4096)
    return NULL;
  int n = rows * words;
  return malloc((size_t)n * sizeof(unsigned));
  // CHECK-NOTES-STRICT: :[[@LINE-1]]:10: warning: allocation size '(size_t)n * sizeof(unsigned)' is not checked for overflow; use 'calloc((size_t)n, sizeof(unsigned))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-STRICT: return calloc((size_t)n, sizeof(unsigned));
}

/* Negative: 8-bit factors, whose product fits in int. */
unsigned *small_factors(unsigned char a, unsigned char b) {
  int n = a * b;
  return malloc((size_t)n * sizeof(unsigned));
  // CHECK-NOTES-STRICT: :[[@LINE-1]]:10: warning: allocation size '(size_t)n * sizeof(unsigned)' is not checked for overflow; use 'calloc((size_t)n, sizeof(unsigned))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-STRICT: return calloc((size_t)n, sizeof(unsigned));
}

/* Negative: the local holds a sum, not a product. */
unsigned *sum_local(int a, int b) {
  int n = a + b;
  return malloc((size_t)n * sizeof(unsigned));
  // CHECK-NOTES-STRICT: :[[@LINE-1]]:10: warning: allocation size '(size_t)n * sizeof(unsigned)' is not checked for overflow; use 'calloc((size_t)n, sizeof(unsigned))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-STRICT: return calloc((size_t)n, sizeof(unsigned));
}

/* Negative: the product is checked after the fact, by dividing it back
   (in unsigned int, where a wrap is defined); the strict level judges the
   size's own product. */
unsigned *verified(unsigned rows, unsigned words) {
  unsigned n = rows * words;
  if (rows != 0 && n / rows != words)
    return NULL;
  return malloc((size_t)n * sizeof(unsigned));
  // CHECK-NOTES-STRICT: :[[@LINE-1]]:10: warning: allocation size '(size_t)n * sizeof(unsigned)' is not checked for overflow; use 'calloc((size_t)n, sizeof(unsigned))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-STRICT: return calloc((size_t)n, sizeof(unsigned));
}

/* Negative: a local as wide as size_t is not narrower; its own product,
   computed in size_t, is judged where the size is (here it fits). */
unsigned *wide_local(unsigned short a, unsigned short b) {
  size_t n = (size_t)a * b;
  return malloc(n * sizeof(unsigned));
  // CHECK-NOTES-STRICT: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(unsigned)' is not checked for overflow; use 'calloc(n, sizeof(unsigned))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES-STRICT: return calloc(n, sizeof(unsigned));
}
