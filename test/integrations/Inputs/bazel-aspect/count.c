#include <count.h>
size_t read_count(const unsigned char *p) { return (size_t)p[0] << COUNT_SHIFT | p[1]; }
