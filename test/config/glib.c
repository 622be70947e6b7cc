// config/glib.yaml: products in g_malloc-family sizes become the checked
// g_*_n forms, g_malloc + memset becomes g_malloc0 or g_malloc0_n. The
// build is optimized (-O2), as real ones are: g_new then calls g_malloc with
// a product behind GLib's own overflow test, which counts as a guard, and
// g_slice_new0 is g_slice_alloc + memset, which is left alone.
// RUN: %check_calloc_tidy %any_count -config-file=%config_dir/glib.yaml %s calloc-* %t -- -- -I%S/Inputs -O2

#include <stdlib.h>

#include "glib.h"

struct point {
  double x, y;
};

struct point *points_new(gsize n) {
  struct point *p = g_malloc(n * sizeof(struct point));
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: allocation size 'n * sizeof(struct point)' can overflow; use 'g_malloc_n(n, sizeof(struct point))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: struct point *p = g_malloc_n(n, sizeof(struct point));
  return p;
}

/* g_malloc0 checks nothing either; its array form is g_malloc0_n. */
struct point *points_new0(gsize n) {
  return g_malloc0(n * sizeof(struct point));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct point)' can overflow; use 'g_malloc0_n(n, sizeof(struct point))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return g_malloc0_n(n, sizeof(struct point));
}

struct point *points_try_new(gsize n) {
  return g_try_malloc(sizeof(struct point) * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'sizeof(struct point) * n' can overflow; use 'g_try_malloc_n(n, sizeof(struct point))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return g_try_malloc_n(n, sizeof(struct point));
}

struct point *points_grow(struct point *p, gsize n) {
  return g_realloc(p, n * sizeof(*p));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(*p)' can overflow; use 'g_realloc_n(p, n, sizeof(*p))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return g_realloc_n(p, n, sizeof(*p));
}

/* g_malloc + memset of a product: g_malloc0_n, which zeroes and checks. */
struct point *points_zeroed(gsize n) {
  struct point *p = g_malloc(n * sizeof(struct point));
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:21: warning: memory allocated by 'g_malloc' is zeroed right away by 'memset'; use 'g_malloc0_n(n, sizeof(struct point))', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:21: warning: allocation size 'n * sizeof(struct point)' can overflow; use 'g_malloc_n(n, sizeof(struct point))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: struct point *p = g_malloc0_n(n, sizeof(struct point));
  memset(p, 0, n * sizeof(struct point));
  // CHECK-FIXES-NOT: memset(p, 0, n * sizeof(struct point));
  return p;
}

/* One object: g_malloc0 with the same argument. */
struct point *point_new(void) {
  struct point *p = g_malloc(sizeof *p);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: memory allocated by 'g_malloc' is zeroed right away by 'memset'; use 'g_malloc0(sizeof *p)', which zeroes as it allocates [calloc-malloc-memset]
  // CHECK-FIXES: struct point *p = g_malloc0(sizeof *p);
  memset(p, 0, sizeof *p);
  return p;
}

/* No checked form to switch to: reported, not fixed. reallocarray is not
   offered (not every C library GLib supports has it). */
struct point *points_realloc(struct point *p, size_t n) {
  return realloc(p, n * sizeof(*p));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(*p)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return realloc(p, n * sizeof(*p));
}

struct point *points_slice(gsize n) {
  return g_slice_alloc(n * sizeof(struct point));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct point)' can overflow and nothing checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return g_slice_alloc(n * sizeof(struct point));
}

/* GLib's own macros, in an optimized build: nothing to report. */
struct point *points_g_new(gsize n) {
  return g_new(struct point, n);
}

struct point *point_slice_new0(void) {
  return g_slice_new0(struct point);
}

/* Guarded: nothing to report. */
struct point *points_guarded(gsize n) {
  if (n > G_MAXSIZE / sizeof(struct point))
    return NULL;
  return g_malloc(n * sizeof(struct point));
}

/* Lengths: a GString's length counts the bytes of its text. */
gchar *escaped_copy(const GString *s) {
  return g_malloc(s->len * 2 + 1);
}

gpointer *ptr_array_copy(const GPtrArray *a) {
  return g_malloc(a->len * sizeof(gpointer));
}

unsigned *code_points(const GString *s) {
  return g_malloc(s->len * sizeof(unsigned));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 's->len * sizeof(unsigned)' can overflow; use 'g_malloc_n(s->len, sizeof(unsigned))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return g_malloc_n(s->len, sizeof(unsigned));
}
