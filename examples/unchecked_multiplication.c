/*
 * Decoding a batch of sensor readings from a network message:
 *
 *   8 bytes   record count, big-endian
 *   16 bytes  per record: id (4), kind (2), flags (2), value (8)
 *
 * The count is whatever the peer sent.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RECORD_WIRE_SIZE 16

struct record {
  uint32_t id;
  uint16_t kind;
  uint16_t flags;
  int64_t value;
};

static uint64_t read_be(const unsigned char *p, size_t bytes) {
  uint64_t v = 0;
  for (size_t i = 0; i < bytes; i++)
    v = (v << 8) | p[i];
  return v;
}

/* Returns the records of one message, or NULL if it is truncated or memory
 * runs out. The loop never reads past the input, but it trusts the count for
 * the output: a count just above SIZE_MAX / sizeof(struct record) makes the
 * multiplication wrap, malloc hands back a few bytes, and records[1] is
 * already out of bounds. */
struct record *decode_records(const unsigned char *msg, size_t len,
                              size_t *count_out) {
  if (len < 8)
    return NULL;
  size_t count = (size_t)read_be(msg, 8);
  struct record *records = malloc(count * sizeof(struct record));
  if (records == NULL)
    return NULL;

  const unsigned char *p = msg + 8;
  for (size_t i = 0; i < count; i++) {
    if ((size_t)(msg + len - p) < RECORD_WIRE_SIZE) {
      free(records);
      return NULL;
    }
    records[i].id = (uint32_t)read_be(p, 4);
    records[i].kind = (uint16_t)read_be(p + 4, 2);
    records[i].flags = (uint16_t)read_be(p + 6, 2);
    records[i].value = (int64_t)read_be(p + 8, 8);
    p += RECORD_WIRE_SIZE;
  }
  *count_out = count;
  return records;
}

/* The same kind of allocation, guarded: the product cannot wrap. */
struct record *copy_records(const struct record *src, size_t count) {
  if (count > SIZE_MAX / sizeof(struct record))
    return NULL;
  struct record *copy = malloc(count * sizeof(struct record));
  if (copy == NULL)
    return NULL;
  memcpy(copy, src, count * sizeof(struct record));
  return copy;
}

int main(void) {
  unsigned char msg[8 + 2 * RECORD_WIRE_SIZE] = {0};
  msg[7] = 2;                        /* two records */
  msg[8 + 3] = 7;                    /* first id */
  msg[8 + RECORD_WIRE_SIZE + 3] = 9; /* second id */

  size_t count = 0;
  struct record *records = decode_records(msg, sizeof msg, &count);
  if (records == NULL)
    return 1;
  struct record *copy = copy_records(records, count);
  if (copy != NULL)
    printf("%zu records, last id %u\n", count, (unsigned)copy[count - 1].id);
  free(copy);
  free(records);
  return 0;
}
