// A store inside one field of the object a pointer points to (an element
// of an array field, a member of a struct field) changes that field only:
// a guard on another field of the same object still holds after it
// (sox's gsm.c stores handles between the guard on the channel count and
// the allocation). A store through another pointer, which may point to
// the same object, forgets the guard, unless the aliasing rules keep its
// type apart from the guarded field's: a pointer stored through another
// pointer leaves an integer alone (libvorbis's vorbis_analysis_buffer
// reallocates v->pcm[i] in a loop over the int v->pcm_storage). A field given a value in the function
// is bounded by the guards on that value.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdlib.h>

struct codec {
  size_t channels, streams;
  void *handle[16];
  struct { unsigned long len; } hdr;
  struct codec *next;
  union { size_t count; float gain; } u;
};

/* Negative: a store to another field's element, then to a member of a
   struct field. */
short *frames(struct codec *p, size_t block) {
  if (p->channels > 16 || block > 4096)
    return NULL;
  p->handle[3] = NULL;
  p->hdr.len = 0;
  return malloc(p->channels * block * sizeof(short));
}

/* Positive: an integer stored through another pointer may reach p's own
   streams. (The limit is the caller's, not a constant: a field the file
   tests against a constant, as frames() does p->channels, is taken to keep
   that limit wherever it is read: stated-limits.c.) */
short *frames_chained(struct codec *p, size_t block, unsigned char most) {
  if (p->streams > most || block > 4096)
    return NULL;
  p->next->hdr.len = 0;
  return malloc(p->streams * block * sizeof(short));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'p->streams * block * sizeof(short)' can overflow; use 'calloc(p->streams, block * sizeof(short))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(p->streams, block * sizeof(short));
}

/* Negative: a pointer stored through another pointer cannot change the
   size_t the guard bounds. */
short *frames_chained_pointer(struct codec *p, size_t block,
                              unsigned char most) {
  if (p->streams > most || block > 4096)
    return NULL;
  p->next->handle[3] = NULL;
  return malloc(p->streams * block * sizeof(short));
}

/* Positive: the guard's bound is kept across pointer stores through the
   object's own pointer field in a loop, so the narrow product the field
   holds is still the one judged (libvorbis's vorbis_analysis_buffer). */
struct dsp {
  int channels;
  float **pcm;
  int pcm_storage;
  int pcm_current;
  int *marks;
};

float **analysis_buffer(struct dsp *v, int vals) {
  if (v->pcm_current + vals >= v->pcm_storage) {
    v->pcm_storage = v->pcm_current + vals * 2;
    for (int i = 0; i < v->channels; i++)
      v->pcm[i] = realloc(v->pcm[i], v->pcm_storage * sizeof(*v->pcm[i]));
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: allocation size 'v->pcm_storage * sizeof(*v->pcm[i])' can overflow ('vals * 2' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
  }
  return v->pcm;
}

/* Negative: the same with an int stored through the object's pointer
   field: the store may change pcm_storage, whose product is then not
   known, and an int times a size fits in size_t. */
float **analysis_buffer_ints(struct dsp *v, int vals) {
  if (v->pcm_current + vals >= v->pcm_storage) {
    v->pcm_storage = v->pcm_current + vals * 2;
    for (int i = 0; i < v->channels; i++) {
      v->pcm[i] = realloc(v->pcm[i], v->pcm_storage * sizeof(*v->pcm[i]));
      v->marks[i] = 1;
    }
  }
  return v->pcm;
}

/* Positive: a store to the union that holds the guarded count. */
short *frames_union(struct codec *p, size_t block, unsigned char most) {
  if (p->u.count > most || block > 4096)
    return NULL;
  p->u.gain = 2.0f;
  return malloc(p->u.count * block * sizeof(short));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'p->u.count * block * sizeof(short)' can overflow; use 'calloc(p->u.count, block * sizeof(short))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(p->u.count, block * sizeof(short));
}

/* A field given a guarded value in the function: the guard on the value
   bounds the field (wavpack's DSD tables: a width byte rejected above 5,
   then 1 shifted by it stored as the bin count). */
struct dsd {
  int bins;
  unsigned char *lookup;
};

/* Negative: the width is tested before the field is computed from it. */
int tables(struct dsd *d, const unsigned char *p) {
  int width = *p;
  if (width > 5)
    return -1;
  d->bins = 1 << width;
  d->lookup = malloc(d->bins * 1280);
  return d->lookup ? 0 : -1;
}

/* Positive: the test is of another value than the one stored. */
int tables_other(struct dsd *d, const unsigned char *p) {
  int width = *p, shift = p[1];
  if (width > 5)
    return -1;
  d->bins = 1 << shift;
  d->lookup = malloc(d->bins * 1280);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: allocation size 'd->bins * 1280' can overflow ('d->bins * 1280' is computed in 'int'); use 'calloc(d->bins, 1280)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: d->lookup = calloc(d->bins, 1280);
  return d->lookup ? 0 : -1;
}

/* Positive: the field is stored again, unguarded, before the allocation. */
int tables_restored(struct dsd *d, const unsigned char *p) {
  int width = *p;
  if (width > 5)
    return -1;
  d->bins = 1 << width;
  d->bins = p[2] << 16;
  d->lookup = malloc(d->bins * 1280);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: allocation size 'd->bins * 1280' can overflow ('d->bins * 1280' is computed in 'int'); use 'calloc(d->bins, 1280)', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: d->lookup = calloc(d->bins, 1280);
  return d->lookup ? 0 : -1;
}
