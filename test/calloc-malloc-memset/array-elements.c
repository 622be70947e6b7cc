// The pointer stored in an element of an array (a field's, or the one a
// pointer points to), at an index that is one variable or a literal:
// `d->out[ch] = malloc(n); if (!d->out[ch]) fail; memset(d->out[ch], 0, n);`
// (faad2's per-channel buffers). The zeroing names the same element only
// while the index keeps its value; nothing in between may change it, nor
// store another element of the same array.
// RUN: %check_calloc_tidy %s calloc-malloc-memset %t

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct decoder {
  float *out[8];
  int channels;
};

int current;
void log_step(void);

int alloc_channel(struct decoder *d, int ch, size_t len) {
  d->out[ch] = malloc(len * sizeof(float));
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(len, sizeof(float))', which can skip zeroing fresh pages [calloc-malloc-memset]
  // CHECK-FIXES: d->out[ch] = calloc(len, sizeof(float));
  if (d->out[ch] == NULL)
    return -1;
  memset(d->out[ch], 0, len * sizeof(float));
  // CHECK-FIXES-NOT: memset(d->out[ch]
  return 0;
}

int alloc_first(struct decoder *d, size_t len) {
  d->out[0] = malloc(len);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, len)', which can skip zeroing fresh pages [calloc-malloc-memset]
  // CHECK-FIXES: d->out[0] = calloc(1, len);
  if (!d->out[0])
    return -1;
  memset(d->out[0], 0, len);
  return 0;
}

void alloc_rows(float **rows, int n, size_t len) {
  for (int i = 0; i < n; i++) {
    rows[i] = malloc(len);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, len)', which can skip zeroing fresh pages [calloc-malloc-memset]
    // CHECK-FIXES: rows[i] = calloc(1, len);
    if (!rows[i])
      return;
    memset(rows[i], 0, len);
  }
}

/* Negative: the index changes in between. */
int index_moves(struct decoder *d, int ch, size_t len) {
  d->out[ch] = malloc(len);
  if (d->out[ch] == NULL)
    return -1;
  ch++;
  memset(d->out[ch], 0, len);
  return 0;
}

/* Negative: another index, or another literal. */
int other_index(struct decoder *d, int ch, int k, size_t len) {
  d->out[ch] = malloc(len);
  if (d->out[ch] == NULL)
    return -1;
  memset(d->out[k], 0, len);
  return 0;
}

int other_literal(struct decoder *d, size_t len) {
  d->out[0] = malloc(len);
  if (d->out[0] == NULL)
    return -1;
  memset(d->out[1], 0, len);
  return 0;
}

/* Negative: a global index, and a call in between that may change it. */
int global_index(struct decoder *d, size_t len) {
  d->out[current] = malloc(len);
  if (d->out[current] == NULL)
    return -1;
  log_step();
  memset(d->out[current], 0, len);
  return 0;
}

/* Negative: another element of the same array is stored in between. */
void row_overwritten(float **rows, int i, int j, size_t len) {
  rows[i] = malloc(len);
  if (!rows[i])
    return;
  rows[j] = NULL;
  memset(rows[i], 0, len);
}

/* Negative: an index with a side effect names a new element each time. */
void index_with_effect(float **rows, int i, size_t len) {
  rows[i++] = malloc(len);
  memset(rows[i++], 0, len);
}
