/* A KLEE-style test program that calls every remaining intrinsic of klee/klee.h, so the header's
 * declarations are exercised with KLEE's argument types: object size, memory-access checks, forking
 * control, merges, fixed objects, aliases, errno, value queries for every type, and messages. It
 * also includes libc headers alongside klee.h, as KLEE's own tests do. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <klee/klee.h>

static int real_fn(int x) { return x + 1; }
static int other_fn(int x) { return x - 1; }
int (*volatile keep_real)(int) = real_fn;
int (*volatile keep_other)(int) = other_fn;

static char fixed_area[64];

int main(void) {
  int buf[8];
  klee_make_symbolic(buf, sizeof buf, "buf");
  size_t sz = klee_get_obj_size(buf);
  klee_check_memory_access(buf, sizeof buf);
  klee_define_fixed_object(fixed_area, sizeof fixed_area);
  klee_mark_global(fixed_area);

  klee_set_forking(0);
  if (buf[0] > 10) buf[1] = 0;
  klee_set_forking(1);

  klee_open_merge();
  int y = buf[2] > 0 ? 1 : 2;
  klee_close_merge();

  klee_alias_function("real_fn", "other_fn");
  int z = keep_real(3) + keep_other(4);

  uintptr_t choice = klee_choose(4);
  klee_posix_prefer_cex(buf, buf[3] == 7);
  klee_print_range("buf[4]", buf[4]);
  klee_warning_once("reached the middle");
  klee_stack_trace();

  float f = klee_get_valuef((float)buf[5]);
  double d = klee_get_valued((double)buf[5] * 0.5);
  long l = klee_get_valuel((long)buf[6]);
  long long ll = klee_get_valuell((long long)buf[6] * 3);
  int64_t i64 = klee_get_value_i64((int64_t)buf[7]);
  int err = klee_get_errno();
  unsigned replay = klee_is_replay();

  if (replay) return 0;
  klee_assert(sz == sizeof buf);
  if (err < 0 || choice > 3) abort();
  return (int)(y + z + (long)f + (long)d + l + ll + i64) & 1;
}
