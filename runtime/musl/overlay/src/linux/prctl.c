/* sympath: prctl(2) with its four arguments as ordinary parameters (musl's version reads four
 * va_args whatever the operation; see src/misc/syscall.c here). */
#include "syscall.h"

int prctl(int op, unsigned long a, unsigned long b, unsigned long c, unsigned long d)
{
	return __syscall_ret(__syscall(SYS_prctl, op, a, b, c, d));
}
