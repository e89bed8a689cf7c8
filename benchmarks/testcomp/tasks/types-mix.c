// Cover-Error: inputs of several nondet kinds, read in a fixed order; atomic sections are plain calls.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "types-mix.c", 4, "reach_error"); }
extern _Bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern long long __VERIFIER_nondet_longlong(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int counter;
void __VERIFIER_atomic_increment(void) { counter++; }

int main(void) {
  __VERIFIER_atomic_begin();
  _Bool b = __VERIFIER_nondet_bool();
  char c = __VERIFIER_nondet_char();
  short s = __VERIFIER_nondet_short();
  unsigned short u = __VERIFIER_nondet_ushort();
  long long ll = __VERIFIER_nondet_longlong();
  __VERIFIER_atomic_increment();
  __VERIFIER_atomic_end();
  if (b && c == -5 && s == -1000 && u == 65000 && ll == -(1LL << 40) && counter == 1) {
    reach_error();
  }
  return 0;
}
