/*
 * runtime/replay/ktest.h: a small reader of KLEE's .ktest format for the native replay library.
 * Layout (every u32 big-endian): magic "KTEST" (or KLEE's old "BOUT\n"), u32 version (1..3), u32 numArgs
 * then per argument u32 length + bytes, [version >= 2: u32 symArgvs, u32 symArgvLen], u32 numObjects then
 * per object u32 name length + name bytes, u32 size + bytes. Same format as src/engine/ktest.ts.
 */
#ifndef SYMPATH_REPLAY_KTEST_H
#define SYMPATH_REPLAY_KTEST_H

#include <stddef.h>

typedef struct {
  char *name;           /* NUL-terminated copy of the object's name */
  unsigned size;        /* number of bytes */
  unsigned char *bytes; /* the bytes (size of them) */
} sympath_ktest_object;

typedef struct {
  unsigned version;
  unsigned num_args;
  char **args; /* NUL-terminated copies */
  unsigned sym_argvs, sym_argv_len;
  unsigned num_objects;
  sympath_ktest_object *objects;
} sympath_ktest;

/* Reads and parses path. Returns NULL on failure with a one-line reason in *why (a static string). */
sympath_ktest *sympath_ktest_read(const char *path, const char **why);

/* Parses size bytes at data (not kept). Same failure convention. */
sympath_ktest *sympath_ktest_parse(const unsigned char *data, size_t size, const char **why);

void sympath_ktest_free(sympath_ktest *t);

#endif /* SYMPATH_REPLAY_KTEST_H */
