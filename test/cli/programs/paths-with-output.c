/* 2^16 paths, each printing a line at its end: output keeps arriving while the progress line is drawn
 * (it must be erased before each write and drawn again after, never tearing a line). */
#include <stdio.h>
#include <klee/klee.h>
int main(void) {
  unsigned char b[16];
  klee_make_symbolic(b, sizeof b, "b");
  int n = 0;
  for (int i = 0; i < 16; i++)
    if (b[i] & 1) n++;
  printf("a path with n=%d\n", n);
  return 0;
}
