/*
 * examples/demo.c — the program `make demo` runs sympath on.
 *
 * A KLEE-style test driver: an int and a 4-byte code are made symbolic, a few branches classify them,
 * and an assertion fails for exactly one family of inputs (code "KLEE" and x*x == 1849, i.e. x == 43),
 * behind a non-linear condition a random tester is unlikely to hit. A symbolic executor finds one path
 * per feasible combination of branches (4 classes of x times 5 depths of the code) plus the failing one,
 * and writes a test case for each.
 *
 * Compile and inspect:   npx sympath compile examples/demo.c -o demo.ll && npx sympath parse demo.ll
 */
#include <klee/klee.h>

/* which of four ranges x falls in */
static int classify(int x) {
  if (x < 0) return -1;
  if (x == 0) return 0;
  if (x < 100) return 1;
  return 2;
}

/* how many leading characters of code match "KLEE" */
static int matched(const char code[4]) {
  if (code[0] != 'K') return 0;
  if (code[1] != 'L') return 1;
  if (code[2] != 'E') return 2;
  if (code[3] != 'E') return 3;
  return 4;
}

int main(void) {
  int x;
  char code[4];
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(code, sizeof code, "code");

  int kind = classify(x);
  int depth = matched(code);
  /* 0 < x < 100 here, so x * x cannot overflow */
  if (depth == 4 && kind == 1 && x * x == 1849)
    klee_assert(!"planted bug: code \"KLEE\" with x == 43");
  return kind + depth;
}
