/* A library's allocation macros, installed as a system header (included
   with -isystem): one writes a whole malloc + memset pair itself (the
   shape of GLib's g_slice_new0 under optimisation), one only allocates. */
#include <stdlib.h>
#include <string.h>
#define POOL_NEW0(type, p)                                                     \
  do {                                                                         \
    (p) = (type *)malloc(sizeof(type));                                        \
    if (p)                                                                     \
      memset((p), 0, sizeof(type));                                            \
  } while (0)
#define pool_alloc malloc
