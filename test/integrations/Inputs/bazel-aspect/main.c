#include <stdlib.h>
#include <count.h>

int main(int argc, char **argv) {
  size_t n = read_count((const unsigned char *)argv[0]);
  long *v = malloc(n * sizeof(long));
  free(v);
  return argc;
}
