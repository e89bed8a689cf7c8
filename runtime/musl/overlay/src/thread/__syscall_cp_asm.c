/*
 * sympath's C stand-in for musl's src/thread/x86_64/syscall_cp.s: a cancellation-point system call.
 * The assembly checks the thread's cancel flag and makes the system call between the labels
 * __cp_begin and __cp_end, so that the cancellation signal handler can tell from the interrupted
 * program counter whether the thread was blocked in it. sympath delivers no asynchronous signals to a
 * blocked call, so checking the flag first is the whole behaviour; the labels are dummies.
 */
#include "pthread_impl.h"

hidden long __cancel();
hidden const char __cp_begin[1], __cp_end[1], __cp_cancel[1];

hidden long __syscall_cp_asm(volatile int *cancel, syscall_arg_t nr,
                             syscall_arg_t u, syscall_arg_t v, syscall_arg_t w,
                             syscall_arg_t x, syscall_arg_t y, syscall_arg_t z)
{
	if (*cancel) return __cancel();
	return __syscall(nr, u, v, w, x, y, z);
}
