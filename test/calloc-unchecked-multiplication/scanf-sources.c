// The scanf family stores numbers from its input through the arguments of
// the numeric conversions of a literal format: those arguments are input,
// like a strtoul result. %n (characters read so far), %s, %c and %[ store
// no such number, and %*d assigns nothing and takes no argument.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

struct item {
  long key;
  double weight;
};

/* Positive: one count read with sscanf. */
struct item *items(const char *line) {
  size_t n;
  if (sscanf(line, "%zu", &n) != 1)
    return NULL;
  return malloc(n * sizeof(struct item));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct item)' can overflow; use 'calloc(n, sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-4]]:7: note: 'n' can be as large as this 'sscanf(line, "%zu", &n)', a number from outside the program that nothing in this file bounds
  // CHECK-FIXES: return calloc(n, sizeof(struct item));
}

/* Positive: the second of two conversions, after a suppressed one and a
   string, read from a stream into a field. */
struct header {
  char name[16];
  unsigned long count;
};
int read_header(FILE *f, struct header *h) {
  return fscanf(f, "%*d %15s %lu", h->name, &h->count) == 2 ? 0 : -1;
}
struct item *header_items(const struct header *h) {
  return malloc(h->count * sizeof(struct item));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'h->count * sizeof(struct item)' can overflow; use 'calloc(h->count, sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-5]]:10: note: 'h->count' can be as large as this 'fscanf(f, "%*d %15s %lu", h->name, &h->count)', a number from outside the program that nothing in this file bounds
  // CHECK-FIXES: return calloc(h->count, sizeof(struct item));
}

/* Positive: a wide format, and a set with ']' in it before the number. */
struct item *wide_items(const wchar_t *line) {
  wchar_t tag[8];
  unsigned long long n;
  if (swscanf(line, L"%7[]a-z] %llu", tag, &n) != 2)
    return NULL;
  return malloc(sizeof(struct item) * n);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'sizeof(struct item) * n' can overflow; use 'calloc(n, sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-4]]:7: note: 'n' can be as large as this 'swscanf(line, L"%7[]a-z] %llu", tag, &n)', a number from outside the program that nothing in this file bounds
  // CHECK-FIXES: return calloc(n, sizeof(struct item));
}

/* Negative: %ln stores how many characters were read, not a number from
   the input. */
struct item *consumed(const char *line) {
  long used = 0;
  int key;
  if (sscanf(line, "%d%ln", &key, &used) != 1)
    return NULL;
  return malloc((size_t)used * sizeof(struct item));
}

/* Negative: the format is not written at the call. */
struct item *any_format(const char *line, const char *format) {
  size_t n;
  if (sscanf(line, format, &n) != 1)
    return NULL;
  return malloc(n * sizeof(struct item));
}

/* Negative: read, then limited. */
struct item *limited(const char *line) {
  size_t n;
  if (sscanf(line, "%zu", &n) != 1 || n > 4096)
    return NULL;
  return malloc(n * sizeof(struct item));
}

/* Positive: %% is no conversion: %15s fills the name and %zu the count. */
struct item *percent(const char *line) {
  char name[16];
  size_t n;
  if (sscanf(line, "%% %15s %zu", name, &n) != 2)
    return NULL;
  return malloc(n * sizeof(struct item));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct item)' can overflow; use 'calloc(n, sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-4]]:7: note: 'n' can be as large as this 'sscanf(line, "%% %15s %zu", name, &n)', a number from outside the program that nothing in this file bounds
  // CHECK-FIXES: return calloc(n, sizeof(struct item));
}
