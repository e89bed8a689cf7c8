/* A KLEE-style test program: KLEE's first-tutorial shape (a symbolic int, a few branches) plus the
 * everyday intrinsics — klee_make_symbolic, klee_assume, klee_range, klee_int, klee_assert,
 * klee_is_symbolic, klee_prefer_cex, klee_get_value_i32, klee_print_expr, klee_warning,
 * klee_report_error, klee_silent_exit and klee_abort. Written for sympath's header tests. */
#include <klee/klee.h>
#include <assert.h>

static int get_sign(int x) {
  if (x == 0) return 0;
  if (x < 0) return -1;
  return 1;
}

int main(void) {
  int a;
  klee_make_symbolic(&a, sizeof(a), "a");
  klee_prefer_cex(&a, (a >= -10) & (a <= 10));
  int b = klee_range(0, 16, "b");
  int c = klee_int("c");
  klee_assume(c != 0);
  klee_assume((b > 3) & (b < 12));
  if (!klee_is_symbolic(a)) klee_warning("a should be symbolic");
  klee_print_expr("a + b", a + b);
  int s = get_sign(a);
  if (s > 0 && b == 7) {
    int concrete = klee_get_value_i32(a);
    if (concrete == 12345) klee_report_error(__FILE__, __LINE__, "planted report", "user.err");
  }
  if (c == 42) klee_silent_exit(0);
  if (c == -42) klee_abort();
  klee_assert(s >= -1 && s <= 1);
  assert(b != 100);
  return s;
}
