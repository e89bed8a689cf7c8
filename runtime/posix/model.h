/*
 * runtime/posix/model.h: the POSIX environment model's shared declarations (see README.md).
 *
 * The model is C compiled to LLVM IR and linked into every musl program sympath runs. It defines
 * __sympath_syscall (musl's one system-call entry) and __sympath_init_env (called by crt1 before
 * musl starts), and keeps the process's file system state in ordinary globals, so the engine forks it
 * with the rest of memory. What C cannot do it asks the engine for through the __sympath_* hooks
 * below; symbolic data comes from KLEE's intrinsics.
 */
#ifndef SYMPATH_POSIX_MODEL_H
#define SYMPATH_POSIX_MODEL_H

#include <stddef.h>
#include <sys/stat.h>
#include <klee/klee.h>

/* ---- Engine hooks (src/engine/builtins/runtime-hooks.ts) ----------------------------------------- */

/* Writes n bytes to the host's fd 1 or 2; symbolic bytes get one possible value (no constraint). */
long __sympath_host_write(int fd, const void *buf, unsigned long n);
/* writev to the host's fd 1 or 2 as one piece (n iovecs, each concrete): the paths' outputs never interleave inside it */
long __sympath_host_writev(int fd, const void *iov, int n);
/* x's value: when x is symbolic, one value the path allows, with x == that value added to the path (KLEE's
 * klee_get_valuel + klee_assume, as one call: the postcondition pruner models it exactly, where a branch
 * on klee_is_symbolic would make every summary across it unmatchable). */
long __sympath_concretize(long x);
/* A fresh zeroed, page-aligned object of n bytes, or NULL. */
void *__sympath_mmap(unsigned long n);
/* Frees an object __sympath_mmap made when p is its start: 0; else -1 (nothing happens). */
int __sympath_munmap(void *p);
/* Ends the path with exit status `status`. */
_Noreturn void __sympath_exit(int status);
/* A host file on sympath's --allow-read list, read whole into a fresh object: 0, or -errno. */
int __sympath_host_file(const char *path, void **data, unsigned long *size);

/* ---- The model's state ------------------------------------------------------------------------- */

#define SP_MAX_FDS 32

/* A file with contents in memory: a symbolic file (A, B, ..., stdin, stdout) or an allowed host file. */
typedef struct {
	unsigned long size;    /* concrete */
	unsigned char *contents;
	struct stat *stat;     /* symbolic for symbolic files */
	char name;             /* 'A', 'B', ... ; 0 for the others */
} sp_disk_file;

enum sp_kind {
	SP_CLOSED = 0,
	SP_DISK,     /* a sp_disk_file */
	SP_HOST_IN,  /* fd 0 without --sym-stdin: empty (end of file at once), like /dev/null */
	SP_HOST_OUT, /* fd 1 and 2 without --sym-stdout: the host's stdout/stderr */
	SP_DIR,      /* the working directory ("." and "/"), which holds the symbolic files */
};

/* Open-file flags (sp_file.flags). */
#define SP_READ 1
#define SP_WRITE 2
#define SP_CLOEXEC 4
#define SP_APPEND 8
#define SP_NONBLOCK 16

typedef struct {
	int kind;
	int flags;
	long off;
	sp_disk_file *dfile; /* SP_DISK */
	int host_fd;         /* SP_HOST_OUT: 1 or 2 */
} sp_file;

typedef struct {
	sp_file fds[SP_MAX_FDS];
	unsigned umask;
	unsigned n_sym_files;
	sp_disk_file *sym_files;
	sp_disk_file *sym_stdin;
	sp_disk_file *sym_stdout;
	/* --max-fail: how many injected failures remain, and on which call of each kind they happen. */
	unsigned max_failures;
	int *read_fail, *write_fail, *close_fail, *ftruncate_fail, *getcwd_fail;
	int save_all_writes;
	unsigned version;
} sp_env;

extern sp_env __sp_env;

/* ---- Model functions (fd.c, env.c) ---------------------------------------------------------------- */

long __sp_concretize(long x);
/* The model's clock (a fixed epoch, 1 ms further on every reading). */
struct timespec;
void __sp_now(struct timespec *ts);
sp_disk_file *__sp_sym_file(const char *path);
int __sp_is_cwd(const char *path);
void __sp_init_fds(unsigned n_files, unsigned file_len, unsigned stdin_len, int sym_stdout,
                   int save_all_writes, unsigned max_failures);

long __sp_read(int fd, void *buf, unsigned long count);
long __sp_pread(int fd, void *buf, unsigned long count, long off);
long __sp_write(int fd, const void *buf, unsigned long count);
long __sp_pwrite(int fd, const void *buf, unsigned long count, long off);
long __sp_readv(int fd, const void *iov, int n, int write);
long __sp_open(int dirfd, const char *path, int flags, unsigned mode);
long __sp_close(int fd);
long __sp_lseek(int fd, long off, int whence);
long __sp_fstat(int fd, struct stat *st);
long __sp_stat(int dirfd, const char *path, struct stat *st, int flags);
long __sp_dup(int fd, int min, int cloexec);
long __sp_dup2(int oldfd, int newfd, int cloexec);
long __sp_fcntl(int fd, int cmd, long arg);
long __sp_ioctl(int fd, unsigned long req, void *arg);
long __sp_getdents(int fd, void *buf, unsigned long count);
long __sp_access(int dirfd, const char *path, int mode);
long __sp_readlink(int dirfd, const char *path, char *buf, unsigned long size);
long __sp_getcwd(char *buf, unsigned long size);
long __sp_chdir(const char *path);
long __sp_fchdir(int fd);
long __sp_ftruncate(int fd, long len);
long __sp_truncate(const char *path, long len);
long __sp_unlink(int dirfd, const char *path, int flags);
long __sp_chmod(int dirfd, const char *path, unsigned mode);
long __sp_fchmod(int fd, unsigned mode);
long __sp_chown(int dirfd, const char *path);
long __sp_fchown(int fd);
long __sp_utimens(int dirfd, const char *path, const void *times, int flags);
long __sp_create(int dirfd, const char *path);
long __sp_rename(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);
long __sp_fsync(int fd);
long __sp_poll_ready(void *fds, unsigned long n);

#endif /* SYMPATH_POSIX_MODEL_H */
