// A size computed into a local first, then allocated: the warning is on the
// allocation, with a note on the multiplication.
// RUN: %check_calloc_tidy %any_count -check-suffix=NOTES %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct entry { char key[16]; uint64_t value; };

struct entry *load_entries(size_t n, const struct entry *src) {
  size_t bytes = n * sizeof(struct entry);
  struct entry *e = malloc(bytes);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: allocation size 'bytes' can overflow; use 'calloc(n, sizeof(struct entry))', which checks the multiplication
  // CHECK-FIXES: struct entry *e = calloc(n, sizeof(struct entry));
  // CHECK-NOTES-NOTES: :[[@LINE-3]]:21: warning: allocation size 'bytes' can overflow
  // CHECK-NOTES-NOTES: :[[@LINE-5]]:20: note: 'bytes' is computed here as 'n * sizeof(struct entry)'
  // CHECK-FIXES-NOTES: struct entry *e = calloc(n, sizeof(struct entry));
  if (e)
    memcpy(e, src, bytes);
  return e;
}

/* Assigned, not initialized, with statements in between. */
char *dup_lines(size_t lines, size_t width) {
  size_t len;
  char *out;
  len = lines * width;
  if (lines == 0)
    return NULL;
  out = malloc(len);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: allocation size 'len' can overflow; use 'calloc(lines, width)'
  // CHECK-FIXES: out = calloc(lines, width);
  // CHECK-NOTES-NOTES: :[[@LINE-3]]:9: warning: allocation size 'len' can overflow
  // CHECK-NOTES-NOTES: :[[@LINE-7]]:15: note: 'len' is computed here as 'lines * width'
  // CHECK-FIXES-NOTES: out = calloc(lines, width);
  return out;
}

/* Checked after computing, before allocating: fine. */
void *checked_between(size_t n) {
  size_t total = n * sizeof(struct entry);
  if (n > SIZE_MAX / sizeof(struct entry))
    return NULL;
  return malloc(total);
}

/* Checked before computing: fine. */
void *checked_before(size_t n) {
  if (n > 1024)
    return NULL;
  size_t total = n * sizeof(struct entry);
  return malloc(total);
}

/* The note quotes the whole value the variable carries to the call; when
   the product that can overflow is only part of it, a second note names
   that product. */
void *conditional_size(size_t blocks, int big) {
  size_t n = big ? blocks * 1024 : 0;
  return malloc(n);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n' can overflow and nothing checks the multiplication
  // CHECK-NOTES-NOTES: :[[@LINE-2]]:10: warning: allocation size 'n' can overflow and nothing checks the multiplication
  // CHECK-NOTES-NOTES: :[[@LINE-4]]:14: note: 'n' is computed here as 'big ? blocks * 1024 : 0'
  // CHECK-NOTES-NOTES: :[[@LINE-5]]:27: note: 'blocks * 1024' is the product that can overflow
  // CHECK-NOTES-NOTES: :[[@LINE-5]]:10: note: no fix: the product is only part of the size, which has no two-argument form
}

struct header { size_t count; };
void *with_header(size_t n) {
  size_t bytes = sizeof(struct header) + n * sizeof(struct entry);
  return malloc(bytes);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'bytes' can overflow and nothing checks the multiplication
  // CHECK-NOTES-NOTES: :[[@LINE-2]]:10: warning: allocation size 'bytes' can overflow and nothing checks the multiplication
  // CHECK-NOTES-NOTES: :[[@LINE-4]]:40: note: 'bytes' is computed here as 'sizeof(struct header) + n * sizeof(struct entry)'
  // CHECK-NOTES-NOTES: :[[@LINE-5]]:44: note: 'n * sizeof(struct entry)' is the product that can overflow
  // CHECK-NOTES-NOTES: :[[@LINE-5]]:10: note: no fix: the product is only part of the size, which has no two-argument form
}

/* A factor changes after the product was stored: the warning stands, but
   calloc(n, ...) at the call would allocate for the new n, so no fix. */
