// An allocation spelled by a macro that a system header defines is reported
// where the user's file expands it (clang-tidy drops a warning placed
// inside a system header), and is fixed only where every edit lies in the
// user's file: a macro that a system header defines is no code of theirs.
// RUN: %check_calloc_tidy %s calloc-unchecked-multiplication %t -- -- -isystem %S/Inputs/system

#include <codec/alloc.h>
#include <stddef.h>

/* Positive: the macro names malloc; no macro names calloc that way. */
short *samples(int channels, int frames) {
  return codec_malloc(channels * frames * sizeof(short));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'channels * frames * sizeof(short)' can overflow ('channels * frames' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: realloc through the macro. */
float *grown(float *p, int bands, int bins) {
  return codec_realloc(p, bands * bins * sizeof(float));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'bands * bins * sizeof(float)' can overflow ('bands * bins' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Positive: the whole allocation is in the macro's body, the product in
   its argument: reported at the macro's use, with no fix. */
double *window(int blocks) {
  return CODEC_ARRAY(blocks * 2, double);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size '(blocks * 2) * sizeof(double)' can overflow ('blocks * 2' is computed in 'int') and nothing checks the multiplication [calloc-unchecked-multiplication]
}

/* Negative: the same macros with sizes that cannot wrap. */
double *fixed_window(void) { return CODEC_ARRAY(64, double); }
short *few_samples(unsigned char channels) {
  return codec_malloc(channels * sizeof(short));
}
