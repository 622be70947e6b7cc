#include <stdint.h>

/* A client whose frame size another unit (server.c) sets from a message. */
struct client {
  int width, height;
  int bits_per_pixel;
  unsigned char *frame;
};

void read_server_init(struct client *c, const unsigned char *msg);
