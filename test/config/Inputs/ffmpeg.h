/* A stand-in for FFmpeg's libavutil/mem.h, for test/config/ffmpeg.c: the
 * allocation functions with the parameter lists of FFmpeg 5.1. */
#ifndef CALLOC_TIDY_TEST_FFMPEG_H
#define CALLOC_TIDY_TEST_FFMPEG_H

#include <errno.h>
#include <stdint.h>
#include <string.h>

#define AVERROR(e) (-(e))

void *av_malloc(size_t size);
void *av_mallocz(size_t size);
void *av_malloc_array(size_t nmemb, size_t size);
void *av_calloc(size_t nmemb, size_t size);
void *av_realloc(void *ptr, size_t size);
void *av_realloc_array(void *ptr, size_t nmemb, size_t size);
int av_reallocp(void *ptr, size_t size);
int av_reallocp_array(void *ptr, size_t nmemb, size_t size);
void av_fast_malloc(void *ptr, unsigned int *size, size_t min_size);

#endif
