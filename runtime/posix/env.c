/*
 * runtime/posix/env.c: the program's environment at start-up, as KLEE's klee_init_env/klee_init_fds
 * make it (same options, same symbolic objects with the same names in the same order, so KLEE's
 * tools and sympath's replay read the tests):
 *
 *   --sym-arg N             a symbolic argument of up to N bytes: object "argNN" (NN = 00, 01, ...
 *                           over all symbolic arguments) of N+1 bytes, the last one 0
 *   --sym-args MIN MAX N    MIN..MAX such arguments: object "n_args" (klee_range(MIN, MAX+1)) first,
 *                           none when MIN == MAX
 *   --sym-files NUM N       NUM symbolic files named A, B, ... of N bytes each: objects "A_data" and
 *                           "A_data_stat" (a struct stat), ...
 *   --sym-stdin N           standard input is a symbolic file of N bytes: "stdin", "stdin_stat"
 *   --max-fail N, --fd-fail up to N (1) symbolic failures of read/write/close/ftruncate/getcwd:
 *                           "read_fail", "write_fail", "close_fail", "ftruncate_fail", "getcwd_fail"
 *   --sym-stdout            standard output is a symbolic file of 1024 bytes: "stdout", "stdout_stat"
 *   --save-all-writes       writes past a symbolic file's end are an error instead of dropped
 *   always, last            "model_version" (4 bytes, assumed 1)
 *
 * Options and concrete arguments mix freely; both spellings (-sym-arg, --sym-arg) are accepted.
 * Built with -DSYMPATH_BARE (the layer used without --posix-runtime) the arguments stay as they are
 * and no symbolic object is made: the same model with no symbolic files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "model.h"

/* Start-up state: fds 0, 1, 2 open on the host's (empty) stdin, stdout and stderr. Initialised
 * statically because musl may touch them before __sympath_init_env runs. */
sp_env __sp_env = {
	.fds = {
		{ .kind = SP_HOST_IN, .flags = SP_READ },
		{ .kind = SP_HOST_OUT, .flags = SP_WRITE, .host_fd = 1 },
		{ .kind = SP_HOST_OUT, .flags = SP_WRITE, .host_fd = 2 },
	},
	.umask = 022,
};

#ifndef SYMPATH_BARE

static _Noreturn void emit_error(const char *msg)
{
	klee_report_error(__FILE__, __LINE__, msg, "user.err");
}

static int streq(const char *a, const char *b)
{
	while (*a == *b) {
		if (!*a) return 1;
		a++, b++;
	}
	return 0;
}

static int is_option(const char *arg, const char *name)
{
	/* name without dashes; accepts -name and --name */
	if (arg[0] != '-') return 0;
	arg += arg[1] == '-' ? 2 : 1;
	return streq(arg, name);
}

static long str_to_int(const char *s, const char *msg)
{
	long r = 0;
	int base = 10;
	if (!*s) emit_error(msg);
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, s += 2;
	for (; *s; s++) {
		int d;
		if (*s >= '0' && *s <= '9') d = *s - '0';
		else if (base == 16 && *s >= 'a' && *s <= 'f') d = *s - 'a' + 10;
		else if (base == 16 && *s >= 'A' && *s <= 'F') d = *s - 'A' + 10;
		else emit_error(msg);
		r = r * base + d;
	}
	return r;
}

/* A symbolic C string of up to n bytes (object `name`, n + 1 bytes, the last one 0). */
static char *sym_string(unsigned n, const char *name)
{
	char *s = malloc(n + 1);
	klee_mark_global(s);
	klee_make_symbolic(s, n + 1, name);
	/* (KLEE also asks, through klee_posix_prefer_cex, for printable test values; sympath's engine
	 * ignores those hints, so they are left out rather than evaluated.) */
	s[n] = 0;
	return s;
}

#define MAX_ARGS 1024

static void add_arg(int *argc, char **argv, char *arg)
{
	if (*argc == MAX_ARGS) emit_error("too many arguments for the POSIX model (more than 1024)");
	argv[(*argc)++] = arg;
}

