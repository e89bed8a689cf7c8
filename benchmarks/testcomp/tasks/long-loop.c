// Cover-Error: a long concrete loop (100000 iterations, no input involved) before the input check.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "long-loop.c", 4, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int sum = 0;
  for (unsigned int i = 0; i < 100000; i++) sum = sum * 31u + i;
  unsigned int guess = __VERIFIER_nondet_uint();
  if (guess == sum) reach_error();
  return 0;
}
