// Cover-Error: a double input, examined only through its bits (no floating-point operation on it).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "double-bits.c", 4, "reach_error"); }
extern double __VERIFIER_nondet_double(void);
extern void *memcpy(void *, const void *, unsigned long);

int main(void) {
  double d = __VERIFIER_nondet_double();
  unsigned long long bits;
  memcpy(&bits, &d, sizeof bits);
  if (bits == 0x400A000000000000ULL) reach_error(); /* 3.25 */
  return 0;
}
