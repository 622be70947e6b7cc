// A field the file only copies other fields into, each with limits the
// file states (stated-limits.c), keeps the loosest of them: a header
// parser tests the value it read in a structure of its own and copies it
// on (`if (fmt.channels > 256) fail; psf->channels = fmt.channels;`, as
// libsndfile's PAF reader after CVE-2011-2696). A signed copy needs a
// minimum too, and a field written anything else, or copied from a place
// the file does not limit, keeps none.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct format {
  int channels, width, frames;
  uint32_t rows;
};
struct info {
  int channels, width, frames, frames_read;
  uint32_t rows, rows_read;
};

int read_format(struct format *f, const unsigned char *p);

int parse(struct info *info, const unsigned char *p) {
  struct format fmt;
  if (read_format(&fmt, p))
    return -1;
  if (fmt.channels < 1 || fmt.channels > 256)
    return -1;
  if (fmt.width > 4096)
    return -1;
  if (fmt.rows > 65536)
    return -1;
  info->channels = fmt.channels;
  info->width = fmt.width;
  info->rows = fmt.rows;
  info->frames = fmt.frames;
  info->rows_read = fmt.rows;
  info->rows_read++;
  return 0;
}

/* Negative: the copy keeps 1..256, and 256 * 4096 fits an int. */
int *block(const struct info *info) {
  int size = info->channels * 4096;
  return malloc(size);
}

/* Positive: a signed copy with no minimum can be very negative. */
int *line(const struct info *info) {
  int size = info->width * 1024;
  return malloc(size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'size' can overflow ('info->width * 1024' is computed in 'int'); use 'calloc(info->width, 1024)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(info->width, 1024);
}

/* Positive: copied from a field the file does not limit. */
int *frames(const struct info *info) {
  int size = info->frames * 16;
  return malloc(size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'size' can overflow ('info->frames * 16' is computed in 'int'); use 'calloc(info->frames, 16)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(info->frames, 16);
}

/* Negative: an unsigned copy needs no minimum; 65536 * 4096 < 2^32. */
uint8_t *rows(const struct info *info) {
  uint32_t size = info->rows * 4096u;
  return malloc(size);
}

/* Positive: a copy the file also steps up passes the limit. */
uint8_t *rows_read(const struct info *info) {
  uint32_t size = info->rows_read * 4096u;
  return malloc(size);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'size' can overflow ('info->rows_read * 4096u' is computed in 'unsigned int'); use 'calloc(info->rows_read, 4096u)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(info->rows_read, 4096u);
}
