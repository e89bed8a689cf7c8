/* Branch coverage counted by hand: `x > 10` (2 directions, both taken), `x < 5` under it (2, only the
 * false one feasible), the switch (3 targets: 1, 2 and the default, all taken): 6 of 7 directions. */
#include <klee/klee.h>
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 10) {
    if (x < 5)
      return 2;
    return 1;
  }
  switch (x) {
  case 1:
    return 3;
  case 2:
    return 4;
  default:
    return 0;
  }
}
