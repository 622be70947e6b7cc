// The strict level (ReportUncheckedProducts) with NarrowProductsNeedSource,
// for a size that reads a narrow local holding a product (see
// narrow-stored-parts.c). When the local's product can overflow by that
// rule (a factor has a source), that is the finding, without a fix. When it
// has no source, the finding is the size's own product, "not checked for
// overflow", with the fix the array form gives it. (Without the option, the
// default, the local's product is the finding in both: narrow-stored-parts.c.)
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t \
// RUN:   -config='{CheckOptions: {calloc-unchecked-multiplication.ReportUncheckedProducts: true, calloc-unchecked-multiplication.NarrowProductsNeedSource: true}}'

#include <stddef.h>
#include <stdlib.h>

struct grid {
  int rows, words;
};

/* rows and words are fields this file never writes: no source. */
unsigned *bit_matrix(const struct grid *g) {
  int nwords = g->rows * g->words;
  return malloc((size_t)nwords * sizeof(unsigned));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size '(size_t)nwords * sizeof(unsigned)' is not checked for overflow; use 'calloc((size_t)nwords, sizeof(unsigned))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc((size_t)nwords, sizeof(unsigned));
}

/* Parameters of the public function that multiplies them: a source. */
unsigned *public_matrix(int rows, int words) {
  int nwords = rows * words;
  return malloc((size_t)nwords * sizeof(unsigned));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size '(size_t)nwords * sizeof(unsigned)' can overflow ('rows * words' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:21: note: 'nwords' is computed here as 'rows * words'
  // CHECK-NOTES: :[[@LINE-5]]:11: note: 'rows' and 'words' are parameters of 'public_matrix', which code outside this file may call with any values
  // CHECK-NOTES: :[[@LINE-4]]:10: note: no fix: 'rows * words' is computed in 'int' and only then widened; convert an operand to 'size_t' first
}

/* The size's own product is only a widening by 1: nothing to report. */
char *bytes(const struct grid *g) {
  int n = g->rows * g->words;
  return malloc((size_t)n + 1);
}
