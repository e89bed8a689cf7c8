/* 128 paths, each test holding a 4 KiB object: half a megabyte of tests, more than a small disk holds. */
#include <klee/klee.h>
int main(void) {
  static unsigned char buf[4096];
  klee_make_symbolic(buf, sizeof buf, "buf");
  int n = 0;
  for (int i = 0; i < 7; i++)
    if (buf[i * 500] > 100) n++;
  if (n == 7) klee_assert(0);
  return n;
}
