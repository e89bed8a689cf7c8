/*
 * sympath: setjmp and longjmp save and restore registers and cannot be written in C (musl has them in
 * src/setjmp/x86_64/*.s only; the generic files are empty). The engine implements setjmp, _setjmp,
 * sigsetjmp and longjmp itself (runtime/musl/README.md); _longjmp is defined here on top of longjmp,
 * as siglongjmp is in src/signal/siglongjmp.c.
 */
#include <setjmp.h>

_Noreturn void _longjmp(jmp_buf env, int val)
{
	longjmp(env, val);
}
