/* One solver query that Z3 needs minutes for (seen: more than 25 s on this machine class): factoring a
 * 64-bit product of two symbolic 32-bit values under a nonlinear side condition. The branch before it
 * is fast, so the run reaches the slow query within a second of starting. */
#include <klee/klee.h>
int main(void) {
  unsigned long long x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  if (x > 1 && y > 1 && x < 0xffffffffULL && y < 0xffffffffULL) {
    if (x * y == 0xd4b0f0d3a1c07e55ULL && (x / 3) * y % 1000003 == 17)
      return 1;
  }
  return 0;
}
