#include "client.h"

/* A unit that changes the width by a compound assignment the index does
   not follow: no least or largest value holds for it. */
void shrink(struct client *c, int by) { c->width -= by; }
