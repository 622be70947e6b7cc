// A product the function stores in a field and then allocates from that
// field (`bitmap->length = w * h * bpp; malloc(bitmap->length)`, FreeRDP's
// CVE-2018-8787) is followed like a product kept in a local: its one
// definition reaching the allocation, judged with the facts where it is
// computed. No fix: the field is read elsewhere as the size it holds, so
// the product is to be checked where it is stored.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct bitmap {
  uint32_t length;
  void *data;
};

struct planes {
  uint32_t max_plane;
  uint8_t *plane;
};

void refresh(struct bitmap *b);

/* Positive: a 32-bit product in a field, then the allocation. */
int decompress(struct bitmap *bitmap, uint32_t w, uint32_t h, uint32_t bpp) {
  bitmap->length = w * h * bpp;
  bitmap->data = malloc(bitmap->length);
  // CHECK-NOTES: :[[@LINE-1]]:18: warning: allocation size 'bitmap->length' can overflow ('w * h' is computed in 'uint32_t') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:26: note: 'bitmap->length' is computed here as 'w * h * bpp'
  // CHECK-NOTES: :[[@LINE-5]]:5: note: 'w' and 'h' are parameters of 'decompress', which code outside this file may call with any values
  // CHECK-NOTES: :[[@LINE-4]]:18: note: no fix: the size is kept in the field 'length'; check the product where it is stored
  return bitmap->data != NULL;
}

/* Positive: the same as the count of calloc (FreeRDP's CVE-2024-22211). */
int reset(struct planes *p, uint32_t width, uint32_t height) {
  p->max_plane = width * height;
  p->plane = calloc(p->max_plane, 4);
  // CHECK-NOTES: :[[@LINE-1]]:14: warning: count 'p->max_plane' of 'calloc' can overflow ('width * height' is computed in 'uint32_t') before 'calloc' checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:24: note: 'p->max_plane' is computed here as 'width * height'
  // CHECK-NOTES: :[[@LINE-5]]:5: note: 'width' and 'height' are parameters of 'reset', which code outside this file may call with any values
  // CHECK-NOTES: :[[@LINE-4]]:14: note: no fix: 'calloc' checks the multiplication of its two arguments, not one inside an argument; check 'width * height' before the call (with __builtin_mul_overflow, or a limit on a factor)
  return p->plane ? 0 : -1;
}

/* Negative: a product that fits its type. */
int small(struct bitmap *b, uint16_t w, uint16_t h) {
  b->length = (uint32_t)w * h;
  b->data = malloc(b->length);
  return 0;
}

/* Negative: guarded before the product is stored. */
int guarded(struct bitmap *b, uint32_t w, uint32_t h) {
  if (w > 4096 || h > 4096)
    return -1;
  b->length = w * h * 4;
  b->data = malloc(b->length);
  return 0;
}

/* Negative: the object goes to a function that may store anything in the
   field between the product and the allocation: nothing to follow. */
int refreshed(struct bitmap *b, uint32_t w, uint32_t h) {
  b->length = w * h;
  refresh(b);
  b->data = malloc(b->length);
  return 0;
}

/* Positive: a narrow field holding an int product, read as a factor of
   the size (the shape of libvorbis's pcm_storage): the int product wraps
   before the size widens it. */
struct pcm {
  int storage, current;
  float *samples;
};

void grow_samples(struct pcm *v, int vals) {
  v->storage = v->current + vals * 2;
  v->samples = realloc(v->samples, v->storage * sizeof(float));
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: allocation size 'v->storage * sizeof(float)' can overflow ('vals * 2' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-NOTES: :[[@LINE-3]]:27: note: 'v->storage' is computed here as 'v->current + vals * 2'
  // CHECK-NOTES: :[[@LINE-4]]:34: note: 'vals * 2' is the product that can overflow
  // CHECK-NOTES: :[[@LINE-4]]:16: note: no fix: 'vals * 2' is computed in 'int' and only then widened; convert an operand to 'size_t' first
}
