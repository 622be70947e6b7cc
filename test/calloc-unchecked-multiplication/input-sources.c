// The default reading: a product computed in size_t says "can overflow" only
// when a factor comes from input the check can name, or two factors that
// can each exceed 32 bits multiply; one count of unknown origin is taken to
// measure memory, and is not reported.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t
// The same sources, configured, are reported in input-sources-configured.c.

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct item {
  long key;
  double weight;
};

/* Negative: a count of unknown origin, of a public function. */
struct item *from_caller(size_t n) { return malloc(n * sizeof(struct item)); }

/* Negative: a field nothing in this file writes. */
struct list {
  size_t count;
  size_t size;
};
struct item *from_field(const struct list *l) {
  return malloc(l->count * sizeof(struct item));
}

/* Positive: a number parsed from text. */
struct item *parsed(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  return malloc(n * sizeof(struct item));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct item)' can overflow; use 'calloc(n, sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:14: note: 'n' can be as large as this 'strtoull(arg, NULL, 10)', a number from outside the program that nothing in this file bounds
  // CHECK-FIXES: return calloc(n, sizeof(struct item));
}

/* Negative: parsed, then compared with a limit. */
struct item *parsed_limited(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  if (n > 4096)
    return NULL;
  return malloc(n * sizeof(struct item));
}

/* Negative: parsed into an int; an int times 16 fits size_t. */
struct item *parsed_int(const char *arg) {
  int n = atoi(arg);
  return malloc((size_t)n * sizeof(struct item));
}

/* Positive: a project's parser, found by its name and type, through a field
   that another function of this file sets. */
long long conf_atoi(const unsigned char *text, size_t len);
struct conf {
  size_t connections;
};
static struct conf global_conf;
void set_connections(const unsigned char *text, size_t len) {
  global_conf.connections = conf_atoi(text, len);
}
struct item *connections(void) {
  return malloc(sizeof(struct item) * global_conf.connections);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'sizeof(struct item) * global_conf.connections' can overflow; use 'calloc(global_conf.connections, sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-5]]:29: note: 'global_conf.connections' can be as large as this 'conf_atoi(text, len)', a number from outside the program that nothing in this file bounds
  // CHECK-FIXES: return calloc(global_conf.connections, sizeof(struct item));
}

/* Negative: the parsed value goes through a 16-bit field first. */
struct ports {
  uint16_t first, last;
};
void set_last(struct ports *p, const char *text) {
  p->last = (uint16_t)strtoul(text, NULL, 10);
}
struct item *port_items(const struct ports *p) {
  size_t n = (size_t)(p->last - p->first) + 1;
  return malloc(n * sizeof(struct item));
}

/* Positive: eight bytes assembled into a count. */
static uint64_t read_be(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++)
    v = (v << 8) | p[i];
  return v;
}
struct item *decoded(const unsigned char *msg) {
  uint64_t count = read_be(msg);
  return malloc(count * sizeof(struct item));
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'count * sizeof(struct item)' can overflow; use 'calloc(count, sizeof(struct item))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-7]]:18: note: 'count' can be as large as this '(v << 8) | p[i]', a number assembled from bytes in memory that nothing in this file bounds
  // CHECK-FIXES: return calloc(count, sizeof(struct item));
}

/* Positive: a calloc-like public function multiplies its two parameters. */
void *pool_calloc(size_t nmemb, size_t size) {
  return malloc(nmemb * size);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'nmemb * size' can overflow; use 'calloc(nmemb, size)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: 'nmemb' and 'size' are parameters of 'pool_calloc', which code outside this file may call with any values
  // CHECK-FIXES: return calloc(nmemb, size);
}

/* Negative: the same product in a static helper, whose one caller passes
   its count and a constant. */
static void *table_of(size_t n, size_t width) { return malloc(n * width); }
void *table(size_t n) { return table_of(n, 8); }

/* Positive: a public function hidden from other modules, whose callers are
   not in sight either: two counts of 64 bits whose product nothing bounds. */
__attribute__((visibility("hidden"))) void *inner_calloc(size_t a, size_t b) {
  return malloc(a * b);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: allocation size 'a * b' can overflow; use 'calloc(a, b)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-2]]:19: note: 'a' and 'b' can together be large enough that 'a * b' overflows 'size_t', and nothing on the way bounds them
  // CHECK-FIXES: return calloc(a, b);
}

/* Negative without configuration (input-sources-configured.c configures
   them): a project's own out-argument parser, a field, a function. */
int read_count(const char *text, size_t *out);
struct settings {
  size_t limit;
};
size_t next_number(void);
struct item *configured(const char *text, const struct settings *s) {
  size_t n;
  if (read_count(text, &n) != 0)
    return NULL;
  struct item *a = malloc(n * sizeof(struct item));
  struct item *b = malloc(s->limit * sizeof(struct item));
  struct item *c = malloc(next_number() * sizeof(struct item));
  free(a);
  free(b);
  return c;
}

/* Positive: a narrow product needs no source: n is a parameter nothing in
   this file bounds, and `n * 2` wraps in int (narrow-default.c). */
int *doubled(int n) { return malloc(n * 2 * sizeof(int)); }
// CHECK-NOTES: :[[@LINE-1]]:30: warning: allocation size 'n * 2 * sizeof(int)' can overflow ('n * 2' is computed in 'int'); use 'calloc(n, 2 * sizeof(int))', which checks the multiplication [calloc-unchecked-multiplication]
// CHECK-FIXES: int *doubled(int n) { return calloc(n, 2 * sizeof(int)); }
