/* zeroing.c: how long it takes to get N zeroed bytes with calloc, with
 * malloc + memset, and with calloc followed by a write to every page (which
 * pays for the zeroing the kernel deferred), for N from 1 KiB to 1 GiB.
 *
 *   cc -O2 -o zeroing bench/zeroing.c && ./zeroing [max-bytes] > zeroing.tsv
 *
 * glibc serves blocks above its mmap threshold (128 KiB at start) with fresh
 * pages, but raises the threshold after freeing such a block (up to 32 MiB),
 * so a program that allocates and frees large blocks soon gets them from the
 * heap, where calloc must clear them. bench/run measures both the default and
 * GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072, which fixes it.
 *
 * Output: one line per size and method, tab-separated:
 *   bytes  method  median_ns  min_ns  max_ns  repetitions
 * Each repetition allocates, zeroes (or not) and frees one block; the clock
 * is CLOCK_MONOTONIC. Small sizes repeat the operation in a batch so one
 * sample lasts long enough to measure. Part of bench/run (the plot in
 * docs/zeroing.png); never run as a test. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum method { MALLOC_MEMSET, CALLOC, CALLOC_TOUCH, METHODS };
static const char *const method_names[METHODS] = {"malloc+memset", "calloc",
                                                  "calloc+touch"};

/* Keeps the compiler from dropping a block it thinks nobody reads. */
static volatile unsigned char sink;

/* Called through a volatile pointer: compilers otherwise merge malloc +
 * memset into calloc, which is the very rewrite being measured. */
static void *(*volatile memset_fn)(void *, int, size_t) = memset;

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* One allocate-zero-free; returns 0 when the allocation failed. */
static int once(enum method m, size_t n, size_t page) {
  unsigned char *p;
  switch (m) {
  case MALLOC_MEMSET:
    p = malloc(n);
    if (!p)
      return 0;
    memset_fn(p, 0, n);
    break;
  case CALLOC:
    p = calloc(n, 1);
    if (!p)
      return 0;
    break;
  case CALLOC_TOUCH:
    p = calloc(n, 1);
    if (!p)
      return 0;
    /* Write each page once, as a program that uses the buffer would; the
     * kernel then has to provide (and zero) a real page for each. */
    for (size_t i = 0; i < n; i += page)
      p[i] = 1;
    break;
  default:
    return 0;
  }
  sink = p[n - 1];
  free(p);
  return 1;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  size_t max = (size_t)1 << 30;
  if (argc > 1)
    max = (size_t)strtoull(argv[1], NULL, 0);
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  enum { REPS = 11 };
  uint64_t samples[REPS];

  printf("bytes\tmethod\tmedian_ns\tmin_ns\tmax_ns\trepetitions\n");
  for (size_t n = 1024; n <= max; n *= 4) {
    /* A batch of about 64 MiB of work per sample, at least one call. */
    size_t batch = ((size_t)64 << 20) / n;
    if (batch < 1)
      batch = 1;
    if (batch > 4096)
      batch = 4096;
    for (int m = 0; m < METHODS; m++) {
      once((enum method)m, n, page); /* warm up the allocator */
      for (int r = 0; r < REPS; r++) {
        uint64_t t0 = now_ns();
        for (size_t b = 0; b < batch; b++) {
          if (!once((enum method)m, n, page)) {
            fprintf(stderr, "zeroing: allocating %zu bytes failed\n", n);
            return 1;
          }
        }
        samples[r] = (now_ns() - t0) / batch;
      }
      qsort(samples, REPS, sizeof samples[0], cmp_u64);
      printf("%zu\t%s\t%llu\t%llu\t%llu\t%d\n", n, method_names[m],
             (unsigned long long)samples[REPS / 2],
             (unsigned long long)samples[0],
             (unsigned long long)samples[REPS - 1], REPS);
      fflush(stdout);
    }
  }
  return 0;
}
