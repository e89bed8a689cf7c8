/*
 * sympath.h: the header for programs written for sympath. It brings in every KLEE intrinsic
 * (klee/klee.h, same names and meaning) and adds a few conveniences of sympath's own, all built on
 * those intrinsics, so a program using them still runs under KLEE with this header on its path.
 */
#ifndef SYMPATH_H
#define SYMPATH_H

#include <klee/klee.h>

/* Version of this header's interface. */
#define SYMPATH_VERSION_MAJOR 0
#define SYMPATH_VERSION_MINOR 1

/* Make a whole variable (scalar, array or struct) symbolic, named after the variable:
 *   int x; SYMPATH_SYMBOLIC(x);   is   klee_make_symbolic(&x, sizeof x, "x"); */
#define SYMPATH_SYMBOLIC(var) klee_make_symbolic(&(var), sizeof(var), #var)

/* A fresh symbolic value of the given integer or floating type, named name:
 *   unsigned char c = SYMPATH_ANY(unsigned char, "c"); */
#define SYMPATH_ANY(type, name) \
  __extension__({ type sympath_any_; klee_make_symbolic(&sympath_any_, sizeof sympath_any_, (name)); sympath_any_; })

/* Constrain the current path to cond (converted to a truth value first). */
#define SYMPATH_ASSUME(cond) klee_assume((uintptr_t)((cond) != 0))

/* Mark `size` bytes at `ptr` as an output of the program, called `name`: the output criterion of
 * `sympath run --driver peso --output-criterion marked` (the bytes as they are at the call, symbolic or
 * not, are what the paths are partitioned by). Call it where the value is final, on a statement every
 * path reaches (the end of main, say): PESO's criterion must post-dominate the entry. Outside PESO it
 * does nothing; natively replayed (sympath replay) it does nothing either. Under KLEE, which does not
 * know it, define SYMPATH_NO_OUTPUT to compile it away. */
#ifdef SYMPATH_NO_OUTPUT
#define sympath_output(ptr, size, name) ((void)(ptr), (void)(size), (void)(name))
#else
void sympath_output(const void *ptr, size_t size, const char *name);
#endif

#endif /* SYMPATH_H */
