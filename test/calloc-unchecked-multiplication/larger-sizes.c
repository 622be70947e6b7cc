// A product inside a larger size: reported, with no calloc fix (calloc has
// no form for "header plus array").
// RUN: %check_calloc_tidy %any_count -check-suffix=NOTES %s calloc-unchecked-multiplication %t
// RUN: %check_calloc_tidy %any_count %s calloc-unchecked-multiplication %t

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

struct msg { size_t len; char body[]; };

struct msg *new_msg(size_t n) {
  return malloc(sizeof(struct msg) + n * sizeof(char[4]));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'sizeof(struct msg) + n * sizeof(char[4])' can overflow and nothing checks the multiplication
  // CHECK-NOTES-NOTES: :[[@LINE-2]]:10: warning: allocation size 'sizeof(struct msg) + n * sizeof(char[4])' can overflow
  // CHECK-NOTES-NOTES: :[[@LINE-3]]:10: note: no fix: the product is only part of the size, which has no two-argument form
}

char *hex_string(size_t len) {
  return malloc(len * 2 + 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: allocation size 'len * 2 + 1' can overflow and nothing checks the multiplication
  // CHECK-NOTES-NOTES: :[[@LINE-2]]:10: warning: allocation size 'len * 2 + 1' can overflow
  // CHECK-NOTES-NOTES: :[[@LINE-3]]:10: note: no fix: the product is only part of the size
}

/* Guarded: fine even inside a sum. */
char *hex_checked(size_t len) {
  if (len > (SIZE_MAX - 1) / 2)
    return NULL;
  return malloc(len * 2 + 1);
}
