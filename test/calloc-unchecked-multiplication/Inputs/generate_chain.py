"""Writes a C file in which each of N functions returns the next one's
result, the last a small constant, and an allocation multiplies the first
one's result in int: the result is known (7) only when the chain is short
enough to be read. A second allocation, of an int parameter squared, is
reported either way: the analysis ran."""
import sys

path, count = sys.argv[1], int(sys.argv[2])
with open(path, "w") as out:
    out.write("#include <stdlib.h>\n")
    out.write("static int f0(void) { return 7; }\n")
    for i in range(1, count):
        out.write(f"static int f{i}(void) {{ return f{i - 1}(); }}\n")
    out.write("int *table(int n) {\n")
    out.write(f"  int k = f{count - 1}();\n")
    out.write("  return malloc(k * 300000000 * sizeof(int));\n")
    out.write("}\n")
    out.write("int *square(int n) {\n")
    out.write("  return malloc(n * n * sizeof(int));\n")
    out.write("}\n")
