// Cover-Error: an array of a symbolic size, written one past its end only when it is long (n >= 16);
// KLEE fixes the size to one (the smallest) value and misses it.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "symbolic-size-array.c", 4, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 2 && n <= 64);
  int a[n];
  a[n - 1] = 7;
  unsigned int last = n >= 16 ? n : n - 1; /* the bug: index n for long arrays */
  if (last >= n) reach_error();
  a[last] = 1;
  return a[n - 1] == 7 ? 0 : 1;
}
