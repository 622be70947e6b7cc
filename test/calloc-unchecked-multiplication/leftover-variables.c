// A size held by a local: after `malloc(bytes)` becomes `calloc(n, size)`,
// a `bytes` that nothing else reads goes too (its declaration and the
// assignments to it), so that the fixed file builds with -Wall -Werror (the
// runner compiles it so). When it cannot go, there is no fix, and a note
// says why.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
  char key[16];
  long value;
};

/* Declared with the product, read only by the allocation: the line goes. */
struct entry *declared(size_t n) {
  size_t bytes = n * sizeof(struct entry);
  struct entry *e = malloc(bytes);
  return e;
}
// CHECK-NOTES: :[[@LINE-3]]:21: warning: allocation size 'bytes' can overflow; use 'calloc(n, sizeof(struct entry))'
// CHECK-NOTES: :[[@LINE-5]]:20: note: 'bytes' is computed here as 'n * sizeof(struct entry)'
// CHECK-FIXES: struct entry *declared(size_t n) {
// CHECK-FIXES-NEXT: struct entry *e = calloc(n, sizeof(struct entry));
// CHECK-FIXES-NEXT: return e;
// CHECK-FIXES-NEXT: }

/* Declared first, assigned later: both statements go. */
char *assigned(size_t lines, size_t width) {
  size_t len;
  char *out;
  len = lines * width;
  if (lines == 0)
    return NULL;
  out = malloc(len);
  return out;
}
// CHECK-NOTES: :[[@LINE-3]]:9: warning: allocation size 'len' can overflow; use 'calloc(lines, width)'
// CHECK-NOTES: :[[@LINE-7]]:15: note: 'len' is computed here as 'lines * width'
// CHECK-FIXES: char *assigned(size_t lines, size_t width) {
// CHECK-FIXES-NEXT: char *out;
// CHECK-FIXES-NEXT: if (lines == 0)
// CHECK-FIXES-NEXT: return NULL;
// CHECK-FIXES-NEXT: out = calloc(lines, width);
// CHECK-FIXES-NEXT: return out;

/* Still read after the allocation: it stays. */
struct entry *still_read(size_t n, const struct entry *src) {
  size_t bytes = n * sizeof(struct entry);
  struct entry *e = malloc(bytes);
  if (e)
    memcpy(e, src, bytes);
  return e;
}
// CHECK-NOTES: :[[@LINE-5]]:21: warning: allocation size 'bytes' can overflow; use 'calloc(n, sizeof(struct entry))'
// CHECK-NOTES: :[[@LINE-7]]:20: note: 'bytes' is computed here
// CHECK-FIXES: struct entry *still_read(size_t n, const struct entry *src) {
// CHECK-FIXES-NEXT: size_t bytes = n * sizeof(struct entry);
// CHECK-FIXES-NEXT: struct entry *e = calloc(n, sizeof(struct entry));

/* On one line with the allocation, and with a blank line after it: the
   declaration goes, the code after it on the line stays. */
void *same_line(size_t n) {
  size_t total = n * 8; void *p = malloc(total);
  return p;
}
void *blank_line_after(size_t n) {
  size_t total = n * 8;

  void *p = malloc(total);
  return p;
}
// CHECK-NOTES: :[[@LINE-9]]:35: warning: allocation size 'total' can overflow; use 'calloc(n, 8)'
// CHECK-NOTES: :[[@LINE-10]]:20: note: 'total' is computed here as 'n * 8'
// CHECK-NOTES: :[[@LINE-5]]:13: warning: allocation size 'total' can overflow; use 'calloc(n, 8)'
// CHECK-NOTES: :[[@LINE-8]]:20: note: 'total' is computed here as 'n * 8'
// CHECK-FIXES: void *same_line(size_t n) {
// CHECK-FIXES-NEXT: {{^  }}void *p = calloc(n, 8);
// CHECK-FIXES-NEXT: return p;
// CHECK-FIXES-NEXT: }
// CHECK-FIXES-NEXT: void *blank_line_after(size_t n) {
// CHECK-FIXES-NEXT: void *p = calloc(n, 8);
// CHECK-FIXES-NEXT: return p;

/* A local read only by the declaration that goes goes too. */
void *chain(size_t n) {
  size_t unit = 8;
  size_t len = unit;
  len = n * 8;
  return malloc(len);
}
// CHECK-NOTES: :[[@LINE-2]]:10: warning: allocation size 'len' can overflow; use 'calloc(n, 8)'
// CHECK-NOTES: :[[@LINE-4]]:11: note: 'len' is computed here as 'n * 8'
// CHECK-FIXES: void *chain(size_t n) {
// CHECK-FIXES-NEXT: return calloc(n, 8);
// CHECK-FIXES-NEXT: }

/* Marked unused: nothing warns about it, it stays. */
void *marked_unused(size_t n) {
  size_t bytes __attribute__((unused)) = n * 8;
  return malloc(bytes);
}
// CHECK-NOTES: :[[@LINE-2]]:10: warning: allocation size 'bytes' can overflow; use 'calloc(n, 8)'
// CHECK-NOTES: :[[@LINE-4]]:44: note: 'bytes' is computed here as 'n * 8'
// CHECK-FIXES: size_t bytes __attribute__((unused)) = n * 8;
// CHECK-FIXES-NEXT: return calloc(n, 8);

