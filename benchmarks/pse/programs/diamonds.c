// The paper's Fig. 1 generalised: N consecutive if/else "diamonds", each reading what the one before it
// wrote (a ± 10, then res = a − b or a + b, …), then a check of the result.
#include <klee/klee.h>
void abort(void);

#ifndef N
#define N 6
#endif

int main(void) {
  int a, b[N], c;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(b, sizeof b, "b");
  klee_make_symbolic(&c, sizeof c, "c");
  int res = 0;
  for (int i = 0; i < N; i++) {
    if (a <= 0)
      a = a + 10;
    else
      a = a - 10;
    if (a <= b[i])
      res = a - b[i];
    else
      res = a + b[i];
  }
  if (res > c)
    res = 1;
  else
    res = 0;
  return res;
}
