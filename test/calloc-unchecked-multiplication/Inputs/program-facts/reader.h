int read_byte(const unsigned char *p);
int read_u16(const unsigned char *p);
int read_count(const unsigned char *p);