/* The declaration cannot go: no fix. */
size_t next_size(void);
void *initializer_has_effects(size_t n) {
  size_t len = next_size();
  len = n * 8;
  return malloc(len);
}
// CHECK-NOTES: :[[@LINE-2]]:10: warning: allocation size 'len' can overflow and nothing checks the multiplication
// CHECK-NOTES: :[[@LINE-4]]:11: note: 'len' is computed here as 'n * 8'
// CHECK-NOTES: :[[@LINE-4]]:10: note: no fix: 'len' would be left unused, and its initializer has side effects

void *declares_others(size_t n) {
  size_t other = 3, len = n * 8;
  (void)other;
  return malloc(len);
}
// CHECK-NOTES: :[[@LINE-2]]:10: warning: allocation size 'len' can overflow and nothing checks the multiplication
// CHECK-NOTES: :[[@LINE-5]]:29: note: 'len' is computed here as 'n * 8'
// CHECK-NOTES: :[[@LINE-4]]:10: note: no fix: 'len' would be left unused, and its declaration declares other variables too

void *changed_in_a_branch(size_t n, int flag) {
  size_t len = 0;
  if (flag)
    len = 1;
  len = n * 8;
  return malloc(len);
}
// CHECK-NOTES: :[[@LINE-2]]:10: warning: allocation size 'len' can overflow and nothing checks the multiplication
// CHECK-NOTES: :[[@LINE-4]]:11: note: 'len' is computed here as 'n * 8'
// CHECK-NOTES: :[[@LINE-4]]:10: note: no fix: 'len' would be left unused, and it is changed inside another statement

/* The parameter would be left unread (-Wunused-parameter). */
void *parameter_left(size_t n, size_t k) {
  size_t len = k;
  len = n * 8;
  return malloc(len);
}
// CHECK-NOTES: :[[@LINE-2]]:10: warning: allocation size 'len' can overflow and nothing checks the multiplication
// CHECK-NOTES: :[[@LINE-4]]:11: note: 'len' is computed here as 'n * 8'
// CHECK-NOTES: :[[@LINE-4]]:10: note: no fix: 'k' would be left unused, and it is a parameter

/* Code under an #if in its scope may read it (here it does when DEBUG is
   defined): removing it could break the other configuration, so no fix. */
void *read_under_if(size_t n) {
  size_t total = n * 8;
  void *p = malloc(total);
#ifdef DEBUG
  fprintf(stderr, "%zu bytes\n", total);
#endif
  return p;
}
// CHECK-NOTES: :[[@LINE-6]]:13: warning: allocation size 'total' can overflow and nothing checks the multiplication
// CHECK-NOTES: :[[@LINE-8]]:20: note: 'total' is computed here as 'n * 8'
// CHECK-NOTES: :[[@LINE-8]]:13: note: no fix: 'total' would be left unused, and a preprocessor directive in its scope may use it

/* Read by the zeroing that follows: it stays (a fix of calloc-malloc-memset,
   which would take that read out too, removes it then). */
void *zeroed_after(size_t n) {
  size_t bytes = n * 8;
  void *p = malloc(bytes);
  if (p)
    memset(p, 0, bytes);
  return p;
}
// CHECK-NOTES: :[[@LINE-5]]:13: warning: allocation size 'bytes' can overflow; use 'calloc(n, 8)'
// CHECK-NOTES: :[[@LINE-7]]:20: note: 'bytes' is computed here as 'n * 8'
// CHECK-FIXES: void *zeroed_after(size_t n) {
// CHECK-FIXES-NEXT: size_t bytes = n * 8;
// CHECK-FIXES-NEXT: void *p = calloc(n, 8);

/* The size of two allocations: each fix alone would keep it, both together
   would leave it unused, and each must be right on its own: no fix. With a
   read that no fix takes out, both are fixed and it stays. */
void *two_allocations(size_t n, void **second) {
  size_t bytes = n * 8;
  void *p = malloc(bytes);
  *second = malloc(bytes);
  return p;
}
// CHECK-NOTES: :[[@LINE-4]]:13: warning: allocation size 'bytes' can overflow and nothing checks the multiplication
// CHECK-NOTES: :[[@LINE-6]]:20: note: 'bytes' is computed here as 'n * 8'
// CHECK-NOTES: :[[@LINE-6]]:13: note: no fix: 'bytes' also sizes another allocation, and fixing both would leave it unused
// CHECK-NOTES: :[[@LINE-6]]:13: warning: allocation size 'bytes' can overflow and nothing checks the multiplication
// CHECK-NOTES: :[[@LINE-9]]:20: note: 'bytes' is computed here as 'n * 8'
// CHECK-NOTES: :[[@LINE-8]]:13: note: no fix: 'bytes' also sizes another allocation, and fixing both would leave it unused

void *copied(size_t n, const void *src, void **second) {
  size_t bytes = n * 8;
  void *p = malloc(bytes);
  *second = malloc(bytes);
  memcpy(*second, src, bytes);
  return p;
}
// CHECK-NOTES: :[[@LINE-5]]:13: warning: allocation size 'bytes' can overflow; use 'calloc(n, 8)'
// CHECK-NOTES: :[[@LINE-7]]:20: note: 'bytes' is computed here as 'n * 8'
// CHECK-NOTES: :[[@LINE-6]]:13: warning: allocation size 'bytes' can overflow; use 'calloc(n, 8)'
// CHECK-NOTES: :[[@LINE-9]]:20: note: 'bytes' is computed here as 'n * 8'
// CHECK-FIXES: void *copied(size_t n, const void *src, void **second) {
// CHECK-FIXES-NEXT: size_t bytes = n * 8;
// CHECK-FIXES-NEXT: void *p = calloc(n, 8);
// CHECK-FIXES-NEXT: *second = calloc(n, 8);
