// The input model of the SGS experiment's small subjects, standing in for KLEE's POSIX model until
// issue 5 lands: like `--sym-args 0 3 10 --sym-stdin 8`, each run gets 0 to 3 command-line arguments of
// up to 10 characters and an input of up to 8 bytes, all symbolic. A subject defines
// util_main(argc, argv), reads its input with sgs_getc() and writes with sgs_putc()/sgs_puts() (into a
// buffer: the subjects need no C library, so they run on `--libc none` and build natively as they are).
// -D SGS_MAX_ARGS=… -D SGS_ARG_LEN=… -D SGS_IN_LEN=… shrink the input (benchmarks/dgse runs them to
// completion).
#ifndef SGS_H
#define SGS_H

#include "klee/klee.h"

#ifndef SGS_MAX_ARGS
#define SGS_MAX_ARGS 3
#endif
#ifndef SGS_ARG_LEN
#define SGS_ARG_LEN 10
#endif
#ifndef SGS_IN_LEN
#define SGS_IN_LEN 8
#endif
#define SGS_EOF (-1)

static char sgs_args[SGS_MAX_ARGS][SGS_ARG_LEN + 1];
static char sgs_in[SGS_IN_LEN];
static int sgs_in_len;
static int sgs_in_pos;
static char sgs_out[512];
static int sgs_out_len;

static inline int sgs_getc(void) {
  if (sgs_in_pos >= sgs_in_len) return SGS_EOF;
  return (unsigned char)sgs_in[sgs_in_pos++];
}
static inline void sgs_putc(int c) {
  if (sgs_out_len < (int)sizeof sgs_out) sgs_out[sgs_out_len++] = (char)c;
}
static inline void sgs_puts(const char *s) {
  while (*s) sgs_putc(*s++);
}
static inline void sgs_putnum(long v) {
  char buf[24];
  int n = 0;
  unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
  if (v < 0) sgs_putc('-');
  do {
    buf[n++] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  while (n) sgs_putc(buf[--n]);
}
static inline int sgs_strlen(const char *s) {
  int n = 0;
  while (s[n]) n++;
  return n;
}
static inline int sgs_streq(const char *a, const char *b) {
  while (*a && *a == *b) a++, b++;
  return *a == *b;
}
static inline int sgs_isdigit(int c) { return c >= '0' && c <= '9'; }
static inline int sgs_isspace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static inline int sgs_isupper(int c) { return c >= 'A' && c <= 'Z'; }
static inline int sgs_islower(int c) { return c >= 'a' && c <= 'z'; }
static inline int sgs_isalpha(int c) { return sgs_isupper(c) || sgs_islower(c); }

int util_main(int argc, char **argv);

int main(void) {
  static char *argv[SGS_MAX_ARGS + 2];
  int n_args = klee_range(0, SGS_MAX_ARGS + 1, "n_args");
  int argc = 0;
  while (argc < n_args) argc++; /* one path per count, each with a concrete argc (no symbolic index) */
  for (int i = 0; i < SGS_MAX_ARGS; i++) {
    klee_make_symbolic(sgs_args[i], SGS_ARG_LEN + 1, "arg");
    klee_assume(sgs_args[i][SGS_ARG_LEN] == '\0');
  }
  klee_make_symbolic(sgs_in, sizeof sgs_in, "stdin");
  int in_len = klee_range(0, SGS_IN_LEN + 1, "stdin_size");
  while (sgs_in_len < in_len) sgs_in_len++; /* likewise: a concrete input length per path */
  argv[0] = "prog";
  for (int i = 0; i < argc; i++) argv[i + 1] = sgs_args[i];
  argv[argc + 1] = 0;
  return util_main(argc + 1, argv);
}

#endif
