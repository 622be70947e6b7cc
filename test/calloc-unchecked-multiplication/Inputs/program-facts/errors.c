#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include "errors.h"

void fatal(const char *why) {
  fputs(why, stderr);
  exit(2);
}

void check_pair(int a, int b) {
  if (a < 0 || b < 0)
    fatal("negative");
  if (b != 0 && a > INT_MAX / b)
    fatal("too large");
}

void note_pair(int a, int b) {
  if (b != 0 && a > INT_MAX / b)
    fputs("too large\n", stderr);
}
