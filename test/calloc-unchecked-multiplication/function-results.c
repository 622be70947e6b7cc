// A call of a function defined in this file returns what its returns give:
// a bit reader that masks to 16 bits and shifts (zbar's qr_pack_buf_read),
// a byte, a small constant. A function declared only, one whose returns
// can give any value, or one that calls itself, still returns any value.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stdlib.h>

struct reader {
  const unsigned char *p;
  int avail;
};

/* At most 65535 (or -1): masked to 16 bits, then shifted by a count that
   is undefined unless it is in range. */
static int read_bits(struct reader *r, int bits) {
  unsigned ret = (unsigned)r->p[0] << 8 | r->p[1];
  int m = 16 - bits;
  if (r->avail < bits)
    return -1;
  return (ret & 0xFFFF) >> m;
}

unsigned char *kanji(struct reader *r) {
  int len = read_bits(r, 12);
  if (len < 0)
    return NULL;
  return malloc(2 * len * sizeof(unsigned char));
}

/* A byte, returned as an int. */
static int read_byte(struct reader *r) { return r->p[0]; }

int *bytes_squared(struct reader *r) {
  int n = read_byte(r);
  return malloc(n * n * sizeof(int));
}

/* Positive: four bytes make any int. */
static int read_int(struct reader *r) {
  return r->p[0] << 24 | r->p[1] << 16 | r->p[2] << 8 | r->p[3];
}

unsigned char *whole_int(struct reader *r) {
  int len = read_int(r);
  if (len < 0)
    return NULL;
  return malloc(2 * len * sizeof(unsigned char));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '2 * len * sizeof(unsigned char)' can overflow ('2 * len' is computed in 'int'); use 'calloc(len, 2 * sizeof(unsigned char))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(len, 2 * sizeof(unsigned char));
}

/* Positive: declared here, defined elsewhere. */
int read_elsewhere(struct reader *r);

unsigned char *declared_only(struct reader *r) {
  int len = read_elsewhere(r);
  if (len < 0)
    return NULL;
  return malloc(2 * len * sizeof(unsigned char));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '2 * len * sizeof(unsigned char)' can overflow ('2 * len' is computed in 'int'); use 'calloc(len, 2 * sizeof(unsigned char))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(len, 2 * sizeof(unsigned char));
}

/* Positive: one return is a byte, the other calls the function again,
   whose result is then not known. */
static int read_chain(struct reader *r, int depth) {
  if (depth == 0)
    return r->p[0];
  return read_chain(r, depth - 1) * 256 + r->p[depth];
}

unsigned char *chained(struct reader *r) {
  int len = read_chain(r, 3);
  if (len < 0)
    return NULL;
  return malloc(2 * len * sizeof(unsigned char));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '2 * len * sizeof(unsigned char)' can overflow ('2 * len' is computed in 'int'); use 'calloc(len, 2 * sizeof(unsigned char))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(len, 2 * sizeof(unsigned char));
}
