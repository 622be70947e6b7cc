// Where a summary of what a function stores through a pointer must not be
// trusted, each of which once silenced a product that wraps: a call without
// a prototype (its argument is not converted to the parameter's type), the
// pointer used inside a block (run later, or never), a local an `asm`
// statement writes before the call, and a chain of hand-overs longer than
// the summaries follow, which must give the same answer whichever caller
// comes first in the file.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t -- -- -fblocks -Wno-deprecated-non-prototype -Wno-strict-prototypes

#include <stdint.h>
#include <stdlib.h>

#define TAG_BYTES_MAX 2147483647U

/* An old-style definition: 0x10002 arrives as 2 in `width`, so the count
   can reach TAG_BYTES_MAX / 2 and count * 8 wraps. */
static int read_old();
static int read_old(count, width, n)
uint32_t *count;
uint16_t width;
uint64_t n;
{
  if ((uint64_t)(TAG_BYTES_MAX / width) < n)
    return 0;
  *count = (uint32_t)n;
  return 1;
}

uint64_t *unconverted(uint64_t n) {
  uint32_t count;
  if (!read_old(&count, 0x10002, n))
    return NULL;
  return malloc(count * 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * 8' can overflow
  // CHECK-FIXES: return calloc(count, 8);
}

/* The block stores an unchecked value whenever it runs. */
static void run_later(void (^work)(void)) { work(); }
static void fill_later(uint32_t *count, uint64_t n) {
  *count = 16;
  run_later(^{
    *count = (uint32_t)n;
  });
}

uint64_t *through_block(uint64_t n) {
  uint32_t count = 0;
  fill_later(&count, n);
  return malloc(count * 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * 8' can overflow
  // CHECK-FIXES: return calloc(count, 8);
}

/* The callee may store nothing; the value before the call came from an
   `asm` output the dataflow does not read. */
static int read_small(uint32_t *count, uint64_t n) {
  if (n > 4096)
    return 0;
  *count = (uint32_t)n;
  return 1;
}

uint64_t *after_asm(uint64_t n, uint32_t big) {
  uint32_t count;
  __asm__("movl %1, %0" : "=r"(count) : "r"(big));
  read_small(&count, n);
  return malloc(count * 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * 8' can overflow
  // CHECK-FIXES: return calloc(count, 8);
}

/* Negative: the same callee with the count declared without a value. */
uint64_t *declared_only(uint64_t n) {
  uint32_t count;
  if (!read_small(&count, n))
    return NULL;
  return malloc(count * 8);
}

/* Five hand-overs deep: one more than the summaries follow. The direct
   caller of the last function comes first, so its summary is known when
   the long chain asks for it; the chain is still not followed. */
static void hop5(uint32_t *p, uint64_t n) {
  if (n > 4096)
    return;
  *p = (uint32_t)n;
}
static void hop4(uint32_t *p, uint64_t n) { hop5(p, n); }
static void hop3(uint32_t *p, uint64_t n) { hop4(p, n); }
static void hop2(uint32_t *p, uint64_t n) { hop3(p, n); }
static void hop1(uint32_t *p, uint64_t n) { hop2(p, n); }

uint64_t *direct(uint64_t n) {
  uint32_t c = 0;
  hop5(&c, n);
  return malloc(c * 8);
}

uint64_t *chained(uint64_t n) {
  uint32_t c = 0;
  hop1(&c, n);
  return malloc(c * 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'c * 8' can overflow
  // CHECK-FIXES: return calloc(c, 8);
}
