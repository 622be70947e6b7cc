/* Readers another unit calls: a byte, a 16-bit value, a count it parses
   that can be any int. */
int read_byte(const unsigned char *p) { return p[0]; }
int read_u16(const unsigned char *p) { return p[0] << 8 | p[1]; }
int read_count(const unsigned char *p) {
  return p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}
