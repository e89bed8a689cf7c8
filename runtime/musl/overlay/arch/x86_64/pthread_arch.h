/*
 * sympath's replacement for musl's arch/x86_64/pthread_arch.h: the thread pointer (%fs:0 on x86-64)
 * is read through the C function __sympath_get_tp, defined with the thread-pointer storage in
 * src/thread/__set_thread_area.c of the same overlay. There is one thread; the pointer starts at a
 * statically initialised main-thread struct and musl's own __init_tls/__init_tp moves it to the
 * builtin TLS area during start-up, exactly as on Linux.
 */
uintptr_t __sympath_get_tp(void);

static inline uintptr_t __get_tp()
{
	return __sympath_get_tp();
}

#define MC_PC gregs[REG_RIP]
