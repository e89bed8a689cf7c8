/* 16 paths (4 symbolic bytes, one branch each), each printing 200 lines: enough output that a reader
 * closing its end early (`| head -1`) makes sympath's writes fail with EPIPE while paths remain. */
#include <stdio.h>
#include <klee/klee.h>
int main(void) {
  unsigned char b[4];
  klee_make_symbolic(b, sizeof b, "b");
  int n = 0;
  for (int i = 0; i < 4; i++)
    if (b[i] > 100) n++;
  for (int i = 0; i < 200; i++) printf("line %d of a path with n=%d\n", i, n);
  return 0;
}
