/* --entry-point check: the run (and its native replay) starts in check with main's arguments; main never runs. */
#include <assert.h>
#include <stdio.h>
#include <klee/klee.h>

int check(int argc, char **argv) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  printf("check: argc=%d argv[0]=%s\n", argc, argv[0]);
  if (x == 42) assert(0 && "reached through the entry point");
  return x > 100 ? 3 : 0;
}

int main(void) {
  puts("main runs, not the entry point");
  return 9;
}
