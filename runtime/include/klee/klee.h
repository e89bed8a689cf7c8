/*
 * klee/klee.h as sympath provides it: the intrinsics a program under test calls to talk to the symbolic
 * executor, with KLEE's names and signatures so that programs written for KLEE compile unchanged.
 * sympath's engine implements each of them (calls are recognised by name); when the same program is
 * built natively for replay, sympath's replay library implements them instead.
 *
 * Written for sympath; the interface (names, parameter and return types) follows KLEE's header so the
 * two are interchangeable. Functions that only some KLEE versions declare are all declared here.
 */
#ifndef SYMPATH_KLEE_KLEE_H
#define SYMPATH_KLEE_KLEE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define SYMPATH_NORETURN __attribute__((noreturn))
#else
#define SYMPATH_NORETURN
#endif

/* ---- Creating symbolic values ------------------------------------------------------------------ */

/* Replace the nbytes bytes at addr (a whole object: a variable, an array, a malloc'd block) by fresh
 * symbolic bytes. name labels the object in the .ktest files and messages; NULL means "unnamed". */
void klee_make_symbolic(void *addr, size_t nbytes, const char *name);

/* A fresh symbolic int constrained to the half-open interval [begin, end). */
int klee_range(int begin, int end, const char *name);

/* A fresh unconstrained symbolic int. */
int klee_int(const char *name);

/* A symbolic value in [0, n); the caller branches on it (this does not fork by itself). */
uintptr_t klee_choose(uintptr_t n);

/* ---- Constraining and ending paths ------------------------------------------------------------- */

/* Add condition (non-zero) to the path constraints; a path where it cannot hold ends as a user error. */
void klee_assume(uintptr_t condition);

/* End the current path quietly: no test case is written for it. */
SYMPATH_NORETURN void klee_silent_exit(int status);

/* End the current path as an `abort` error. */
SYMPATH_NORETURN void klee_abort(void);

/* End the current path with an error reported at file:line; suffix names the .err file's kind. */
SYMPATH_NORETURN void klee_report_error(const char *file, int line, const char *message, const char *suffix);

/* ---- Asking about values ----------------------------------------------------------------------- */

/* Non-zero when n is symbolic on the current path. */
unsigned klee_is_symbolic(uintptr_t n);

/* Non-zero when running natively under the replay library, zero under the symbolic executor. */
unsigned klee_is_replay(void);

/* One value the expression can take on the current path (it is not constrained to that value). */
float klee_get_valuef(float expr);
double klee_get_valued(double expr);
long klee_get_valuel(long expr);
long long klee_get_valuell(long long expr);
int32_t klee_get_value_i32(int32_t expr);
int64_t klee_get_value_i64(int64_t expr);

/* The size of the memory object ptr points into. */
size_t klee_get_obj_size(void *ptr);

/* The errno of the current path (as the POSIX model keeps it). */
int klee_get_errno(void);

/* ---- Messages ---------------------------------------------------------------------------------- */

/* Print msg and the expressions given after it. */
void klee_print_expr(const char *msg, ...);

/* Print the range of values arg can take on the current path, labelled with name. */
void klee_print_range(const char *name, int arg);

/* Print a warning (every time, or only the first time it is reached). */
void klee_warning(const char *message);
void klee_warning_once(const char *message);

/* Print the current call stack. */
void klee_stack_trace(void);

/* ---- Steering the executor --------------------------------------------------------------------- */

/* When choosing concrete values for object in a test case, prefer ones satisfying condition. */
void klee_prefer_cex(void *object, uintptr_t condition);
void klee_posix_prefer_cex(void *object, uintptr_t condition);

/* Mark object as a global (it survives the function that allocated it). */
void klee_mark_global(void *object);

/* Turn forking on (non-zero) or off; with forking off a symbolic branch follows one feasible side. */
void klee_set_forking(unsigned enable);

/* Check that [address, address + size) is accessible, as a load or store would. */
void klee_check_memory_access(const void *address, size_t size);

/* Make [addr, addr + nbytes) an accessible object at that fixed address. */
void klee_define_fixed_object(void *addr, size_t nbytes);

/* From now on (on this path and the paths it forks), calls to fn_name go to new_fn_name instead. */
void klee_alias_function(const char *fn_name, const char *new_fn_name);

/* Delimit a region whose paths are merged back into one state at the closing call. */
void klee_open_merge(void);
void klee_close_merge(void);

/* ---- klee_assert ------------------------------------------------------------------------------- */

/* klee_assert(e) fails through __assert_fail, as <assert.h>'s assert does, so the failure is an
 * `assert` error even when NDEBUG is defined. __assert_fail is declared under a private C name bound
 * to the symbol `__assert_fail`, so this header agrees with any libc's own declaration (glibc's line
 * parameter is unsigned int, musl's is int) whether or not <assert.h> is included too. */
SYMPATH_NORETURN void sympath_assert_fail_(const char *assertion, const char *file, unsigned int line,
                                           const char *function) __asm__("__assert_fail");

#define klee_assert(expr) \
  ((expr) ? (void)0 : sympath_assert_fail_(#expr, __FILE__, __LINE__, __PRETTY_FUNCTION__))

#ifdef __cplusplus
}
#endif

#endif /* SYMPATH_KLEE_KLEE_H */
