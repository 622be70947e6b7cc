#include <stdlib.h>
#include <string.h>

char *cleared(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;
  memset(b, 0, n); // clear
                   // all of it
  return b;
}
