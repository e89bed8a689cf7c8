// No reachable error with the ILP32 data model: pointers and long are 4 bytes there.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "ilp32-pointer.c", 4, "reach_error"); }
extern long __VERIFIER_nondet_long(void);
extern void *__VERIFIER_nondet_pointer(void);

int main(void) {
  long l = __VERIFIER_nondet_long();
  void *p = __VERIFIER_nondet_pointer();
  if (sizeof(p) != 4 || sizeof(l) != 4) reach_error();
  if (l > 0 && l + 0LL > 2147483647LL) reach_error();
  if (p == (void *)0 && l == 12345) return 1;
  return 0;
}
