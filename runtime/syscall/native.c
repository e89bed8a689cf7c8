/*
 * runtime/syscall/native.c: a native (x86-64 Linux) implementation of the seam that sympath's musl
 * build leaves to the engine (runtime/include/sympath/syscall.h, runtime/musl/README.md), so that a
 * program linked with build/musl/libc.bc and crt1.bc can also be compiled to a real executable and
 * run -- a check of the IR libc that needs no engine (test/musl), and a starting point for replay.
 *
 *   clang-19 -c -O1 linked.bc -o prog.o
 *   clang-19 -c -O1 runtime/syscall/native.c -o native.o
 *   clang-19 -static -nostdlib -no-pie prog.o native.o -o prog
 *
 * It provides _start (reads argc/argv/envp off the initial stack and calls __sympath_start),
 * __sympath_init_env (nothing to do), __sympath_syscall (the `syscall` instruction), __sympath_run_ctors/__sympath_run_dtors (the
 * executable's .init_array/.fini_array, which the static linker fills from @llvm.global_ctors and
 * @llvm.global_dtors), __sympath_concretize (the value itself), and setjmp/_setjmp/sigsetjmp/longjmp (musl's x86-64 assembly; sigsetjmp does
 * not save the signal mask). The %fs register is never set, so a program with `__thread` variables
 * does not run this way (musl itself reaches its thread pointer through __sympath_get_tp).
 */

_Noreturn void __sympath_start(int argc, char **argv, char **envp);

/* The environment layer's start-up hook: natively the arguments stay as they are. */
void __sympath_init_env(int *argc, char ***argv)
{
	(void)argc, (void)argv;
}

long __sympath_syscall(long n, long a, long b, long c, long d, long e, long f)
{
	unsigned long ret;
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	register long r9 __asm__("r9") = f;
	__asm__ __volatile__("syscall"
	                     : "=a"(ret)
	                     : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
	                     : "rcx", "r11", "memory");
	return (long)ret;
}

/* strtod's digits (musl's floatscan.c): natively every value is concrete already. */
long __sympath_concretize(long x)
{
	return x;
}

extern void (*const __init_array_start[])(void) __attribute__((weak, visibility("hidden")));
extern void (*const __init_array_end[])(void) __attribute__((weak, visibility("hidden")));
extern void (*const __fini_array_start[])(void) __attribute__((weak, visibility("hidden")));
extern void (*const __fini_array_end[])(void) __attribute__((weak, visibility("hidden")));

void __sympath_run_ctors(void)
{
	for (void (*const *f)(void) = __init_array_start; f < __init_array_end; f++) (*f)();
}

void __sympath_run_dtors(void)
{
	for (void (*const *f)(void) = __fini_array_end; f > __fini_array_start; f--) (*(f - 1))();
}

__attribute__((used)) _Noreturn void __sympath_native_start_c(long *sp)
{
	int argc = (int)sp[0];
	char **argv = (char **)(sp + 1);
	__sympath_start(argc, argv, argv + argc + 1);
}

__asm__(
	".text\n"
	".global _start\n"
	".type _start,@function\n"
	"_start:\n"
	"	xor %rbp,%rbp\n"
	"	mov %rsp,%rdi\n"
	"	andq $-16,%rsp\n"
	"	call __sympath_native_start_c\n"
	"	hlt\n"

	/* setjmp and longjmp: musl 1.2.3 src/setjmp/x86_64/{setjmp,longjmp}.s (MIT, Nicholas J. Kain). */
	".global __setjmp\n.global _setjmp\n.global setjmp\n.global sigsetjmp\n"
	".type __setjmp,@function\n.type _setjmp,@function\n.type setjmp,@function\n"
	".type sigsetjmp,@function\n"
	"__setjmp:\n_setjmp:\nsetjmp:\nsigsetjmp:\n"
	"	mov %rbx,(%rdi)\n"
	"	mov %rbp,8(%rdi)\n"
	"	mov %r12,16(%rdi)\n"
	"	mov %r13,24(%rdi)\n"
	"	mov %r14,32(%rdi)\n"
	"	mov %r15,40(%rdi)\n"
	"	lea 8(%rsp),%rdx\n"
	"	mov %rdx,48(%rdi)\n"
	"	mov (%rsp),%rdx\n"
	"	mov %rdx,56(%rdi)\n"
	"	xor %eax,%eax\n"
	"	ret\n"
	".global longjmp\n"
	".type longjmp,@function\n"
	"longjmp:\n"
	"	xor %eax,%eax\n"
	"	cmp $1,%esi\n"
	"	adc %esi,%eax\n"
	"	mov (%rdi),%rbx\n"
	"	mov 8(%rdi),%rbp\n"
	"	mov 16(%rdi),%r12\n"
	"	mov 24(%rdi),%r13\n"
	"	mov 32(%rdi),%r14\n"
	"	mov 40(%rdi),%r15\n"
	"	mov 48(%rdi),%rsp\n"
	"	jmp *56(%rdi)\n");
