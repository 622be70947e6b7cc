#include "image.h"

/* A unit that tests the frame count on its own path but does not set it:
   the test bounds nothing where other units read it. */
int too_many_frames(const struct image *im) { return im->frames > 100; }
