// config/ffmpeg.yaml: products in av_malloc-family sizes become
// av_malloc_array, av_calloc, av_realloc_array and av_reallocp_array;
// av_malloc + memset becomes av_mallocz or av_calloc.
// RUN: %check_calloc_tidy %any_count -config-file=%config_dir/ffmpeg.yaml %s calloc-* %t -- -- -I%S/Inputs

#include "ffmpeg.h"

typedef struct MotionVector {
  int16_t x, y;
  uint32_t ref;
} MotionVector;

MotionVector *mv_table_alloc(size_t mb_count) {
  MotionVector *mv = av_malloc(mb_count * sizeof(*mv));
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: allocation size 'mb_count * sizeof(*mv)' can overflow; use 'av_malloc_array(mb_count, sizeof(*mv))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: MotionVector *mv = av_malloc_array(mb_count, sizeof(*mv));
  return mv;
}

/* av_mallocz checks nothing; its array form is av_calloc. */
int16_t *coeffs_alloc(size_t blocks) {
  return av_mallocz(blocks * 64 * sizeof(int16_t));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'blocks * 64 * sizeof(int16_t)' can overflow; use 'av_calloc(blocks, 64 * sizeof(int16_t))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return av_calloc(blocks, 64 * sizeof(int16_t));
}

MotionVector *mv_table_grow(MotionVector *mv, size_t mb_count) {
  return av_realloc(mv, mb_count * sizeof(*mv));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'mb_count * sizeof(*mv)' can overflow; use 'av_realloc_array(mv, mb_count, sizeof(*mv))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return av_realloc_array(mv, mb_count, sizeof(*mv));
}

int offsets_grow(uint32_t **offsets, size_t count) {
  return av_reallocp(offsets, count * sizeof(**offsets));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'count * sizeof(**offsets)' can overflow; use 'av_reallocp_array(offsets, count, sizeof(**offsets))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return av_reallocp_array(offsets, count, sizeof(**offsets));
}

/* av_malloc + memset: av_calloc for a product, av_mallocz for one object. */
MotionVector *mv_table_cleared(size_t mb_count) {
  MotionVector *mv = av_malloc(mb_count * sizeof(*mv));
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: memory allocated by 'av_malloc' is zeroed right away by 'memset'; use 'av_calloc(mb_count, sizeof(*mv))', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: warning: allocation size 'mb_count * sizeof(*mv)' can overflow; use 'av_malloc_array(mb_count, sizeof(*mv))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: MotionVector *mv = av_calloc(mb_count, sizeof(*mv));
  if (!mv)
    return NULL;
  memset(mv, 0, mb_count * sizeof(*mv));
  // CHECK-FIXES-NOT: memset(mv, 0, mb_count * sizeof(*mv));
  return mv;
}

MotionVector *mv_new(void) {
  MotionVector *mv = av_malloc(sizeof(MotionVector));
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: memory allocated by 'av_malloc' is zeroed right away by 'memset'; use 'av_mallocz(sizeof(MotionVector))', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-FIXES: MotionVector *mv = av_mallocz(sizeof(MotionVector));
  if (!mv)
    return NULL;
  memset(mv, 0, sizeof(MotionVector));
  return mv;
}

/* No checked form of av_fast_malloc: reported, not fixed. */
void bitstream_buffer(uint8_t **buf, unsigned int *buf_size, size_t slices, size_t slice_size) {
  av_fast_malloc(buf, buf_size, slices * slice_size);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: allocation size 'slices * slice_size' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: av_fast_malloc(buf, buf_size, slices * slice_size);
}

/* FFmpeg's own checks: nothing to report. */
MotionVector *mv_table_checked(int mb_count) {
  if (mb_count < 0 || mb_count > INT32_MAX / (int)sizeof(MotionVector))
    return NULL;
  return av_malloc(mb_count * sizeof(MotionVector));
}

MotionVector *mv_table_array(size_t mb_count) {
  return av_malloc_array(mb_count, sizeof(MotionVector));
}
