// How the zeroing statement leaves: its line when it stood alone (with its
// trailing comment), no blank line doubled or left against a brace, other
// code on the line kept, the whole `if` when the zeroing was all it did.
// RUN: %check_calloc_tidy -std=c99 %s calloc-malloc-memset %t

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct stats {
  long hits, misses;
};

// CHECK-MESSAGES: :[[@LINE+2]]:21: warning: memory allocated by 'malloc'
struct stats *stats_new(void) {
  struct stats *s = malloc(sizeof *s);
  if (!s)
    return NULL;
  memset(s, 0, sizeof *s); /* all counters start at zero */
  return s;
}
// CHECK-FIXES: struct stats *s = calloc(1, sizeof *s);
// CHECK-FIXES-NEXT: if (!s)
// CHECK-FIXES-NEXT: return NULL;
// CHECK-FIXES-NEXT: return s;
// CHECK-FIXES-NEXT: }

// CHECK-MESSAGES: :[[@LINE+2]]:13: warning: memory allocated by 'malloc'
char *between_blank_lines(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;

  memset(b, 0, n); // clear

  return b;
}
// CHECK-FIXES: char *b = calloc(1, n);
// CHECK-FIXES-NEXT: if (!b)
// CHECK-FIXES-NEXT: return NULL;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: return b;
// CHECK-FIXES-NEXT: }

// CHECK-MESSAGES: :[[@LINE+2]]:11: warning: memory allocated by 'malloc'
void fill_slot(char **slot, size_t n) {
  *slot = malloc(n);

  memset(*slot, 0, n);
}
// CHECK-FIXES: *slot = calloc(1, n);
// CHECK-FIXES-NEXT: }

// CHECK-MESSAGES: :[[@LINE+2]]:13: warning: memory allocated by 'malloc'
char *first_in_block(size_t n) {
  char *b = malloc(n);
  if (b != NULL) {
    memset(b, 0, n);

    b[0] = '>';
  }
  return b;
}
// CHECK-FIXES: char *b = calloc(1, n);
// CHECK-FIXES-NEXT: if (b != NULL) {
// CHECK-FIXES-NEXT: b[0] = '>';
// CHECK-FIXES-NEXT: }

// CHECK-MESSAGES: :[[@LINE+2]]:13: warning: memory allocated by 'malloc'
char *code_after_on_line(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;
  memset(b, 0, n); b[0] = '>';
  return b;
}
// CHECK-FIXES: return NULL;
// CHECK-FIXES-NEXT: {{^  }}b[0] = '>';
// CHECK-FIXES-NEXT: return b;

// CHECK-MESSAGES: :[[@LINE+2]]:13: warning: memory allocated by 'malloc'
char *code_before_on_line(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;
  size_t used = 0; memset(b, 0, n);
  return used ? NULL : b;
}
// CHECK-FIXES: return NULL;
// CHECK-FIXES-NEXT: size_t used = 0;
// CHECK-FIXES-NEXT: return used ? NULL : b;

// CHECK-MESSAGES: :[[@LINE+2]]:23: warning: memory allocated by 'malloc'
struct stats *spread_over_lines(size_t n) {
  struct stats *all = malloc(n *
                             sizeof(struct stats));
  if (!all)
    return NULL;
  memset(all,
         0,
         n * sizeof(struct stats));
  return all;
}
// CHECK-FIXES: struct stats *all = calloc(n, sizeof(struct stats));
// CHECK-FIXES-NEXT: if (!all)
// CHECK-FIXES-NEXT: return NULL;
// CHECK-FIXES-NEXT: return all;

// CHECK-MESSAGES: :[[@LINE+2]]:13: warning: memory allocated by 'malloc'
char *guard_with_braces(size_t n) {
  char *b = malloc(n);
  if (b) {
    memset(b, 0, n);
  }

  return b;
}
// CHECK-FIXES: char *b = calloc(1, n);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: return b;

// CHECK-MESSAGES: :[[@LINE+3]]:17: warning: memory allocated by 'malloc'
long *inside_loop(size_t rows, size_t n) {
  for (size_t r = 0; r < rows; r++) {
    long *row = malloc(n * sizeof(long));
    if (!row)
      return NULL;
    memset(row, 0, n * sizeof(long));
    free(row);
  }
  return NULL;
}
// CHECK-FIXES: long *row = calloc(n, sizeof(long));
// CHECK-FIXES-NEXT: if (!row)
// CHECK-FIXES-NEXT: return NULL;
// CHECK-FIXES-NEXT: free(row);

