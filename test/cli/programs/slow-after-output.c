/* A line of output, then one solver query Z3 needs minutes for (as test/faults/programs/slow-query.c):
 * the progress line must keep ticking while the engine waits on the query, and the line of output
 * must reach the terminal whole around it. */
#include <stdio.h>
#include <klee/klee.h>
int main(void) {
  unsigned long long x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  printf("a line of the program's output\n");
  if (x > 1 && y > 1 && x < 0xffffffffULL && y < 0xffffffffULL) {
    if (x * y == 0xd4b0f0d3a1c07e55ULL && (x / 3) * y % 1000003 == 17)
      return 1;
  }
  return 0;
}
