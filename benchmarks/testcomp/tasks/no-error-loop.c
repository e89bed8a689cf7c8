// No reachable error: a loop bounded by an input adds only even numbers.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "no-error-loop.c", 4, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n < 12);
  unsigned int s = 0;
  for (unsigned int i = 0; i < n; i++) {
    unsigned int step = __VERIFIER_nondet_uint();
    __VERIFIER_assume(step < 4);
    s += 2 * step;
  }
  if (s % 2 == 1) reach_error();
  return 0;
}
