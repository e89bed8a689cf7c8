/*
 * runtime/musl/crt/crt1.c: sympath's start-up code for programs linked with musl, in place of musl's
 * crt1 (whose _start is assembly reading argc/argv/envp/auxv off the initial stack).
 *
 * The engine calls __sympath_start(argc, argv, envp) as the program's entry. It first lets the
 * environment layer rewrite the arguments (__sympath_init_env, defined by runtime/posix: the POSIX
 * model expands --sym-arg & co. into symbolic words and makes the symbolic files; the bare layer leaves
 * them alone), then lays the vectors out
 * contiguously in the order Linux puts them on the initial stack -- argv, NULL, envp, NULL, auxv
 * pairs, AT_NULL -- in a static array, and enters musl's __libc_start_main exactly as crt1's _start_c does, so musl initialises itself
 * (environ, page size, thread pointer, stack canary), runs the constructors (__sympath_run_ctors), and
 * calls exit(main(argc, argv, envp)). It never returns: the path ends in the exit_group system call.
 *
 * argv[0..argc-1] and the envp strings must stay valid for the whole run (the engine owns them); envp
 * may be NULL (an empty environment). The auxiliary vector holds only what musl reads: the page size,
 * 16 bytes for AT_RANDOM (the stack canary; zero here, so runs are deterministic), equal real and
 * effective ids (so musl does not enter its secure mode; 1000, as the POSIX model's getuid says) and
 * AT_EXECFN = argv[0].
 *
 * This file is compiled to build/musl/crt1.bc and linked whole (not --only-needed) with the program.
 */
#include <elf.h>
#include <stddef.h>

int main();
int __libc_start_main(int (*)(), int, char **, void (*)(void), void (*)(void), void (*)(void));
void __sympath_init_env(int *argc, char ***argv);

#define AUX_PAIRS 8
#define VEC_MAX 4096

static unsigned char at_random[16];

_Noreturn void __sympath_start(int argc, char **argv, char **envp)
{
	size_t envc = 0, i, k = 0;
	__sympath_init_env(&argc, &argv);
	if (envp)
		while (envp[envc]) envc++;

	/* argv + NULL + envp + NULL + auxv pairs (the last is AT_NULL). In a static array of fixed size,
	 * not a variable-length one on the stack: with a VLA every later frame's address depended on argc,
	 * so no stack address (and no postcondition summary, --prune postcondition) of a run with one
	 * argument count could match a state with another. */
	static char *vec[VEC_MAX];
	/* More than 4,000 arguments and environment strings (the POSIX model stops at 1,024 arguments): a
	 * trap, which the engine reports at this line (klee_report_error is not there in the native build). */
	if ((size_t)argc + 1 + envc + 1 + 2 * AUX_PAIRS > VEC_MAX)
		__builtin_trap();
	for (i = 0; i < (size_t)argc; i++) vec[k++] = argv[i];
	vec[k++] = 0;
	for (i = 0; i < envc; i++) vec[k++] = envp[i];
	vec[k++] = 0;

	size_t *aux = (size_t *)&vec[k];
	size_t a = 0;
	aux[a++] = AT_PAGESZ;  aux[a++] = 4096;
	aux[a++] = AT_RANDOM;  aux[a++] = (size_t)at_random;
	aux[a++] = AT_UID;     aux[a++] = 1000;
	aux[a++] = AT_EUID;    aux[a++] = 1000;
	aux[a++] = AT_GID;     aux[a++] = 1000;
	aux[a++] = AT_EGID;    aux[a++] = 1000;
	aux[a++] = AT_EXECFN;  aux[a++] = (size_t)(argc > 0 ? argv[0] : 0);
	aux[a++] = AT_NULL;    aux[a++] = 0;

	__libc_start_main(main, argc, vec, 0, 0, 0);
	__builtin_trap();
}
