/*
 * A small fixed-size hash table from string keys to ints. The table starts
 * out empty by clearing it right after malloc; calloc does both at once.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE_SLOTS 64

struct entry {
  const char *key;
  int value;
  struct entry *next;
};

struct table {
  struct entry *slots[TABLE_SLOTS];
  size_t count;
};

static size_t hash(const char *key) {
  size_t h = 5381;
  for (; *key != '\0'; key++)
    h = h * 33 + (unsigned char)*key;
  return h % TABLE_SLOTS;
}

/* malloc, then zero exactly the bytes it returned. */
struct table *table_new(void) {
  struct table *t = malloc(sizeof(*t));
  if (!t)
    return NULL;
  memset(t, 0, sizeof(*t));
  return t;
}

/* Every field is set right away, so nothing needs zeroing here. */
int table_put(struct table *t, const char *key, int value) {
  struct entry *e = malloc(sizeof(*e));
  if (!e)
    return -1;
  size_t slot = hash(key);
  e->key = key;
  e->value = value;
  e->next = t->slots[slot];
  t->slots[slot] = e;
  t->count++;
  return 0;
}

const int *table_get(const struct table *t, const char *key) {
  for (const struct entry *e = t->slots[hash(key)]; e != NULL; e = e->next)
    if (strcmp(e->key, key) == 0)
      return &e->value;
  return NULL;
}

void table_free(struct table *t) {
  for (size_t i = 0; i < TABLE_SLOTS; i++) {
    struct entry *e = t->slots[i];
    while (e != NULL) {
      struct entry *next = e->next;
      free(e);
      e = next;
    }
  }
  free(t);
}

int main(void) {
  struct table *t = table_new();
  if (!t)
    return 1;
  if (table_put(t, "alpha", 1) != 0 || table_put(t, "beta", 2) != 0) {
    table_free(t);
    return 1;
  }
  const int *beta = table_get(t, "beta");
  printf("%zu entries, beta = %d\n", t->count, beta ? *beta : -1);
  table_free(t);
  return 0;
}
