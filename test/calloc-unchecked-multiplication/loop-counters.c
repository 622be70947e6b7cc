// A counter that a bounded loop steps up at most once per pass is at most
// the number of passes: nginx's resolver counts the answers of a DNS reply
// (`for (a = 0; a < nan; a++) { ... naddrs++; }` with a 16-bit nan), so
// `naddrs * sizeof(T)` cannot wrap. Counters the loop may step up more, or
// that other code may change, keep their whole range.
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct answer {
  unsigned char type;
  unsigned char data[16];
};

struct addr {
  unsigned char bytes[16];
};

/* At most 65535 passes, one step each: at most 65535 addresses. */
struct addr *collect(const struct answer *an, uint16_t nan) {
  size_t naddrs = 0;
  for (size_t a = 0; a < nan; a++) {
    if (an[a].type == 1)
      naddrs++;
    else if (an[a].type == 28)
      naddrs++;
  }
  return malloc(naddrs * sizeof(struct addr));
}

/* An int limit: at most 2^31 passes, times a small size fits 64 bits. */
char **prefixes(char **argv, int argc) {
  unsigned long count = 0;
  int j;
  for (j = 2; j < argc; j++)
    if (argv[j][0] == '-')
      count += 1;
  return malloc(count * sizeof(char *));
}

