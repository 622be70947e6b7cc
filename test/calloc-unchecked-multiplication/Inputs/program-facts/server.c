#include "client.h"

/* Every write of the three fields: 16-bit and 8-bit values from the
   message, never tested against a limit. */
void read_server_init(struct client *c, const unsigned char *msg) {
  c->width = msg[0] << 8 | msg[1];
  c->height = msg[2] << 8 | msg[3];
  c->bits_per_pixel = msg[4];
}
