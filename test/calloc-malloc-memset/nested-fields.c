// Two shapes of real pairs: the pointer stored in a field of a structure
// inside another (`w->dsd.lookup = malloc(w->dsd.bins * 4)`, wavpack's DSD
// tables), whose store does not change a sibling field the size reads; and
// a size read from an array element at one index (`malloc(sizes[i])`,
// libxmp's samples), the same while neither the index nor the array
// changes.
// RUN: %check_calloc_tidy %s calloc-malloc-memset %t

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct dsd {
  int *lookup;
  int bins;
  union {
    int *raw;
    size_t raw_len;
  } u;
};
struct stream {
  struct dsd dsd;
  struct dsd more[2];
  size_t block;
};

/* Positive: the pointer in an inner field, the size in its sibling. */
int nested_sibling(struct stream *w) {
  w->dsd.lookup = malloc(sizeof(*w->dsd.lookup) * w->dsd.bins);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(w->dsd.bins, sizeof(*w->dsd.lookup))', which can skip zeroing fresh pages [calloc-malloc-memset]
  // CHECK-FIXES: w->dsd.lookup = calloc(w->dsd.bins, sizeof(*w->dsd.lookup));
  if (!w->dsd.lookup)
    return -1;
  memset(w->dsd.lookup, 0, sizeof(*w->dsd.lookup) * w->dsd.bins);
  // CHECK-FIXES-NOT: memset(w->dsd.lookup
  return 0;
}

/* Positive: an element of an array of structures, a sibling field. */
int element_sibling(struct stream *w) {
  w->more[1].lookup = malloc(w->more[1].bins);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, w->more[1].bins)', which can skip zeroing fresh pages [calloc-malloc-memset]
  // CHECK-FIXES: w->more[1].lookup = calloc(1, w->more[1].bins);
  if (!w->more[1].lookup)
    return -1;
  memset(w->more[1].lookup, 0, w->more[1].bins);
  return 0;
}

/* Negative: the pointer and the size share a union: storing the pointer
   changes the size. */
int in_union(struct stream *w) {
  w->dsd.u.raw = malloc(w->dsd.u.raw_len);
  if (!w->dsd.u.raw)
    return -1;
  memset(w->dsd.u.raw, 0, w->dsd.u.raw_len);
  return 0;
}

/* Negative: the whole inner structure is stored in between. */
int inner_replaced(struct stream *w, struct dsd fresh) {
  w->dsd.lookup = malloc(w->dsd.bins);
  if (!w->dsd.lookup)
    return -1;
  w->more[0] = fresh;
  w->dsd = fresh;
  memset(w->dsd.lookup, 0, w->dsd.bins);
  return 0;
}

size_t sample_sizes[64];
void note(void);

/* Positive: the size is one element, at an index that keeps its value. */
char *sample(int i) {
  char *p = malloc(sample_sizes[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, sample_sizes[i])', which can skip zeroing fresh pages [calloc-malloc-memset]
  // CHECK-FIXES: char *p = calloc(1, sample_sizes[i]);
  if (p == NULL)
    return NULL;
  memset(p, 0, sample_sizes[i]);
  return p;
}

/* Negative: the index moves in between. */
char *sample_moved(int i) {
  char *p = malloc(sample_sizes[i]);
  if (p == NULL)
    return NULL;
  i++;
  memset(p, 0, sample_sizes[i]);
  return p;
}

/* Negative: another element of the array is stored in between. */
char *sample_stored(int i, int j) {
  char *p = malloc(sample_sizes[i]);
  if (p == NULL)
    return NULL;
  sample_sizes[j] = 0;
  memset(p, 0, sample_sizes[i]);
  return p;
}

/* Negative: two indexes. */
char *sample_other(int i, int j) {
  char *p = malloc(sample_sizes[i]);
  if (p == NULL)
    return NULL;
  memset(p, 0, sample_sizes[j]);
  return p;
}

/* Negative: a call in between may store to the global array. */
char *sample_call(int i) {
  char *p = malloc(sample_sizes[i]);
  if (p == NULL)
    return NULL;
  note();
  memset(p, 0, sample_sizes[i]);
  return p;
}
