"""Writes a C file for deep-expressions.test: sums of TERMS terms, which
clang builds as trees TERMS levels deep, in the places the checks read:
the code beside a product, a guard's limit, a zeroed size.
Usage: generate_deep.py OUT TERMS. Prints nothing."""
import sys

TERMS = int(sys.argv[2])


def chain(term):
    return " + ".join([term] * TERMS)


SOURCE = """#include <stdlib.h>
#include <string.h>
void sink(void *);
void sink_size(size_t);

/* Positive: deep code beside the product, none in it. */
void beside(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  size_t k = strtoull(arg + 1, NULL, 10);
  sink_size(%(k)s);
  sink(malloc(n * 8));
}

/* Negative: the guard's limit is a deep constant (4096). */
void deep_limit(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  if (n > %(zero)s + 4096)
    return;
  sink(malloc(n * 8));
}

/* Positive (calloc-malloc-memset): the zeroed size is a deep sum. */
void zeroed(size_t k) {
  size_t z = %(k)s;
  char *p = malloc(z);
  if (!p)
    return;
  memset(p, 0, z);
  sink(p);
}
"""

with open(sys.argv[1], "w") as f:
    f.write(SOURCE % {"k": chain("k"), "zero": chain("0")})
