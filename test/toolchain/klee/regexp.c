/* A KLEE-style test program after KLEE's regular-expression example: a small recursive matcher for
 * '^', '$', '.', '*' run on a symbolic pattern buffer that is NUL-terminated through klee_assume.
 * Uses quotes for the header, as some KLEE programs do. */
#include "klee/klee.h"

static int matchhere(const char *re, const char *text);

static int matchstar(int c, const char *re, const char *text) {
  do {
    if (matchhere(re, text)) return 1;
  } while (*text != '\0' && (*text++ == c || c == '.'));
  return 0;
}

static int matchhere(const char *re, const char *text) {
  if (re[0] == '\0') return 1;
  if (re[1] == '*') return matchstar(re[0], re + 2, text);
  if (re[0] == '$' && re[1] == '\0') return *text == '\0';
  if (*text != '\0' && (re[0] == '.' || re[0] == *text)) return matchhere(re + 1, text + 1);
  return 0;
}

static int match(const char *re, const char *text) {
  if (re[0] == '^') return matchhere(re + 1, text);
  do {
    if (matchhere(re, text)) return 1;
  } while (*text++ != '\0');
  return 0;
}

#define SIZE 7

int main(void) {
  char re[SIZE];
  klee_make_symbolic(re, sizeof re, "re");
  klee_assume(re[SIZE - 1] == '\0');
  int m = match(re, "hello");
  if (m && re[0] == 'x') klee_assert(0);
  return m;
}
