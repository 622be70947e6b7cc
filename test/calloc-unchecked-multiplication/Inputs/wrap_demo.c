/* A count from outside the program, multiplied by an element size. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  size_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 0;
  uint64_t *v = malloc(n * sizeof(uint64_t));
  if (!v) {
    puts("allocation refused");
    return 0;
  }
  printf("got a buffer for %zu elements of %zu bytes: %zu bytes\n", n,
         sizeof(uint64_t), n * sizeof(uint64_t));
  free(v);
  return 0;
}
