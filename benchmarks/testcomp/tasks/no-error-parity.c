// No reachable error: twice an integer is never odd.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "no-error-parity.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > -1000000 && x < 1000000);
  int y = 2 * x;
  if (y % 2 != 0) reach_error();
  if (x > 500) return 1;
  return 0;
}
