/*
 * runtime/replay/intrinsics.c: KLEE's intrinsics for a native build of the program under test, as
 * KLEE's libkleeRuntest provides them: klee_make_symbolic fills its buffer from the next object of the
 * .ktest named by KTEST_FILE, the other calls become checks, prints or no-ops. Linked by
 * `sympath replay` (src/replay) with a gcc --coverage build; see README.md for the exit statuses and
 * what each intrinsic does natively.
 *
 * Beyond libkleeRuntest, a constructor makes crashes keep their coverage: a gcov build writes its
 * .gcda files at exit, so a run ended by SIGABRT/SIGSEGV/... would lose its counts. Handlers for the
 * fatal signals call __gcov_dump() and re-raise the signal, so the run still dies of it (and a
 * sanitizer's report still ends in a gcov dump through __sanitizer_set_death_callback).
 */
#define _GNU_SOURCE
#include <klee/klee.h>

#include <errno.h>
#include <execinfo.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "ktest.h"
#include "replay.h"

/* ---- Reporting --------------------------------------------------------------------------------- */

static void fail(int status, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
static void fail(int status, const char *fmt, ...) {
  va_list ap;
  fflush(stdout);
  fprintf(stderr, "sympath-replay: error: ");
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, " (exit %d)\n", status);
  exit(status);
}

static int lenient(void) {
  const char *v = getenv(SYMPATH_REPLAY_ENV_LENIENT);
  return v && strcmp(v, "1") == 0;
}