/* A comment in front of the zeroing (a lint annotation) goes with it. */
// CHECK-MESSAGES: :[[@LINE+2]]:37: warning: memory allocated by 'malloc'
struct stats *annotated(void) {
  struct stats *s = (struct stats *)malloc(sizeof(struct stats));
  if (s == NULL)
    return NULL;
  /*@i1@*/ memset(s, '\0', sizeof(struct stats));
  s->hits = 1;
  return s;
}
// CHECK-FIXES: struct stats *s = (struct stats *)calloc(1, sizeof(struct stats));
// CHECK-FIXES-NEXT: if (s == NULL)
// CHECK-FIXES-NEXT: return NULL;
// CHECK-FIXES-NEXT: s->hits = 1;

/* The same with code after it on the line: the comment goes, the code
   stays at the indentation. */
// CHECK-MESSAGES: :[[@LINE+2]]:13: warning: memory allocated by 'malloc'
char *annotated_then_code(size_t n) {
  char *b = malloc(n);
  /* zeroed */ memset(b, 0, n); b[0] = '>';
  return b;
}
// CHECK-FIXES: char *b = calloc(1, n);
// CHECK-FIXES-NEXT: {{^  }}b[0] = '>';
// CHECK-FIXES-NEXT: return b;

/* A comment on the line above the zeroing stays: it may speak for the code
   around it, which stays too. Blank lines around it are left as they were. */
// CHECK-MESSAGES: :[[@LINE+2]]:13: warning: memory allocated by 'malloc'
char *comment_above(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;
  /* Start from a clean buffer. */
  memset(b, 0, n);
  return b;
}
// CHECK-FIXES: char *b = calloc(1, n);
// CHECK-FIXES-NEXT: if (!b)
// CHECK-FIXES-NEXT: return NULL;
// CHECK-FIXES-NEXT: /* Start from a clean buffer. */
// CHECK-FIXES-NEXT: return b;

// CHECK-MESSAGES: :[[@LINE+2]]:13: warning: memory allocated by 'malloc'
char *comment_block_above(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;

  /*
   * The parser expects zeroed memory.
   */
  memset(b, 0, n);

  return b;
}
// CHECK-FIXES: return NULL;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: /*
// CHECK-FIXES-NEXT: * The parser expects zeroed memory.
// CHECK-FIXES-NEXT: */
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: return b;

/* Every comment that ends the zeroing's line goes with it, and so do the
   lines that continue a trailing // comment in its column; a comment in
   another column is the next code's. */
// CHECK-MESSAGES: :[[@LINE+2]]:13: warning: memory allocated by 'malloc'
char *trailing_comments(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;
  memset(b, 0, n); /* clear */ /* all of it */
  return b;
}
// CHECK-FIXES: return NULL;
// CHECK-FIXES-NEXT: return b;

// CHECK-MESSAGES: :[[@LINE+2]]:13: warning: memory allocated by 'malloc'
char *trailing_mixed_comments(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;
  memset(b, 0, n); /* clear */ // all of it
  return b;
}
// CHECK-FIXES: return NULL;
// CHECK-FIXES-NEXT: return b;

// CHECK-MESSAGES: :[[@LINE+2]]:13: warning: memory allocated by 'malloc'
char *continued_comment(size_t n) {
  char *b = malloc(n);
  if (!b)
    return NULL;
  memset(b, 0, n); // the parser relies on
                   // zeroed memory
  // The header comes first.
  b[0] = '>';
  return b;
}
// CHECK-FIXES: return NULL;
// CHECK-FIXES-NEXT: // The header comes first.
// CHECK-FIXES-NEXT: b[0] = '>';

/* A comment after the opening brace does not keep a blank line there. */
// CHECK-MESSAGES: :[[@LINE+2]]:13: warning: memory allocated by 'malloc'
char *brace_with_comment(size_t n) {
  char *b = malloc(n);
  if (b) { // only when allocated
    memset(b, 0, n);

    b[0] = '>';
  }
  return b;
}
// CHECK-FIXES: char *b = calloc(1, n);
// CHECK-FIXES-NEXT: if (b) { // only when allocated
// CHECK-FIXES-NEXT: b[0] = '>';
// CHECK-FIXES-NEXT: }
