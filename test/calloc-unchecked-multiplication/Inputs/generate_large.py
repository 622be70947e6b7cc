"""Writes a large C file for large-inputs.test: many functions, a long
function, a long product and deep nesting. Prints nothing."""
import sys

FUNCTIONS = 3000
SEQUENCE = 300
FACTORS = 200
DEPTH = 100

out = ["#include <stddef.h>", "#include <stdlib.h>", "void sink(void *);"]
for i in range(FUNCTIONS):
    if i % 2:
        out.append("void *guarded_%d(size_t n) { if (n > %d) return 0; return malloc(n * 8); }" % (i, i))
    else:
        out.append("void *open_%d(size_t n) { return malloc(n * 8); }" % i)
out.append("void sequence(const size_t *ns) {")
for i in range(SEQUENCE):
    out.append("  size_t n%d = ns[%d];" % (i, i))
    if i % 3 == 0:
        out.append("  if (n%d > 1024) return;" % i)
    out.append("  sink(malloc(n%d * 16));" % i)
out.append("}")
out.append("void *long_product(unsigned char x) { return malloc(%s); }" % " * ".join(["x"] * FACTORS))
out.append("void *deep(size_t n, const int *c) {")
for i in range(DEPTH):
    out.append("  " * (i + 1) + "if (c[%d]) {" % i)
out.append("  " * (DEPTH + 1) + "if (n > 64) return 0;")
out.append("  " * (DEPTH + 1) + "return malloc(n * 64);")
for i in reversed(range(DEPTH)):
    out.append("  " * (i + 1) + "}")
out.append("  return 0;")
out.append("}")
with open(sys.argv[1], "w") as f:
    f.write("\n".join(out) + "\n")
