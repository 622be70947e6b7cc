#include <stddef.h>
size_t read_count(const unsigned char *p);
