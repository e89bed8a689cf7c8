/*
 * runtime/replay/ktest.c: parsing KLEE's .ktest files (see ktest.h for the layout). Plain C99 and stdio
 * only, so it builds with any gcc for any target; every count is checked against the bytes left.
 */
#include "ktest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const unsigned char *p;
  size_t left;
  int bad;
} reader;

static unsigned read_u32(reader *r) {
  if (r->bad || r->left < 4) {
    r->bad = 1;
    return 0;
  }
  unsigned v = ((unsigned)r->p[0] << 24) | ((unsigned)r->p[1] << 16) | ((unsigned)r->p[2] << 8) | (unsigned)r->p[3];
  r->p += 4;
  r->left -= 4;
  return v;
}

/* A malloc'd copy of the next n bytes with a NUL after them, or NULL when they are not there. */
static unsigned char *read_bytes(reader *r, unsigned n) {
  if (r->bad || r->left < n) {
    r->bad = 1;
    return NULL;
  }
  unsigned char *b = malloc((size_t)n + 1);
  if (!b) {
    r->bad = 1;
    return NULL;
  }
  memcpy(b, r->p, n);
  b[n] = 0;
  r->p += n;
  r->left -= n;
  return b;
}

void sympath_ktest_free(sympath_ktest *t) {
  if (!t) return;
  for (unsigned i = 0; i < t->num_args && t->args; i++) free(t->args[i]);
  free(t->args);
  for (unsigned i = 0; i < t->num_objects && t->objects; i++) {
    free(t->objects[i].name);
    free(t->objects[i].bytes);
  }
  free(t->objects);
  free(t);
}

sympath_ktest *sympath_ktest_parse(const unsigned char *data, size_t size, const char **why) {
  reader r = {data, size, 0};
  if (size < 5 || (memcmp(data, "KTEST", 5) != 0 && memcmp(data, "BOUT\n", 5) != 0)) {
    *why = "not a .ktest file (bad magic)";
    return NULL;
  }
  r.p += 5;
  r.left -= 5;
  sympath_ktest *t = calloc(1, sizeof *t);
  if (!t) {
    *why = "out of memory";
    return NULL;
  }
  t->version = read_u32(&r);
  if (!r.bad && (t->version == 0 || t->version > 3)) {
    *why = "unsupported .ktest version (this reader knows 1..3)";
    free(t);
    return NULL;
  }
  unsigned num_args = read_u32(&r);
  /* Each argument needs at least its 4-byte length: a bigger count is a corrupt file, not a big malloc. */
  if (!r.bad && num_args > r.left / 4) r.bad = 1;
  if (!r.bad) {
    t->args = calloc(num_args ? num_args : 1, sizeof *t->args);
    if (!t->args) r.bad = 1;
  }
  for (unsigned i = 0; !r.bad && i < num_args; i++) {
    unsigned n = read_u32(&r);
    t->args[i] = (char *)read_bytes(&r, n);
    if (!r.bad) t->num_args = i + 1;
  }
  if (t->version >= 2) {
    t->sym_argvs = read_u32(&r);
    t->sym_argv_len = read_u32(&r);
  }
  unsigned num_objects = read_u32(&r);
  if (!r.bad && num_objects > r.left / 8) r.bad = 1;
  if (!r.bad) {
    t->objects = calloc(num_objects ? num_objects : 1, sizeof *t->objects);
    if (!t->objects) r.bad = 1;
  }
  for (unsigned i = 0; !r.bad && i < num_objects; i++) {
    sympath_ktest_object *o = &t->objects[i];
    unsigned name_len = read_u32(&r);
    o->name = (char *)read_bytes(&r, name_len);
    o->size = read_u32(&r);
    o->bytes = read_bytes(&r, o->size);
    t->num_objects = i + 1;
  }
  if (r.bad) {
    *why = "truncated or corrupt .ktest file";
    sympath_ktest_free(t);
    return NULL;
  }
  return t;
}

sympath_ktest *sympath_ktest_read(const char *path, const char **why) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    *why = "cannot open the file";
    return NULL;
  }
  size_t cap = 4096, size = 0;
  unsigned char *data = malloc(cap);
  for (;;) {
    if (!data) {
      fclose(f);
      *why = "out of memory";
      return NULL;
    }
    size += fread(data + size, 1, cap - size, f);
    if (size < cap) break;
    cap *= 2;
    unsigned char *bigger = realloc(data, cap);
    if (!bigger) free(data);
    data = bigger;
  }
  int failed = ferror(f);
  fclose(f);
  if (failed) {
    free(data);
    *why = "cannot read the file";
    return NULL;
  }
  sympath_ktest *t = sympath_ktest_parse(data, size, why);
  free(data);
  return t;
}
