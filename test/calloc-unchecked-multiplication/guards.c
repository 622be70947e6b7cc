// Guards that really bound the product on every path to the allocation
// silence the check; guards that do not, do not.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct elem { double x, y, z; };
#define MAX_ITEMS 4096

/* ---- guards that count: no warning ---- */

struct elem *guard_size_max(size_t n) {
  if (n > SIZE_MAX / sizeof(struct elem))
    return NULL;
  return malloc(n * sizeof(struct elem));
}

void *guard_two_counts(size_t a, size_t b) {
  if (b && a > SIZE_MAX / b)
    goto fail;
  return malloc(a * b);
fail:
  return NULL;
}

void *guard_minus_one(size_t a, size_t b) {
  if (b != 0 && a > (size_t)-1 / b)
    return NULL;
  return malloc(a * b);
}

void *guard_complement(size_t a, size_t b) {
  if (b == 0 || a > ~(size_t)0 / b)
    return NULL;
  return malloc(a * b);
}

void *guard_ptrdiff(size_t n, size_t size) {
  if (size == 0 || n >= PTRDIFF_MAX / size)
    abort();
  return malloc(n * size);
}

void *guard_reversed(size_t n) {
  if (SIZE_MAX / sizeof(struct elem) < n)
    exit(1);
  return malloc(n * sizeof(struct elem));
}

int guard_cap(size_t n, struct elem **out) {
  if (n > MAX_ITEMS)
    return -1;
  *out = malloc(n * sizeof(struct elem));
  return *out ? 0 : -1;
}

void *guard_inside_if(size_t n) {
  void *p = NULL;
  if (n <= MAX_ITEMS) {
    p = malloc(n * sizeof(struct elem));
  }
  return p;
}

void *guard_clamp(size_t n) {
  if (n > MAX_ITEMS)
    n = MAX_ITEMS;
  return malloc(n * sizeof(struct elem));
}

void *guard_assert(size_t n) {
  assert(n <= SIZE_MAX / sizeof(struct elem));
  return malloc(n * sizeof(struct elem));
}

void *guard_negated(size_t n) {
  if (!(n <= MAX_ITEMS))
    return NULL;
  return malloc(n * sizeof(struct elem));
}

_Noreturn void die(const char *msg);
void *guard_noreturn(size_t n) {
  if (n >= MAX_ITEMS)
    die("too many");
  return malloc(n * sizeof(struct elem));
}

void *guard_signed_range(int n) {
  if (n < 0 || n > 1000000)
    return NULL;
  return malloc(n * sizeof(struct elem) * 1000);
}

void **guard_in_loop(size_t *sizes, size_t count) {
  void **out = malloc(MAX_ITEMS * sizeof(void *));
  for (size_t i = 0; i < count && i < MAX_ITEMS; i++) {
    if (sizes[i] > 65536)
      continue;
    out[i] = malloc(sizes[i] * sizeof(struct elem));
  }
  return out;
}

void *guard_break(size_t *ns, size_t k) {
  void *p = NULL;
  while (k--) {
    size_t n = ns[k];
    if (n > MAX_ITEMS)
      break;
    p = malloc(n * sizeof(struct elem));
  }
  return p;
}

void *guard_field(struct { size_t count; } *hdr) {
  if (hdr->count > MAX_ITEMS)
    return NULL;
  return malloc(hdr->count * sizeof(struct elem));
}

/* ---- guards that do not count: warnings ---- */

void *zero_check_only(size_t n) {
  if (n == 0)
    return NULL;
  return malloc(n * sizeof(struct elem));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct elem)' can overflow; use 'calloc(n, sizeof(struct elem))'
  // CHECK-FIXES: return calloc(n, sizeof(struct elem));
}

void *check_after_the_call(size_t n) {
  void *p = malloc(n * sizeof(struct elem));
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: allocation size 'n * sizeof(struct elem)' can overflow
  // CHECK-FIXES: void *p = calloc(n, sizeof(struct elem));
  if (n > SIZE_MAX / sizeof(struct elem)) {
    free(p);
    return NULL;
  }
  return p;
}

/* The loop bound holds when the body starts, but the count grows first. */
void *grow_in_loop(void *buf, size_t cap, size_t need) {
  while (cap < MAX_ITEMS) {
    cap += need;
    buf = realloc(buf, cap * sizeof(struct elem));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: allocation size 'cap * sizeof(struct elem)' can overflow; use 'reallocarray(buf, cap, sizeof(struct elem))'
    // CHECK-FIXES: buf = reallocarray(buf, cap, sizeof(struct elem));
  }
  return buf;
}

/* A cap too loose to help: SIZE_MAX / 2 elements of 24 bytes wrap. */
void *loose_cap(size_t n) {
  if (n > SIZE_MAX / 2)
    return NULL;
  return malloc(n * sizeof(struct elem));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct elem)' can overflow
  // CHECK-FIXES: return calloc(n, sizeof(struct elem));
}

/* The guard checks another variable. */
void *other_variable(size_t n, size_t m) {
  if (m > MAX_ITEMS)
    return NULL;
  return malloc(n * sizeof(struct elem));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct elem)' can overflow
  // CHECK-FIXES: return calloc(n, sizeof(struct elem));
}

/* The guard checks another field of the same struct. */
struct hdr { size_t count, width; };
void *other_field(const struct hdr *h) {
  if (h->width > MAX_ITEMS)
    return NULL;
  return malloc(h->count * sizeof(struct elem));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'h->count * sizeof(struct elem)' can overflow
  // CHECK-FIXES: return calloc(h->count, sizeof(struct elem));
}

/* The guard holds, then the factor is reassigned. */
size_t next_count(void);
void *reassigned(size_t n) {
  if (n > MAX_ITEMS)
    return NULL;
  n = next_count();
  return malloc(n * sizeof(struct elem));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct elem)' can overflow
  // CHECK-FIXES: return calloc(n, sizeof(struct elem));
}

/* Only one path is guarded. */
void *one_path(size_t n, int trusted) {
  if (!trusted && n > MAX_ITEMS)
    return NULL;
  return malloc(n * sizeof(struct elem));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct elem)' can overflow
  // CHECK-FIXES: return calloc(n, sizeof(struct elem));
}

/* The guard's address escapes: a callee may change it afterwards. */
void refill(size_t *n);
void *escaped(size_t n) {
  if (n > MAX_ITEMS)
    return NULL;
  refill(&n);
  return malloc(n * sizeof(struct elem));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct elem)' can overflow
  // CHECK-FIXES: return calloc(n, sizeof(struct elem));
}

/* A signed count bounded only from above can still be hugely negative in a
   64-bit type; times 24 that wraps. */
void *signed_upper_only(long n) {
  if (n > 1000)
    return NULL;
  return malloc(n * sizeof(struct elem));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct elem)' can overflow
  // CHECK-FIXES: return calloc(n, sizeof(struct elem));
}

/* The product bound names the wrong divisor. */
void *wrong_divisor(size_t a, size_t b, size_t c) {
  if (c && a > SIZE_MAX / c)
    return NULL;
  return malloc(a * b);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'a * b' can overflow; use 'calloc(a, b)'
  // CHECK-FIXES: return calloc(a, b);
}