/* A size_t limit bounds nothing. */
struct addr *collect_wide(const struct answer *an, size_t nan) {
  size_t naddrs = 0;
  for (size_t a = 0; a < nan; a++)
    if (an[a].type == 1)
      naddrs++;
  return malloc(naddrs * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'naddrs * sizeof(struct addr)' can overflow; use 'calloc(naddrs, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(naddrs, sizeof(struct addr));
}

/* Stepped up in a nested loop whose passes nothing bounds. */
struct addr *nested(uint16_t nan, size_t per) {
  size_t n = 0;
  for (size_t a = 0; a < nan; a++)
    for (size_t k = 0; k < per; k++)
      n++;
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

/* The loop variable is also moved in the body: the passes are not
   bounded. */
struct addr *moved(const struct answer *an, uint16_t nan) {
  size_t n = 0;
  for (size_t a = 0; a < nan; a++) {
    n++;
    if (an[a].type == 0)
      a = 0;
  }
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

void note_count(size_t *count);

/* The counter's address escapes: a call may change it. */
struct addr *escaped(uint16_t nan) {
  size_t n = 0;
  for (size_t a = 0; a < nan; a++)
    n++;
  note_count(&n);
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

/* A while loop: its passes are not counted. */
struct addr *until_end(const struct answer *an) {
  size_t n = 0;
  while (an[n].type != 0)
    n++;
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

/* The induction variable is narrower than the limit: it wraps and the loop
   never ends, so the counter is not bounded. */
struct addr *narrow_index(const struct answer *an, uint16_t nan) {
  size_t n = 0;
  for (uint8_t a = 0; a < nan; a++)
    if (an[a].type == 1)
      n++;
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

/* Set to a computed value: not a counter. */
struct addr *computed(uint16_t nan, size_t base) {
  size_t n = base;
  for (size_t a = 0; a < nan; a++)
    n++;
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

/* Gotos that jump forward, within the loop or out of the function's work,
   make no pass run twice. */
struct addr *with_exits(const struct answer *an, uint16_t nan) {
  size_t n = 0;
  for (size_t a = 0; a < nan; a++) {
    if (an[a].type == 0)
      goto next;
    if (an[a].type == 255)
      goto invalid;
    n++;
  next:
    continue;
  }
  return malloc(n * sizeof(struct addr));
invalid:
  return NULL;
}

/* A goto back before the loop runs it again: the counter is unbounded. */
struct addr *again(const struct answer *an, uint16_t nan) {
  size_t n = 0;
retry:
  for (size_t a = 0; a < nan; a++)
    n++;
  if (an[0].type == 5)
    goto retry;
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

/* The same jump back through `asm goto`, and through setjmp, to which a
   longjmp returns after the loop: the counter is unbounded again. */
struct addr *again_asm(const struct answer *an, uint16_t nan) {
  size_t n = 0;
retry:
  for (size_t a = 0; a < nan; a++)
    n++;
  if (an[0].type == 5)
    asm goto("" : : : : retry);
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

struct addr *again_setjmp(const struct answer *an, uint16_t nan,
                          jmp_buf *env) {
  size_t n = 0;
  setjmp(*env);
  for (size_t a = 0; a < nan; a++)
    n++;
  if (an[0].type == 5)
    longjmp(*env, 1);
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

/* The limit is a wide local given only 16-bit values (a DNS header's
   count), or a wide parameter whose every caller in the file passes one. */
struct addr *from_header(const unsigned char *hdr) {
  size_t nan = (hdr[6] << 8) + hdr[7];
  size_t n = 0;
  for (size_t a = 0; a < nan; a++)
    n++;
  return malloc(n * sizeof(struct addr));
}

static struct addr *process(size_t nan) {
  size_t n = 0;
  for (size_t a = 0; a < nan; a++)
    n++;
  return malloc(n * sizeof(struct addr));
}

struct addr *on_reply(const unsigned char *hdr) {
  return process((size_t)((hdr[6] << 8) + hdr[7]));
}

/* A limit the loop itself may raise without bound. */
struct addr *raised(const struct answer *an, size_t extra) {
  size_t n = 0;
  size_t limit = 4;
  for (size_t a = 0; a < limit; a++) {
    n++;
    if (an[a].type == 9)
      limit = extra;
  }
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

/* nginx's shape: the caller computes the answer count from two header
   bytes into a wide local, and the static function that counts passes it
   on as its loop's limit. */
static struct addr *process_answers(const struct answer *an, size_t nan) {
  size_t naddrs = 0;
  for (size_t a = 0; a < nan; a++)
    if (an[a].type == 1)
      naddrs++;
  return malloc(naddrs * sizeof(struct addr));
}

struct addr *on_response(const unsigned char *hdr, const struct answer *an) {
  size_t nan = (hdr[6] << 8) + hdr[7];
  return process_answers(an, nan);
}

/* What the code does to the counter after the loop cannot happen before
   its last pass: the first allocation is bounded, the second is not. */
struct addr *then_more(const struct answer *an, uint16_t nan, size_t more,
                       struct addr **extra) {
  size_t n = 0;
  for (size_t a = 0; a < nan; a++)
    if (an[a].type == 1)
      n++;
  struct addr *first = malloc(n * sizeof(struct addr));
  n += more;
  *extra = malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: *extra = calloc(n, sizeof(struct addr));
  return first;
}

/* A loop that a switch's case enters in its middle (Duff's device) may
   start with any index: its passes are not counted. */
struct addr *duff(const struct answer *an, uint16_t nan, int from) {
  size_t n = 0;
  size_t a = 0;
  switch (from) {
  case 0:
    for (a = 0; a < nan; a++) {
  case 1:
      if (an[a].type == 1)
        n++;
    }
  }
  return malloc(n * sizeof(struct addr));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'n * sizeof(struct addr)' can overflow; use 'calloc(n, sizeof(struct addr))', which checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return calloc(n, sizeof(struct addr));
}

/* Declared at the top without a value, set to 0 right before the loop
   (nginx's style), with forward gotos to the error exits. */
struct addr *c89_style(const struct answer *an, uint16_t nan) {
  size_t naddrs, a;

  naddrs = 0;
  for (a = 0; a < nan; a++) {
    if (an[a].type == 0)
      goto invalid;
    naddrs++;
  }
  return malloc(naddrs * sizeof(struct addr));

invalid:
  return NULL;
}

/* The loop variable also skips ahead in the body (an option's argument):
   passes only get fewer. Redis's CLIENT TRACKING collects its PREFIX
   arguments so, growing the array inside the loop. */
char **collect_prefixes(char **argv, int argc) {
  char **prefix = NULL;
  size_t numprefix = 0;
  for (int j = 3; j < argc; j++) {
    int moreargs = argc - 1 - j;
    if (argv[j][0] == 'p' && moreargs) {
      j++;
      prefix = realloc(prefix, sizeof(char *) * (numprefix + 1));
      prefix[numprefix++] = argv[j];
    }
  }
  return prefix;
}
