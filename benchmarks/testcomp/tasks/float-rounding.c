// Cover-Error: a float bug KLEE cannot reach (it fixes a symbolic float to one value): from 2^24 on,
// adding 1.0f to a float rounds back to the same value, so the "counter" stops counting.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "float-rounding.c", 4, "reach_error"); }
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);

int main(void) {
  float x = __VERIFIER_nondet_float();
  __VERIFIER_assume(x >= 1.0f && x <= 1.0e9f);
  float y = x + 1.0f;
  if (y == x) reach_error();
  return 0;
}
