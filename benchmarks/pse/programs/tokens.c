// A tokenizer and evaluator for a tiny expression language ("1+2*3") over a symbolic string.
#include <klee/klee.h>
void abort(void);

#define LEN 5

enum { NUM, PLUS, TIMES, END, ERR };

static const char *p;

static int next(int *val) {
  char c = *p;
  if (c == 0)
    return END;
  p++;
  if (c >= '0' && c <= '9') {
    *val = c - '0';
    return NUM;
  }
  if (c == '+')
    return PLUS;
  if (c == '*')
    return TIMES;
  return ERR;
}

int main(void) {
  char s[LEN];
  klee_make_symbolic(s, sizeof s, "s");
  s[LEN - 1] = 0;
  p = s;
  int v = 0, acc = 0, term = 1, expect_num = 1;
  for (;;) {
    int t = next(&v);
    if (t == END || t == ERR)
      break;
    if (expect_num) {
      if (t != NUM)
        return 1;
      term *= v;
      expect_num = 0;
    } else {
      if (t == PLUS) {
        acc += term;
        term = 1;
      } else if (t != TIMES) {
        return 1;
      }
      expect_num = 1;
    }
  }
  acc += term;
  if (acc == 42)
    abort();
  return acc > 9;
}
