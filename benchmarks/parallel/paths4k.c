// bench:parallel's program: 2^12 = 4096 paths through twelve symbolic branches, each followed by some
// concrete work (a hash loop), so the exploration is mostly interpretation with a few cheap solver
// queries per fork — the case where more cores should help most.
#include <klee/klee.h>

int main(void) {
  unsigned char in[12];
  klee_make_symbolic(in, sizeof in, "in");
  unsigned h = 2166136261u;
  for (int i = 0; i < 12; i++) {
    if (in[i] == (unsigned char)('a' + i)) h ^= 0x9e3779b9u;
    for (int k = 0; k < 150; k++) h = (h ^ (unsigned)k) * 16777619u;
  }
  return (int)(h & 7u);
}
