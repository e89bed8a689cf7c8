/*
 * sympath's replacement for musl's arch/x86_64/syscall_arch.h: every system call becomes a call to the
 * one external function __sympath_syscall (runtime/include/sympath/syscall.h), which the engine or the
 * POSIX model implements, instead of an inline-assembly `syscall` instruction. Unused arguments are 0.
 * No vDSO: VDSO_USEFUL is left undefined, so clock_gettime and friends always make the system call.
 */
#include <sympath/syscall.h>

#define __SYSCALL_LL_E(x) (x)
#define __SYSCALL_LL_O(x) (x)

static __inline long __syscall0(long n)
{
	return __sympath_syscall(n, 0, 0, 0, 0, 0, 0);
}

static __inline long __syscall1(long n, long a1)
{
	return __sympath_syscall(n, a1, 0, 0, 0, 0, 0);
}

static __inline long __syscall2(long n, long a1, long a2)
{
	return __sympath_syscall(n, a1, a2, 0, 0, 0, 0);
}

static __inline long __syscall3(long n, long a1, long a2, long a3)
{
	return __sympath_syscall(n, a1, a2, a3, 0, 0, 0);
}

static __inline long __syscall4(long n, long a1, long a2, long a3, long a4)
{
	return __sympath_syscall(n, a1, a2, a3, a4, 0, 0);
}

static __inline long __syscall5(long n, long a1, long a2, long a3, long a4, long a5)
{
	return __sympath_syscall(n, a1, a2, a3, a4, a5, 0);
}

static __inline long __syscall6(long n, long a1, long a2, long a3, long a4, long a5, long a6)
{
	return __sympath_syscall(n, a1, a2, a3, a4, a5, a6);
}

#define IPC_64 0
