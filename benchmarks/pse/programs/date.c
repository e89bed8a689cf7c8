// Validates a "YYMMDD" date given as six symbolic characters.
#include <klee/klee.h>

static int digit(char c) { return c >= '0' && c <= '9' ? c - '0' : -1; }

static int two(const char *s) {
  int a = digit(s[0]), b = digit(s[1]);
  if (a < 0 || b < 0)
    return -1;
  return a * 10 + b;
}

int main(void) {
  char d[6];
  klee_make_symbolic(d, sizeof d, "d");
  int y = two(d), m = two(d + 2), day = two(d + 4);
  if (y < 0 || m < 1 || m > 12 || day < 1)
    return 1;
  int max = 31;
  if (m == 2)
    max = (y % 4 == 0) ? 29 : 28;
  else if (m == 4 || m == 6 || m == 9 || m == 11)
    max = 30;
  if (day > max)
    return 2;
  return 0;
}
