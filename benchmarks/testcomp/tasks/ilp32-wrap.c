// Reaches reach_error only with the ILP32 data model: there `unsigned long` is 32 bits wide and
// ULONG_MAX + 1 wraps to 0; with LP64 the sum is 2^32.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "ilp32-wrap.c", 5, "reach_error"); }
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(x > 4000000000UL);
  __VERIFIER_assume(x <= 4294967295UL);
  unsigned long y = x + 1;
  if (y == 0) {
    reach_error();
    abort();
  }
  return 0;
}
