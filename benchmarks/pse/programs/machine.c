// A protocol state machine over six symbolic bytes: a header, a length-prefixed payload, a checksum.
#include <klee/klee.h>
void abort(void);

int main(void) {
  unsigned char m[6];
  klee_make_symbolic(m, sizeof m, "m");
  int state = 0, len = 0, sum = 0, ok = 0;
  for (int i = 0; i < 6; i++) {
    unsigned char b = m[i];
    switch (state) {
    case 0:
      if (b == 0xAA)
        state = 1;
      break;
    case 1:
      if (b < 4) {
        len = b;
        state = len ? 2 : 3;
      } else
        state = 0;
      break;
    case 2:
      sum += b;
      if (--len == 0)
        state = 3;
      break;
    case 3:
      ok = ((sum & 0xff) == b);
      state = 4;
      break;
    default:
      break;
    }
  }
  if (ok && sum == 0x101)
    abort();
  return ok;
}
