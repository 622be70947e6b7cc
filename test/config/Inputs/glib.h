/* A stand-in for <glib.h>, for test/config/glib.c: the functions the test
 * calls and the ones its fixes introduce, with the parameter lists of GLib
 * 2.74 (glib/gmem.h, glib/gslice.h), and g_new and g_slice_new0 in the two
 * shapes GLib gives them: with __OPTIMIZE__ a statement expression that
 * calls the one-size allocator, otherwise a plain call. */
#ifndef CALLOC_TIDY_TEST_GLIB_H
#define CALLOC_TIDY_TEST_GLIB_H

#include <string.h>

typedef __SIZE_TYPE__ gsize;
typedef void *gpointer;
typedef char gchar;
typedef unsigned int guint;

typedef struct _GString GString;
struct _GString {
  gchar *str;
  gsize len;
  gsize allocated_len;
};
typedef struct _GPtrArray GPtrArray;
struct _GPtrArray {
  gpointer *pdata;
  guint len;
};
#define G_MAXSIZE (~(gsize)0)

gpointer g_malloc(gsize n_bytes);
gpointer g_malloc0(gsize n_bytes);
gpointer g_realloc(gpointer mem, gsize n_bytes);
gpointer g_try_malloc(gsize n_bytes);
gpointer g_malloc_n(gsize n_blocks, gsize n_block_bytes);
gpointer g_malloc0_n(gsize n_blocks, gsize n_block_bytes);
gpointer g_realloc_n(gpointer mem, gsize n_blocks, gsize n_block_bytes);
gpointer g_try_malloc_n(gsize n_blocks, gsize n_block_bytes);
gpointer g_slice_alloc(gsize block_size);
gpointer g_slice_alloc0(gsize block_size);

#ifdef __OPTIMIZE__
/* Skips the overflow-checking call when the count is a constant that fits. */
#define g_new(T, n)                                                            \
  ((T *)__extension__({                                                        \
    gsize count_ = (gsize)(n), each_ = sizeof(T);                              \
    gpointer mem_;                                                             \
    if (each_ == 1)                                                            \
      mem_ = g_malloc(count_);                                                 \
    else if (__builtin_constant_p(count_) &&                                   \
             (each_ == 0 || count_ <= G_MAXSIZE / each_))                      \
      mem_ = g_malloc(count_ * each_);                                         \
    else                                                                       \
      mem_ = g_malloc_n(count_, each_);                                        \
    mem_;                                                                      \
  }))
/* Lets the compiler inline the memset of a constant size. */
#define g_slice_new0(T)                                                        \
  ((T *)__extension__({                                                        \
    gsize each_ = sizeof(T);                                                   \
    gpointer mem_ = g_slice_alloc(each_);                                      \
    memset(mem_, 0, each_);                                                    \
    mem_;                                                                      \
  }))
#else
#define g_new(T, n) ((T *)g_malloc_n((n), sizeof(T)))
#define g_slice_new0(T) ((T *)g_slice_alloc0(sizeof(T)))
#endif

#endif
