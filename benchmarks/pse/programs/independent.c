// Suffix independent of the prefix: K prefix branches write p, M suffix branches write q and never
// read p; a planted abort in the suffix. Exhaustive DFS explores 2^K * (2^M + 1) paths (the abort
// ends one suffix early); with PSE roughly 2^K + 2^M. WORK: iterations of concrete work at the end.
#include <klee/klee.h>
void abort(void);

#ifndef K
#define K 4
#endif
#ifndef M
#define M 4
#endif
#ifndef WORK
#define WORK 0
#endif

int main(void) {
  int a[K], b[M];
  klee_make_symbolic(a, sizeof a, "a");
  klee_make_symbolic(b, sizeof b, "b");
  int p = 0, q = 0;
  for (int i = 0; i < K; i++)
    if (a[i] > 0)
      p += 1 << i;
  for (int j = 0; j < M; j++)
    if (b[j] > 0)
      q += 1 << j;
  if (q == 5)
    abort();
  // Concrete work after the last branch (output formatting, clean-up): every path pays for it.
  unsigned h = 0;
  for (int w = 0; w < WORK; w++)
    h = h * 31 + (unsigned)w;
  return (p + q + (int)h) & 1;
}
