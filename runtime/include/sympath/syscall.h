/*
 * sympath/syscall.h: the seam between musl compiled to LLVM IR and sympath's engine.
 *
 * sympath builds musl (scripts/musl/build.sh) with its inline-assembly `syscall` instructions replaced
 * by calls to one external function, __sympath_syscall, which has no definition in any IR module: the
 * engine implements it (natively, or by handing the call to the POSIX model in runtime/posix).
 *
 * Convention (the Linux x86-64 system-call ABI, minus the registers):
 *   - n is the Linux x86-64 system-call number (SYS_read = 0, SYS_write = 1, ... as in musl's
 *     <bits/syscall.h> / the kernel's unistd_64.h); a..f are the six arguments in order, each widened
 *     to long; unused trailing arguments are passed as 0.
 *   - Pointers are passed as their address (the engine maps them back to memory objects).
 *   - The result is what the kernel returns: a non-negative value on success, or -errno (in
 *     [-4095, -1]) on failure. musl turns that into errno itself (__syscall_ret); the engine must
 *     never write errno.
 *   - SYS_exit (60) and SYS_exit_group (231) end the path; they do not return.
 *   - A system call the engine does not model returns -ENOSYS (-38) or ends the path as a `model`
 *     error naming the call, as the engine's options choose.
 *
 * The other external functions a program linked with sympath's musl needs from the engine are listed
 * below and in runtime/musl/README.md.
 */
#ifndef SYMPATH_SYSCALL_H
#define SYMPATH_SYSCALL_H

#ifdef __cplusplus
extern "C" {
#endif

/* Perform Linux x86-64 system call n with arguments a..f; returns the result or -errno. */
long __sympath_syscall(long n, long a, long b, long c, long d, long e, long f);

/* Run the linked module's static constructors (@llvm.global_ctors, in priority order). musl calls it
 * once during start-up, after its own initialisation and before main (where a native program runs
 * its .init_array). */
void __sympath_run_ctors(void);

/* Run the linked module's static destructors (@llvm.global_dtors, in priority order). musl calls it
 * from exit(), after the atexit handlers and before stdio is flushed (where .fini_array runs). */
void __sympath_run_dtors(void);

#ifdef __cplusplus
}
#endif

#endif /* SYMPATH_SYSCALL_H */
