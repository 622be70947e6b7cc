#include <stddef.h>

/* A header both units include: the loader sets and limits the dimensions
   (loader.c), the decoder multiplies them (program-facts.c). */
struct image {
  int width, height;
  struct {
    int cols, rows;
  } tiles;
  int frames;
};

int load_header(struct image *im, const unsigned char *p);
size_t read_count(const unsigned char *p);
unsigned short read_tag(const unsigned char *p);
