/* sympath: syscall(2) with its six arguments as ordinary parameters instead of six unconditional
 * va_arg reads. A caller passing fewer arguments (renameat2 with five, say) makes musl's variadic
 * version read past the arguments actually passed: harmless in registers, but an out-of-bounds read
 * of the variadic area in sympath's memory model. Called through the variadic declaration of
 * <unistd.h>, the missing trailing arguments arrive as zeros. */
#include "syscall.h"

#undef syscall

long syscall(long n, long a, long b, long c, long d, long e, long f)
{
	return __syscall_ret(__syscall(n, a, b, c, d, e, f));
}