void __sympath_init_env(int *argcp, char ***argvp)
{
	int argc = *argcp;
	char **argv = *argvp;
	static char *new_argv[MAX_ARGS];
	int new_argc = 0;
	unsigned sym_arg_num = 0, sym_files = 0, sym_file_len = 0, sym_stdin_len = 0, max_fail = 0;
	int sym_stdout = 0, save_all_writes = 0, buffered_stdout = 0;
	char name[6] = "arg00";

	for (int k = 0; k < argc;) {
		const char *a = argv[k];
		if (k > 0 && is_option(a, "sym-arg")) {
			const char *msg = "--sym-arg expects an integer argument <max-len>";
			if (++k == argc) emit_error(msg);
			unsigned len = str_to_int(argv[k++], msg);
			name[3] = '0' + sym_arg_num / 10, name[4] = '0' + sym_arg_num % 10, sym_arg_num++;
			add_arg(&new_argc, new_argv, sym_string(len, name));
		} else if (k > 0 && is_option(a, "sym-args")) {
			const char *msg = "--sym-args expects three integer arguments <min-argvs> <max-argvs> <max-len>";
			if (k + 3 >= argc) emit_error(msg);
			k++;
			unsigned min = str_to_int(argv[k++], msg);
			unsigned max = str_to_int(argv[k++], msg);
			unsigned len = str_to_int(argv[k++], msg);
			if (min > max) emit_error(msg);
			int n = klee_range(min, max + 1, "n_args");
			for (int i = 0; i < n; i++) {
				name[3] = '0' + sym_arg_num / 10, name[4] = '0' + sym_arg_num % 10, sym_arg_num++;
				add_arg(&new_argc, new_argv, sym_string(len, name));
			}
		} else if (k > 0 && is_option(a, "sym-files")) {
			const char *msg = "--sym-files expects two integer arguments <no-sym-files> <sym-file-len>";
			if (k + 2 >= argc) emit_error(msg);
			k++;
			sym_files = str_to_int(argv[k++], msg);
			sym_file_len = str_to_int(argv[k++], msg);
			if (sym_files > 26) emit_error("--sym-files: at most 26 files (A to Z)");
		} else if (k > 0 && is_option(a, "sym-stdin")) {
			const char *msg = "--sym-stdin expects one integer argument <sym-stdin-len>";
			if (++k == argc) emit_error(msg);
			sym_stdin_len = str_to_int(argv[k++], msg);
		} else if (k > 0 && is_option(a, "sym-stdout")) {
			sym_stdout = 1, k++;
		} else if (k > 0 && is_option(a, "buffered-stdout")) {
			buffered_stdout = 1, k++;
		} else if (k > 0 && is_option(a, "save-all-writes")) {
			save_all_writes = 1, k++;
		} else if (k > 0 && is_option(a, "fd-fail")) {
			max_fail = 1, k++;
		} else if (k > 0 && is_option(a, "max-fail")) {
			const char *msg = "--max-fail expects an integer argument <max-failures>";
			if (++k == argc) emit_error(msg);
			max_fail = str_to_int(argv[k++], msg);
		} else {
			add_arg(&new_argc, new_argv, argv[k++]);
		}
	}

	char **final_argv = malloc((new_argc + 1) * sizeof *final_argv);
	klee_mark_global(final_argv);
	memcpy(final_argv, new_argv, new_argc * sizeof *final_argv);
	final_argv[new_argc] = 0;
	*argcp = new_argc;
	*argvp = final_argv;

	__sp_init_fds(sym_files, sym_file_len, sym_stdin_len, sym_stdout, save_all_writes, max_fail);
	/* A non-symbolic stdout is a write-only sink: unbuffered, each stdio call is one write and nothing
	 * of the program's state says how much it has written. musl's buffering would add paths and state
	 * no program line depends on: before its first flush stdout is line-buffered, so every symbolic byte
	 * written forks on being '\n' (echo --sym-args 0 2 2: 111 paths instead of 66), and the buffer's fill
	 * level ties every later write to the output so far (the postcondition pruner's summaries never
	 * matched across it). The bytes written are the same; --buffered-stdout keeps musl's buffering. */
	if (!sym_stdout && !buffered_stdout) setvbuf(stdout, 0, _IONBF, 0);
}

