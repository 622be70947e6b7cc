// A division guard whose operands no variable names: an element's field
// (`e[i].n`, `p->hdr.count`) or a call's result (`size_of(e[i].fmt)`),
// and a dividend that is no constant (`len / d`): past
// `if (d && len / d < a) fail;`, a * d is at most the largest value len
// can have. libexif's MakerNote loaders after CVE-2020-13112 are this
// shape. Such a fact holds until the next store or call (a call of the
// guard's own function with the same arguments is read as the same value);
// the operands must be at least 0, and the dividend must fit the product's
// type.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct entry {
  unsigned short fmt;
  unsigned int n;
  unsigned char *data;
};
struct header {
  unsigned int count, size;
  int signed_count;
};
struct file {
  struct header hdr;
};
typedef struct stream FILE_LIKE;

unsigned char size_of(unsigned short fmt);
unsigned int read32(const unsigned char *p);
void refresh(struct entry *e);

/* Negative: the call as divisor, the element's field compared, the
   dividend a parameter; the path where the size is 0 skips the division. */
void load(struct entry *e, size_t count, unsigned int len) {
  for (size_t i = 0; i < count; i++) {
    if (size_of(e[i].fmt) && len / size_of(e[i].fmt) < e[i].n)
      continue;
    unsigned int s = size_of(e[i].fmt) * e[i].n;
    e[i].data = malloc(s);
  }
}

/* Negative: fields of a field through a pointer. */
void *table(struct file *p, unsigned int len) {
  if (p->hdr.size == 0 || p->hdr.count > len / p->hdr.size)
    return NULL;
  return malloc(p->hdr.count * p->hdr.size);
}

/* Negative: a variable compared, a call as divisor. */
void *items(unsigned int n, unsigned short fmt, unsigned int len) {
  if (size_of(fmt) == 0 || n > len / size_of(fmt))
    return NULL;
  return malloc(n * size_of(fmt));
}

/* Negative: two variables and a dividend that is no constant. */
void *area(unsigned int w, unsigned int h, unsigned int len) {
  if (h == 0 || w > len / h)
    return NULL;
  return malloc(w * h);
}

/* Positive: the field is read again after a store to it. */
void *stored_again(struct entry *e, unsigned int len, const unsigned char *p) {
  if (size_of(e->fmt) && len / size_of(e->fmt) < e->n)
    return NULL;
  e->n = read32(p);
  unsigned int s = size_of(e->fmt) * e->n;
  return malloc(s);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 's' can overflow ('size_of(e->fmt) * e->n' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: a call between the guard and the product may store. */
void *called_between(struct entry *e, unsigned int len) {
  if (size_of(e->fmt) && len / size_of(e->fmt) < e->n)
    return NULL;
  refresh(e);
  unsigned int s = size_of(e->fmt) * e->n;
  return malloc(s);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 's' can overflow ('size_of(e->fmt) * e->n' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: another element's count. */
void *other_element(struct entry *e, size_t i, size_t j, unsigned int len) {
  if (size_of(e[i].fmt) && len / size_of(e[i].fmt) < e[i].n)
    return NULL;
  unsigned int s = size_of(e[i].fmt) * e[j].n;
  return malloc(s);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 's' can overflow ('size_of(e[i].fmt) * e[j].n' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: the index moves between the guard and the product. */
void *moved_index(struct entry *e, size_t i, unsigned int len) {
  if (size_of(e[i].fmt) && len / size_of(e[i].fmt) < e[i].n)
    return NULL;
  i++;
  unsigned int s = size_of(e[i].fmt) * e[i].n;
  return malloc(s);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 's' can overflow ('size_of(e[i].fmt) * e[i].n' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: a call with another argument is another value. */
void *other_format(struct entry *e, unsigned short fmt, unsigned int len) {
  if (size_of(fmt) && len / size_of(fmt) < e->n)
    return NULL;
  unsigned int s = size_of(e->fmt) * e->n;
  return malloc(s);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 's' can overflow ('size_of(e->fmt) * e->n' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: a dividend wider than the product bounds nothing it needs. */
void *wide_dividend(struct entry *e, uint64_t len) {
  if (size_of(e->fmt) && len / size_of(e->fmt) < e->n)
    return NULL;
  unsigned int s = size_of(e->fmt) * e->n;
  return malloc(s);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 's' can overflow ('size_of(e->fmt) * e->n' is computed in 'unsigned int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: a signed count may be negative, and passes the test so. */
void *negative_count(struct file *p, unsigned int len) {
  if (p->hdr.size == 0 || (int)(len / p->hdr.size) < p->hdr.signed_count)
    return NULL;
  return malloc(p->hdr.signed_count * p->hdr.size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'p->hdr.signed_count * p->hdr.size' can overflow ('p->hdr.signed_count * p->hdr.size' is computed in 'unsigned int'); use 'calloc(p->hdr.signed_count, p->hdr.size)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(p->hdr.signed_count, p->hdr.size);
}

/* Positive: a reader handed a pointer it writes through gives another
   value at each call; the guard's value is not the product's. */
unsigned int next_word(FILE_LIKE *f);
void *read_twice(FILE_LIKE *f, unsigned int n, unsigned int len) {
  if (next_word(f) == 0 || n > len / next_word(f))
    return NULL;
  return malloc(n * next_word(f));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * next_word(f)' can overflow ('n * next_word(f)' is computed in 'unsigned int'); use 'calloc(n, next_word(f))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, next_word(f));
}

/* Positive: a call with no argument may keep a state of its own. */
unsigned int next_size(void);
void *no_argument(unsigned int n, unsigned int len) {
  if (next_size() == 0 || n > len / next_size())
    return NULL;
  return malloc(n * next_size());
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * next_size()' can overflow ('n * next_size()' is computed in 'unsigned int'); use 'calloc(n, next_size())', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, next_size());
}

/* Positive: with a dividend that is no constant, signed operands are read
   as sizes only where the code shows they are not negative: w = h = -50000
   passes `w > len / h` (len / h is at most 0) and w * h wraps. */
void *signed_area(int w, int h, int len) {
  if (len < 0)
    return NULL;
  if (h == 0 || w > len / h)
    return NULL;
  return malloc(w * h);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'w * h' can overflow ('w * h' is computed in 'int'); use 'calloc(w, h)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(w, h);
}

/* Negative: the same, once both are known not to be negative. */
void *checked_signed_area(int w, int h, int len) {
  if (len < 0 || w < 0 || h < 1)
    return NULL;
  if (w > len / h)
    return NULL;
  return malloc(w * h);
}
