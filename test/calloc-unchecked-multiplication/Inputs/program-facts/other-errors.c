/* Another program of the same compilation database: its fatal returns,
   and its check_pair is weak (another definition may replace it). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

void fatal(const char *why) { fputs(why, stderr); }

__attribute__((weak)) void check_pair(int a, int b) {
  if (a < 0 || b < 0 || (b != 0 && a > INT_MAX / b))
    abort();
}