/* A mismatch that KLEE's runtest treats as fatal unless told otherwise: fatal here unless lenient. */
static void mismatch(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void mismatch(int status, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (!lenient()) fail(status, "%s", msg);
  fprintf(stderr, "sympath-replay: warning: %s (continuing: " SYMPATH_REPLAY_ENV_LENIENT "=1)\n", msg);
}

/* ---- The test being replayed ------------------------------------------------------------------- */

static sympath_ktest *test;
static unsigned next_object;
static unsigned char *skipped; /* skipped[i]: object i belongs to the environment (POSIX model) */

static void load_test(void) {
  if (test) return;
  const char *path = getenv(SYMPATH_REPLAY_ENV_KTEST);
  if (!path || !*path) fail(SYMPATH_REPLAY_EXIT_NO_KTEST, "KTEST_FILE is not set (it names the .ktest to replay)");
  const char *why = "";
  test = sympath_ktest_read(path, &why);
  if (!test) fail(SYMPATH_REPLAY_EXIT_NO_KTEST, "%s: %s", path, why);
  skipped = calloc(test->num_objects + 1, 1);
  const char *skip = getenv(SYMPATH_REPLAY_ENV_SKIP);
  while (skip && *skip && skipped) {
    char *end;
    unsigned long i = strtoul(skip, &end, 10);
    if (end == skip) break;
    if (i < test->num_objects) skipped[i] = 1;
    skip = *end == ',' ? end + 1 : end;
  }
}

void klee_make_symbolic(void *addr, size_t nbytes, const char *name) {
  if (!name) name = "unnamed";
  load_test();
  for (;; next_object++) {
    if (next_object >= test->num_objects) {
      /* The POSIX model's version object may be absent from older tests: KLEE's runtest treats it so. */
      if (strcmp(name, "model_version") == 0 && nbytes == 4) {
        unsigned one = 1;
        memcpy(addr, &one, 4);
        return;
      }
      mismatch(SYMPATH_REPLAY_EXIT_EXHAUSTED,
               "out of inputs: the program asks for symbolic object \"%s\" (%zu bytes) but the test has only %u",
               name, nbytes, test->num_objects);
      memset(addr, 0, nbytes);
      return;
    }
    if (skipped && skipped[next_object]) continue;
    sympath_ktest_object *o = &test->objects[next_object];
    /* As KLEE's runtest: the POSIX model's "model_version" is skipped when the program did not ask for it. */
    if (strcmp(o->name, "model_version") == 0 && strcmp(name, "model_version") != 0) continue;
    break;
  }
  sympath_ktest_object *o = &test->objects[next_object];
  if (strcmp(o->name, name) != 0) {
    mismatch(SYMPATH_REPLAY_EXIT_NAME, "object name mismatch: the program asks for \"%s\" but object %u of the test is \"%s\"",
             name, next_object, o->name);
  }
  if (o->size != nbytes) {
    mismatch(SYMPATH_REPLAY_EXIT_SIZE, "object size mismatch: \"%s\" is %zu bytes in the program but %u bytes in the test",
             name, nbytes, o->size);
  }
  memcpy(addr, o->bytes, nbytes < o->size ? nbytes : o->size);
  if (o->size < nbytes) memset((char *)addr + o->size, 0, nbytes - o->size);
  next_object++;
}

/* ---- The SV-COMP / Test-Comp input model (src/engine/builtins/testcomp.ts) -----------------------
 * Each __VERIFIER_nondet_<kind>() call takes the test's next object, which the engine named
 * "nondet_<kind>#<n>" with n its 1-based position among the test's objects. Weak definitions: a task
 * that defines one of these itself keeps its own (the engine runs the task's definition too). */

static void nondet(void *addr, size_t nbytes, const char *kind) {
  load_test();
  unsigned i = next_object;
  while (i < test->num_objects && skipped && skipped[i]) i++;
  char name[96];
  snprintf(name, sizeof name, "nondet_%s#%u", kind, i + 1);
  klee_make_symbolic(addr, nbytes, name);
}

#define SYMPATH_NONDET(kind, type)                                                                  \
  __attribute__((weak)) type __VERIFIER_nondet_##kind(void) {                                       \
    type v;                                                                                         \
    nondet(&v, sizeof v, #kind);                                                                    \
    return v;                                                                                       \
  }
__attribute__((weak)) _Bool __VERIFIER_nondet_bool(void) {
  unsigned char b;
  nondet(&b, 1, "bool");
  return b != 0;
}
SYMPATH_NONDET(char, char)
SYMPATH_NONDET(schar, signed char)
SYMPATH_NONDET(uchar, unsigned char)
SYMPATH_NONDET(short, short)
SYMPATH_NONDET(ushort, unsigned short)
SYMPATH_NONDET(int, int)
SYMPATH_NONDET(uint, unsigned int)
SYMPATH_NONDET(unsigned, unsigned int)
SYMPATH_NONDET(long, long)
SYMPATH_NONDET(ulong, unsigned long)
SYMPATH_NONDET(longlong, long long)
SYMPATH_NONDET(ulonglong, unsigned long long)
SYMPATH_NONDET(size_t, size_t)
SYMPATH_NONDET(pointer, void *)
SYMPATH_NONDET(float, float)
SYMPATH_NONDET(double, double)
SYMPATH_NONDET(u8, unsigned char)
SYMPATH_NONDET(u16, unsigned short)
SYMPATH_NONDET(u32, unsigned int)
SYMPATH_NONDET(u64, unsigned long long)
#ifdef __SIZEOF_INT128__
SYMPATH_NONDET(int128, __int128)
SYMPATH_NONDET(uint128, unsigned __int128)
#endif
#undef SYMPATH_NONDET

/* The engine ends a path whose assumption cannot hold silently; a test's values always satisfy it, so
 * a false one natively means the test does not fit this build, as for klee_assume. */
__attribute__((weak)) void __VERIFIER_assume(int cond) { klee_assume(cond != 0); }

/* sv-benchmarks' declared atomic-section markers: nothing to do in a sequential run. */
__attribute__((weak)) void __VERIFIER_atomic_begin(void) {}
__attribute__((weak)) void __VERIFIER_atomic_end(void) {}

/* Reaching the error function is the finding (error kind reach-error): abort as a failed assertion does. */
__attribute__((weak)) void reach_error(void) {
  fprintf(stderr, "sympath-replay: reach_error() reached\n");
  abort();
}
__attribute__((weak)) void __VERIFIER_error(void) {
  fprintf(stderr, "sympath-replay: __VERIFIER_error() reached\n");
  abort();
}

/* sympath.h's output mark (PESO's criterion): nothing to do when a test is replayed natively. */
void sympath_output(const void *ptr, size_t size, const char *name) {
  (void)ptr;
  (void)size;
  (void)name;
}

int klee_int(const char *name) {
  int x;
  klee_make_symbolic(&x, sizeof x, name);
  return x;
}

int klee_range(int begin, int end, const char *name) {
  if (begin >= end) klee_report_error(__FILE__, __LINE__, "invalid range", "user");
  if (begin + 1 == end) return begin; /* no object, as KLEE and sympath make none */
  int x;
  klee_make_symbolic(&x, sizeof x, name);
  if (x < begin || x >= end) {
    mismatch(SYMPATH_REPLAY_EXIT_RANGE, "klee_range(%d, %d, \"%s\") got %d from the test", begin, end, name ? name : "unnamed", x);
  }
  return x;
}

uintptr_t klee_choose(uintptr_t n) {
  uintptr_t x;
  klee_make_symbolic(&x, sizeof x, "klee_choose");
  if (x >= n) mismatch(SYMPATH_REPLAY_EXIT_RANGE, "klee_choose(%lu) got %lu from the test", (unsigned long)n, (unsigned long)x);
  return x;
}

/* ---- Constraining and ending paths ------------------------------------------------------------- */

void klee_assume(uintptr_t condition) {
  if (!condition) {
    fail(SYMPATH_REPLAY_EXIT_ASSUME, "klee_assume: the condition is false for this test's values (the test does not fit this path)");
  }
}

void klee_silent_exit(int status) { exit(status); }

void klee_abort(void) {
  fflush(stdout);
  fprintf(stderr, "sympath-replay: klee_abort called\n");
  abort();
}

/* KLEE's runtest prints and exits with status 1; aborting instead makes a `user` error a crash that
 * `sympath replay` counts as reproduced, like abort and assert. */
void klee_report_error(const char *file, int line, const char *message, const char *suffix) {
  fflush(stdout);
  fprintf(stderr, "sympath-replay: klee_report_error: %s:%d: %s (%s)\n", file ? file : "?", line, message ? message : "",
          suffix ? suffix : "");
  abort();
}

/* ---- Asking about values: everything is concrete natively ------------------------------------- */

unsigned klee_is_symbolic(uintptr_t n) {
  (void)n;
  return 0;
}

unsigned klee_is_replay(void) { return 1; }

float klee_get_valuef(float expr) { return expr; }
double klee_get_valued(double expr) { return expr; }
long klee_get_valuel(long expr) { return expr; }
long long klee_get_valuell(long long expr) { return expr; }
int32_t klee_get_value_i32(int32_t expr) { return expr; }
int64_t klee_get_value_i64(int64_t expr) { return expr; }

size_t klee_get_obj_size(void *ptr) {
  (void)ptr;
  klee_warning_once("klee_get_obj_size has no native equivalent; returning 0");
  return 0;
}

int klee_get_errno(void) { return errno; }

/* ---- Messages ---------------------------------------------------------------------------------- */

void klee_print_expr(const char *msg, ...) { fprintf(stderr, "sympath-replay: klee_print_expr: %s\n", msg ? msg : ""); }

void klee_print_range(const char *name, int arg) { fprintf(stderr, "sympath-replay: klee_print_range: %s: %d\n", name ? name : "", arg); }

void klee_warning(const char *message) { fprintf(stderr, "sympath-replay: WARNING: %s\n", message ? message : ""); }

void klee_warning_once(const char *message) {
  static const char *seen[64];
  static unsigned n_seen;
  for (unsigned i = 0; i < n_seen; i++)
    if (seen[i] == message) return;
  if (n_seen < sizeof seen / sizeof seen[0]) seen[n_seen++] = message;
  fprintf(stderr, "sympath-replay: WARNING ONCE: %s\n", message ? message : "");
}

void klee_stack_trace(void) {
  void *frames[64];
  int n = backtrace(frames, 64);
  backtrace_symbols_fd(frames, n, 2);
}

/* ---- Steering the executor: nothing to steer natively ------------------------------------------ */

void klee_prefer_cex(void *object, uintptr_t condition) { (void)object, (void)condition; }
void klee_posix_prefer_cex(void *object, uintptr_t condition) { (void)object, (void)condition; }
void klee_mark_global(void *object) { (void)object; }
void klee_set_forking(unsigned enable) { (void)enable; }
void klee_open_merge(void) {}
void klee_close_merge(void) {}

/* Touch every byte, so an access the engine would reject faults (or is reported by ASan) here too. */
void klee_check_memory_access(const void *address, size_t size) {
  const volatile unsigned char *p = address;
  for (size_t i = 0; i < size; i++) (void)p[i];
}

/* Zero-filled memory at that address, as the engine gives: the pages around it mapped here (a page
 * already mapped is left as it is, so two objects on one page both work). */
void klee_define_fixed_object(void *addr, size_t nbytes) {
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t lo = (uintptr_t)addr & ~(page - 1);
  uintptr_t hi = ((uintptr_t)addr + (nbytes ? nbytes : 1) + page - 1) & ~(page - 1);
  for (uintptr_t p = lo; p < hi; p += page) {
    void *got = mmap((void *)p, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (got == MAP_FAILED && errno != EEXIST)
      klee_warning_once("klee_define_fixed_object: the address could not be mapped natively");
  }
}

void klee_alias_function(const char *fn_name, const char *new_fn_name) {
  (void)fn_name, (void)new_fn_name;
  klee_warning_once("klee_alias_function has no native equivalent; ignored");
}

/* ---- Start-up: coverage that survives crashes, raw argv bytes, no core files ------------------- */

/* Strong references: `sympath replay` always links with --coverage (libgcov), and with the sanitizer
 * runtime when SYMPATH_REPLAY_SANITIZE is defined. (A weak reference would not pull __gcov_dump's member
 * out of the libgcov.a archive, and would silently be null.) */
extern void __gcov_dump(void);
#ifdef SYMPATH_REPLAY_SANITIZE
extern void __sanitizer_set_death_callback(void (*callback)(void));
#endif

static volatile sig_atomic_t dying_of;

static void dump_coverage(void) { __gcov_dump(); }

/* If dumping hangs (a crash inside malloc, say), SIGALRM ends the run with the original signal. */
static void on_alarm(int sig) {
  (void)sig;
  int original = dying_of ? dying_of : SIGABRT;
  signal(original, SIG_DFL);
  raise(original);
  _exit(128 + original);
}

static void on_fatal_signal(int sig) {
  dying_of = sig;
  signal(SIGALRM, on_alarm);
  alarm(2);
  dump_coverage();
  signal(sig, SIG_DFL); /* SA_RESETHAND did this already; kept for clarity */
  raise(sig);           /* SA_NODEFER: delivered now, with the default action */
  _exit(128 + sig);
}

/* The fatal signals whose handler only dumps coverage. With ASan the memory-fault signals stay ASan's
 * (it reports them, then its death callback dumps coverage). */
static void install_handlers(void) {
  static char alt_stack[1 << 16];
  stack_t ss;
  ss.ss_sp = alt_stack;
  ss.ss_size = sizeof alt_stack;
  ss.ss_flags = 0;
  sigaltstack(&ss, NULL);
#ifdef SYMPATH_REPLAY_SANITIZE
  static const int signals[] = {SIGABRT, SIGILL, SIGTRAP, SIGTERM};
  __sanitizer_set_death_callback(dump_coverage);
#else
  static const int signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGTERM};
#endif
  for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sa.sa_flags = SA_RESETHAND | SA_NODEFER | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(signals[i], &sa, NULL);
  }
}