void *factor_changes(size_t n) {
  size_t total = n * sizeof(struct entry);
  n = 0;
  return malloc(total);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'total' can overflow and nothing checks the multiplication
  // CHECK-NOTES-NOTES: :[[@LINE-2]]:10: warning: allocation size 'total' can overflow and nothing checks the multiplication
  // CHECK-NOTES-NOTES: :[[@LINE-5]]:20: note: 'total' is computed here as 'n * sizeof(struct entry)'
  // CHECK-NOTES-NOTES: :[[@LINE-4]]:10: note: no fix: the operands of the product change before the allocation
}

/* The operand is declared in an inner block that has ended by the call. */
void *operand_out_of_scope(const size_t *counts) {
  size_t total;
  {
    size_t k = counts[0];
    total = k * 8;
  }
  return malloc(total);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'total' can overflow and nothing checks the multiplication
  // CHECK-NOTES-NOTES: :[[@LINE-2]]:10: warning: allocation size 'total' can overflow and nothing checks the multiplication
  // CHECK-NOTES-NOTES: :[[@LINE-5]]:15: note: 'total' is computed here as 'k * 8'
  // CHECK-NOTES-NOTES: :[[@LINE-4]]:10: note: no fix: an operand of the product is not visible at the allocation
}

/* The operand has side effects: repeating it at the call would run them
   again. */
size_t next(void);
void *side_effects(void) {
  size_t total = next() * 8;
  return malloc(total);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'total' can overflow and nothing checks the multiplication
  // CHECK-NOTES-NOTES: :[[@LINE-2]]:10: warning: allocation size 'total' can overflow and nothing checks the multiplication
  // CHECK-NOTES-NOTES: :[[@LINE-4]]:25: note: 'total' is computed here as 'next() * 8'
  // CHECK-NOTES-NOTES: :[[@LINE-4]]:10: note: no fix: the operands of the product have side effects
}

/* Different values on different paths: not a product on every path. */
void *maybe_product(size_t n, int flat) {
  size_t total = 4096;
  if (!flat)
    total = n * 8;
  return malloc(total);
}

/* The size variable escapes: its value at the call is unknown. */
void adjust(size_t *len);
void *size_escapes(size_t n) {
  size_t total = n * 8;
  adjust(&total);
  return malloc(total);
}

/* Reassigned to something else before the call. */
void *size_reassigned(size_t n) {
  size_t total = n * 8;
  total = 64;
  return malloc(total);
}

/* A parameter holding a size: its origin is the caller's business. */
void *param_size(size_t total) { return malloc(total); }

/* Read through a cast that keeps its width: the same stored product. */
void *cast_at_call(uint64_t nmemb, size_t width) {
  const uint64_t total = nmemb * width;
  return malloc((size_t)total);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'total' can overflow; use 'calloc(nmemb, width)', which checks the multiplication
  // CHECK-FIXES: return calloc(nmemb, width);
  // CHECK-NOTES-NOTES: :[[@LINE-3]]:10: warning: allocation size 'total' can overflow
  // CHECK-NOTES-NOTES: :[[@LINE-5]]:32: note: 'total' is computed here as 'nmemb * width'
  // CHECK-FIXES-NOTES: return calloc(nmemb, width);
}

/* A cast that narrows is not the stored value: not followed. */
void *narrowing_cast_at_call(uint64_t nmemb, uint64_t width) {
  uint64_t total = nmemb * width;
  return malloc((unsigned short)total);
}

/* A stored product in parentheses is the same product: the cap before it
   bounds it (the CFG has no element for the parentheses). */
double *parenthesized(size_t n) {
  if (n > 1000)
    return NULL;
  size_t bytes = (n * sizeof(double));
  return malloc(bytes);
}

unsigned *parenthesized_narrow(unsigned n) {
  if (n > 1000)
    return NULL;
  unsigned bytes = (n * 4u);
  return malloc(bytes);
}
