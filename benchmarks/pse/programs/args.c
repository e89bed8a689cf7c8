// A command-line parser in the style of the Coreutils option loops: three symbolic arguments of two
// characters (the paper's setting), flags, a numeric option, then work that reads only some flags.
#include <klee/klee.h>
void abort(void);
int printf(const char *, ...);

#define NARGS 3
#define LEN 3

static int verbose, number, reverse, count = 1, bad;

static int parse_num(const char *s) {
  int n = 0;
  for (int i = 0; s[i]; i++) {
    if (s[i] < '0' || s[i] > '9')
      return -1;
    n = n * 10 + (s[i] - '0');
  }
  return n;
}

static void option(const char *arg) {
  if (arg[0] != '-') {
    int n = parse_num(arg);
    if (n < 0)
      bad++;
    else
      count = n;
    return;
  }
  switch (arg[1]) {
  case 'v':
    verbose = 1;
    break;
  case 'n':
    number = 1;
    break;
  case 'r':
    reverse = 1;
    break;
  case 0:
    break;
  default:
    bad++;
  }
}

int main(void) {
  char argv[NARGS][LEN];
  klee_make_symbolic(argv, sizeof argv, "argv");
  for (int i = 0; i < NARGS; i++)
    argv[i][LEN - 1] = 0;
  for (int i = 0; i < NARGS; i++)
    option(argv[i]);
  if (bad > 2)
    return 2;
  int total = 0;
  for (int k = 0; k < count && k < 3; k++)
    total += reverse ? -k : k;
  if (number && total == 3)
    abort();
  if (verbose)
    printf("%d\n", total);
  return 0;
}