/* SYMPATH_REPLAY_ARGV names a file holding argv[1..] as NUL-terminated byte strings: `sympath replay`
 * uses it for arguments that are not valid UTF-8 (which a Node child process cannot be given as they
 * are), passing placeholders of the same count on the command line. glibc hands constructors argc and
 * argv, and the argv array is writable: the pointers are replaced before main runs. */
static void replace_argv(int argc, char **argv) {
  const char *path = getenv(SYMPATH_REPLAY_ENV_ARGV);
  if (!path || !*path || !argv) return;
  FILE *f = fopen(path, "rb");
  if (!f) fail(SYMPATH_REPLAY_EXIT_ARGV, "cannot open %s=%s", SYMPATH_REPLAY_ENV_ARGV, path);
  size_t cap = 4096, size = 0;
  char *data = malloc(cap);
  for (;;) {
    if (!data) fail(SYMPATH_REPLAY_EXIT_ARGV, "out of memory reading %s", path);
    size += fread(data + size, 1, cap - size, f);
    if (size < cap) break;
    cap *= 2;
    data = realloc(data, cap);
  }
  fclose(f);
  int count = 0;
  for (size_t i = 0; i < size; i++)
    if (data[i] == 0) count++;
  if (count != argc - 1 || (size > 0 && data[size - 1] != 0)) {
    fail(SYMPATH_REPLAY_EXIT_ARGV, "%s holds %d arguments but the program got %d", path, count, argc - 1);
  }
  char *p = data;
  for (int i = 1; i < argc; i++) {
    argv[i] = p;
    p += strlen(p) + 1;
  }
}

__attribute__((constructor)) static void sympath_replay_init(int argc, char **argv, char **envp) {
  (void)envp;
  struct rlimit no_core = {0, 0};
  setrlimit(RLIMIT_CORE, &no_core); /* a crash being reproduced must not leave core files behind */
  install_handlers();
  replace_argv(argc, argv);
}
