/* Fixture of test/mutation: a program small enough to check its mutants and their kill matrix by hand
 * (test/mutation/kill.test.ts lists them). classify prints 1 below 10 and 2 from 10 on; spin loops n
 * times and main exits with what it returns (a 64-bit counter, so a mutant that loops loops for good). */
#include <stdio.h>
#include <klee/klee.h>

int classify(int x) {
  if (x < 10)
    return 2;
  return 2;
}

int spin(int n) {
  unsigned long long i = 0;
  while (i < n) {
    i++;
  }
  return (int)i;
}

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  printf("%d\n", classify(x));
  return spin(x & 3);
}
