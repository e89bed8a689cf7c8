/* The quick start's program (README): lookup() checks for a negative index but not for one past the end. */
#include <klee/klee.h>

int lookup(int i) {
  int table[4] = {10, 20, 30, 40};
  if (i < 0) return -1;
  return table[i];
}

int main(void) {
  int i;
  klee_make_symbolic(&i, sizeof i, "i");
  return lookup(i) > 25;
}
