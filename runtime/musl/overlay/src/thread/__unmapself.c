/*
 * sympath's replacement for musl's __unmapself, which switches to a static stack with inline assembly
 * (CRTJMP) before unmapping the exiting thread's own stack. sympath's stack is not in the mapping, so
 * the two system calls are made directly.
 */
#include "pthread_impl.h"

void __unmapself(void *base, size_t size)
{
	__syscall(SYS_munmap, base, size);
	for (;;) __syscall(SYS_exit, 0);
}
