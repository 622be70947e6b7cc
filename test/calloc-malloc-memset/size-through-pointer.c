// The pointer stored in a field, the size read through another pointer
// (CPython's module state: m->md_state = PyMem_Malloc(def->m_size)). Storing
// the new pointer cannot change the size: under the aliasing rules a
// pointer stored to m->state does not change the size_t at def->size, even
// if m and def point to the same memory. What stands between must leave
// both alone: no call (it could write through def), no store to the size,
// no store through m or any other pointer that could reach it.
// RUN: %check_calloc_tidy %s calloc-malloc-memset %t

#include <stdlib.h>
#include <string.h>

struct module_def {
  const char *name;
  size_t size;
};

struct module {
  void *state;
  size_t flags;
  void *next;
};

void notify(void);

// CHECK-MESSAGES: :[[@LINE+2]]:14: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, def->size)'
int module_init(struct module *m, const struct module_def *def) {
  m->state = malloc(def->size);
  if (!m->state)
    return -1;
  memset(m->state, 0, def->size);
  return 0;
}
// CHECK-FIXES: m->state = calloc(1, def->size);
// CHECK-FIXES-NEXT: if (!m->state)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: return 0;

/* Reads of other fields into locals may stand between. */
// CHECK-MESSAGES: :[[@LINE+3]]:14: warning: memory allocated by 'malloc' is zeroed right away by 'memset'; use 'calloc(1, def->size)'
int module_init_flags(struct module *m, const struct module_def *def) {
  size_t flags;
  m->state = malloc(def->size);
  if (m->state == NULL)
    return -1;
  flags = m->flags;
  memset(m->state, 0, def->size);
  return flags != 0;
}
// CHECK-FIXES: m->state = calloc(1, def->size);
// CHECK-FIXES-NEXT: if (m->state == NULL)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: flags = m->flags;
// CHECK-FIXES-NEXT: return flags != 0;

/* A call between could write through def. */
int module_init_notified(struct module *m, const struct module_def *def) {
  m->state = malloc(def->size);
  if (!m->state)
    return -1;
  notify();
  memset(m->state, 0, def->size);
  return 0;
}

/* A store to the size between: the zeroing no longer covers what was
   allocated. */
int module_init_resized(struct module *m, struct module_def *def) {
  m->state = malloc(def->size);
  if (!m->state)
    return -1;
  def->size /= 2;
  memset(m->state, 0, def->size);
  return 0;
}

/* A store through m after the allocation, when m may be def: kept apart,
   whatever the type stored. */
int module_init_flagged(struct module *m, const struct module_def *def) {
  m->state = malloc(def->size);
  if (!m->state)
    return -1;
  m->flags = 0;
  memset(m->state, 0, def->size);
  return 0;
}

int module_init_linked(struct module *m, const struct module_def *def) {
  m->state = malloc(def->size);
  if (!m->state)
    return -1;
  m->next = NULL;
  memset(m->state, 0, def->size);
  return 0;
}

/* A size that a pointer store could change (it is read as a pointer-sized
   character array here): the allocation's own store keeps them apart. */
struct raw_def {
  unsigned char size;
};
int module_init_raw(struct module *m, const struct raw_def *def) {
  m->state = malloc(def->size);
  if (!m->state)
    return -1;
  memset(m->state, 0, def->size);
  return 0;
}
