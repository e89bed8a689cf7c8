/*
 * sympath's replacement for musl's __set_thread_area (x86-64: arch_prctl(ARCH_SET_FS) in assembly):
 * the thread pointer is an ordinary static variable, read by __sympath_get_tp (see the overlay's
 * arch/x86_64/pthread_arch.h). It starts at a statically initialised main-thread struct, so errno,
 * the locale and stdio locking work even in code that runs before musl's start-up (__init_libc ->
 * __init_tls -> __init_tp), which then moves it to the builtin TLS area with this function.
 */
#include "pthread_impl.h"

static struct pthread main_thread = {
	.self = &main_thread,
	.prev = &main_thread,
	.next = &main_thread,
	.detach_state = DT_JOINABLE,
	.locale = &libc.global_locale,
	.robust_list.head = &main_thread.robust_list.head,
};

static uintptr_t thread_pointer = (uintptr_t)&main_thread;

uintptr_t __sympath_get_tp(void)
{
	return thread_pointer;
}

int __set_thread_area(void *p)
{
	thread_pointer = (uintptr_t)p;
	return 0;
}
