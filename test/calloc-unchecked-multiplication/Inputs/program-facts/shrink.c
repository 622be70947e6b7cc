#include "image.h"

/* A unit that lowers the row count: no least value holds for it anymore. */
void drop_row(struct image *im) { im->tiles.rows--; }
