#include "tables.h"

/* The program's only calls: rows of at most 16, columns of at most 20. */
void build(void) {
  int count = 16;
  make_table(10, 20);
  make_table(count, 4);
  make_grid(8, 8);
  /* make_grid's address escapes: its callers are not all known. */
  register_maker(make_grid);
}
