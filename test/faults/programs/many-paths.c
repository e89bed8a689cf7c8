/* 2^30 paths of quick queries: exploration that never ends on its own (for signals at explore time). */
#include <klee/klee.h>
int main(void) {
  unsigned char b[30];
  klee_make_symbolic(b, sizeof b, "b");
  int n = 0;
  for (int i = 0; i < 30; i++)
    if (b[i] & 1) n++;
  return n;
}
