/* A library's allocation macros, installed as a system header (included
   with -isystem): the shapes of a codec's os_types.h. */
#include <stdlib.h>
#define codec_malloc malloc
#define codec_realloc realloc
#define CODEC_ARRAY(n, type) ((type *)malloc((n) * sizeof(type)))