/* A symbolic file: `size` symbolic bytes (object `name`) and a symbolic struct stat (`name`_stat; KLEE 3.2's names)
 * constrained as KLEE constrains it; the size is concrete. */
static void new_sym_file(sp_disk_file *df, unsigned size, const char *name, char letter)
{
	char sname[64];
	size_t n = strlen(name);
	memcpy(sname, name, n);
	memcpy(sname + n, "_stat", 6);

	struct stat *s = malloc(sizeof *s);
	df->size = size;
	df->name = letter;
	df->contents = malloc(size ? size : 1);
	if (size) klee_make_symbolic(df->contents, size, name);
	klee_make_symbolic(s, sizeof *s, sname);
	/* readdir skips entries with inode 0, and KLEE keeps the number in the low 31 bits. */
	klee_assume((s->st_ino & 0x7FFFFFFF) != 0);
	/* A sane block size (stdio and opendir allocate buffers of this size). */
	klee_assume((s->st_blksize & ~0xFFFF) == 0);
	klee_prefer_cex(s, !(s->st_mode & ~(S_IFMT | 0777)));
	klee_prefer_cex(s, (s->st_mode & S_IFMT) == S_IFREG);
	klee_prefer_cex(s, (s->st_mode & 0700) == 0600);
	klee_prefer_cex(s, s->st_nlink == 1);
	klee_prefer_cex(s, s->st_blksize == 4096);
	s->st_size = size;
	s->st_blocks = 8;
	df->stat = s;
}

static int *sym_int(const char *name)
{
	int *p = malloc(sizeof *p);
	klee_make_symbolic(p, sizeof *p, name);
	return p;
}

void __sp_init_fds(unsigned n_files, unsigned file_len, unsigned stdin_len, int sym_stdout,
                   int save_all_writes, unsigned max_failures)
{
	sp_env *e = &__sp_env;
	char name[7] = "?_data";

	e->n_sym_files = n_files;
	e->sym_files = n_files ? malloc(n_files * sizeof *e->sym_files) : 0;
	for (unsigned k = 0; k < n_files; k++) {
		name[0] = 'A' + k;
		new_sym_file(&e->sym_files[k], file_len, name, 'A' + k);
	}
	if (stdin_len) {
		e->sym_stdin = malloc(sizeof *e->sym_stdin);
		new_sym_file(e->sym_stdin, stdin_len, "stdin", 0);
		e->fds[0] = (sp_file){ .kind = SP_DISK, .flags = SP_READ, .dfile = e->sym_stdin };
	}
	e->max_failures = max_failures;
	if (max_failures) {
		e->read_fail = sym_int("read_fail");
		e->write_fail = sym_int("write_fail");
		e->close_fail = sym_int("close_fail");
		e->ftruncate_fail = sym_int("ftruncate_fail");
		e->getcwd_fail = sym_int("getcwd_fail");
	}
	if (sym_stdout) {
		e->sym_stdout = malloc(sizeof *e->sym_stdout);
		new_sym_file(e->sym_stdout, 1024, "stdout", 0);
		e->fds[1] = (sp_file){ .kind = SP_DISK, .flags = SP_WRITE, .dfile = e->sym_stdout };
	}
	e->save_all_writes = save_all_writes;
	unsigned version;
	klee_make_symbolic(&version, sizeof version, "model_version");
	klee_assume(version == 1);
	e->version = version;
}

#else /* SYMPATH_BARE */

void __sympath_init_env(int *argcp, char ***argvp)
{
	(void)argcp, (void)argvp;
}

#endif
