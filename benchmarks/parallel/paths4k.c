// bench:parallel's program: 2^12 = 4096 paths through twelve symbolic branches, each followed by some
// concrete work (a hash loop), so the exploration is mostly interpretation with a few cheap solver
// queries per fork — the case where more cores should help most. The loop is long enough (1,500 rounds
// per branch: ~6 CPU s for one worker) that the run's fixed costs — the coordinator parsing the module,
// each worker parsing it again and compiling its hot code — are a small part of it; with 150 rounds (a
// 1.3 s exploration, sessions 9 and 10) they were most of the difference between 1 and 2 workers.
// ROUNDS (-D ROUNDS=N; bench:parallel --rounds N) lengthens the exploration without changing its tree:
// a second worker's fixed costs (its isolate compiling the engine's hot code again, its module and
// engine set-up) weigh less in a longer run, as in the hard programs --workers is for.
#include <klee/klee.h>

#ifndef ROUNDS
#define ROUNDS 1500
#endif

int main(void) {
  unsigned char in[12];
  klee_make_symbolic(in, sizeof in, "in");
  unsigned h = 2166136261u;
  for (int i = 0; i < 12; i++) {
    if (in[i] == (unsigned char)('a' + i)) h ^= 0x9e3779b9u;
    for (int k = 0; k < ROUNDS; k++) h = (h ^ (unsigned)k) * 16777619u;
  }
  return (int)(h & 7u);
}
