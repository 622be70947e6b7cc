#include "image.h"

/* The dimensions come from the file, and the loader refuses them above
   16384: a limit the decoder's unit cannot see. */
int load_header(struct image *im, const unsigned char *p) {
  im->width = p[0] | p[1] << 8;
  im->height = p[2] | p[3] << 8;
  if (im->width > 16384 || im->height > 16384 || im->width < 1 ||
      im->height < 1)
    return -1;
  im->tiles.cols = p[4] | p[5] << 8;
  im->tiles.rows = p[6] | p[7] << 8;
  if (im->tiles.cols > 64 || im->tiles.rows > 64)
    return -1;
  return 0;
}

/* A 64-bit count decoded from bytes: input. */
size_t read_count(const unsigned char *p) {
  return (size_t)p[0] << 56 | (size_t)p[1] << 48 | (size_t)p[2];
}

/* A 16-bit tag: its result is bytes, but it cannot reach 64-bit sizes. */
unsigned short read_tag(const unsigned char *p) {
  return (unsigned short)(p[0] | p[1] << 8);
}
