/*
 * runtime/posix/syscall.c: __sympath_syscall, musl's only way out (runtime/include/sympath/syscall.h):
 * Linux x86-64 system call n with arguments a..f, result or -errno. Files and descriptors go to the
 * file model (fd.c); memory to the engine (fresh objects for anonymous mmap; brk never moves, so
 * musl's allocator would use mmap — and the engine replaces malloc anyway); the process is one thread
 * with fixed, deterministic identities and clock; signals are accepted and never delivered.
 *
 * A system call the model does not know returns -ENOSYS after a warning naming it (once per call
 * number), so programs take their error paths instead of the run stopping.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/utsname.h>
#include <sys/sysinfo.h>
#include <sys/statfs.h>
#include "model.h"

#define PID 42
#define UID 1000
#define GID 1000
/* The clock: 2024-01-01 00:00:00 UTC, advancing by 1 ms per clock read (so elapsed times are not 0). */
#define EPOCH 1704067200L

static long clock_ns;

void __sp_now(struct timespec *ts)
{
	clock_ns += 1000000;
	ts->tv_sec = EPOCH + clock_ns / 1000000000;
	ts->tv_nsec = clock_ns % 1000000000;
}

static void copy_str(char *dst, const char *src, unsigned long n)
{
	unsigned long i = 0;
	for (; i + 1 < n && src[i]; i++) dst[i] = src[i];
	dst[i] = 0;
}

static unsigned char unsupported_seen[512];

static long unsupported(long n)
{
	static const char digits[] = "0123456789";
	if (n >= 0 && n < 512) {
		if (unsupported_seen[n]) return -ENOSYS;
		unsupported_seen[n] = 1;
	}
	char msg[] = "system call NNN is not modelled: returning ENOSYS";
	long k = n < 0 ? 0 : n;
	msg[12] = digits[(k / 100) % 10];
	msg[13] = digits[(k / 10) % 10];
	msg[14] = digits[k % 10];
	klee_warning(msg);
	return -ENOSYS;
}

static long do_mmap(long addr, unsigned long len, long prot, long flags, long fd, long off)
{
	(void)addr, (void)prot, (void)off;
	len = __sp_concretize(len);
	if (len == 0) return -EINVAL;
	if (flags & MAP_FIXED) return -ENOMEM; /* no address can be chosen */
	if (!(flags & MAP_ANONYMOUS) || fd != -1) {
		klee_warning_once("mmap of a file is not modelled (ENODEV)");
		return -ENODEV;
	}
	void *p = __sympath_mmap((len + 4095) & ~4095UL);
	return p ? (long)p : -ENOMEM;
}

static long kill_self(long sig)
{
	switch (sig) {
	case 0: return 0;
	case SIGCHLD: case SIGCONT: case SIGURG: case SIGWINCH: return 0; /* ignored by default */
	case SIGABRT: klee_abort();
	default:
		klee_report_error(__FILE__, __LINE__, "the program sent itself a fatal signal", "model.err");
	}
}

long __sympath_syscall(long n, long a, long b, long c, long d, long e, long f)
{
	switch (n) {
	/* ---- files ---- */
	case SYS_read: return __sp_read(a, (void *)b, c);
	case SYS_write: return __sp_write(a, (const void *)b, c);
	case SYS_pread64: return __sp_pread(a, (void *)b, c, d);
	case SYS_pwrite64: return __sp_pwrite(a, (const void *)b, c, d);
	case SYS_readv: return __sp_readv(a, (const void *)b, c, 0);
	case SYS_writev: return __sp_readv(a, (const void *)b, c, 1);
	case SYS_preadv: case SYS_pwritev: return unsupported(n);
	case SYS_open: return __sp_open(AT_FDCWD, (const char *)a, b, c);
	case SYS_creat: return __sp_open(AT_FDCWD, (const char *)a, O_CREAT | O_WRONLY | O_TRUNC, b);
	case SYS_openat: return __sp_open(a, (const char *)b, c, d);
	case SYS_close: return __sp_close(a);
	case SYS_lseek: return __sp_lseek(a, b, c);
	case SYS_fstat: return __sp_fstat(a, (struct stat *)b);
	case SYS_stat: return __sp_stat(AT_FDCWD, (const char *)a, (struct stat *)b, 0);
	case SYS_lstat: return __sp_stat(AT_FDCWD, (const char *)a, (struct stat *)b, AT_SYMLINK_NOFOLLOW);
	case SYS_newfstatat: return __sp_stat(a, (const char *)b, (struct stat *)c, d);
	case SYS_statx: return -ENOSYS; /* musl falls back to fstatat */
	case SYS_dup: return __sp_dup(a, 0, 0);
	case SYS_dup2: return __sp_dup2(a, b, 0);
	case SYS_dup3: return a == b ? -EINVAL : __sp_dup2(a, b, c & O_CLOEXEC);
	case SYS_fcntl: return __sp_fcntl(a, b, c);
	case SYS_ioctl: return __sp_ioctl(a, b, (void *)c);
	case SYS_getdents64: return __sp_getdents(a, (void *)b, c);
	case SYS_access: return __sp_access(AT_FDCWD, (const char *)a, b);
	case SYS_faccessat: case SYS_faccessat2: return __sp_access(a, (const char *)b, c);
	case SYS_readlink: return __sp_readlink(AT_FDCWD, (const char *)a, (char *)b, c);
	case SYS_readlinkat: return __sp_readlink(a, (const char *)b, (char *)c, d);
	case SYS_getcwd: return __sp_getcwd((char *)a, b);
	case SYS_chdir: return __sp_chdir((const char *)a);
	case SYS_fchdir: return __sp_fchdir(a);
	case SYS_ftruncate: return __sp_ftruncate(a, b);
	case SYS_truncate: return __sp_truncate((const char *)a, b);
	case SYS_unlink: return __sp_unlink(AT_FDCWD, (const char *)a, 0);
	case SYS_rmdir: return __sp_unlink(AT_FDCWD, (const char *)a, AT_REMOVEDIR);
	case SYS_unlinkat: return __sp_unlink(a, (const char *)b, c);
	case SYS_chmod: return __sp_chmod(AT_FDCWD, (const char *)a, b);
	case SYS_fchmodat: return __sp_chmod(a, (const char *)b, c);
	case SYS_fchmod: return __sp_fchmod(a, b);
	case SYS_chown: case SYS_lchown: return __sp_chown(AT_FDCWD, (const char *)a);
	case SYS_fchownat: return __sp_chown(a, (const char *)b);
	case SYS_fchown: return __sp_fchown(a);
	case SYS_utimensat: return __sp_utimens(a, (const char *)b, (const void *)c, d);
	case SYS_mkdir: case SYS_mknod: case SYS_symlink: return __sp_create(AT_FDCWD, (const char *)(n == SYS_symlink ? b : a));
	case SYS_mkdirat: case SYS_mknodat: return __sp_create(a, (const char *)b);
	case SYS_symlinkat: return __sp_create(b, (const char *)c);
	case SYS_link: return __sp_create(AT_FDCWD, (const char *)b);
	case SYS_linkat: return __sp_create(c, (const char *)d);
	case SYS_rename: return __sp_rename(AT_FDCWD, (const char *)a, AT_FDCWD, (const char *)b);
	case SYS_renameat: case SYS_renameat2: return __sp_rename(a, (const char *)b, c, (const char *)d);
	case SYS_fsync: case SYS_fdatasync: case SYS_syncfs: return __sp_fsync(a);
	case SYS_sync: return 0;
	case SYS_fadvise64: case SYS_readahead: case SYS_flock: return __sp_fsync(a);
	case SYS_fallocate: return -EOPNOTSUPP;
	case SYS_umask: {
		long old = __sp_env.umask;
		__sp_env.umask = a & 0777;
		return old;
	}
	case SYS_poll: return __sp_poll_ready((void *)a, b);
	case SYS_ppoll: return __sp_poll_ready((void *)a, b);
	case SYS_statfs: case SYS_fstatfs: {
		struct statfs *st = (struct statfs *)b;
		__builtin_memset(st, 0, sizeof *st);
		st->f_type = 0xEF53; /* ext4 */
		st->f_bsize = st->f_frsize = 4096;
		st->f_blocks = 1 << 20;
		st->f_bfree = st->f_bavail = 1 << 19;
		st->f_files = 1 << 16;
		st->f_ffree = 1 << 15;
		st->f_namelen = 255;
		return 0;
	}
	case SYS_pipe: case SYS_pipe2: return -EMFILE;

	/* ---- memory ---- */
	case SYS_brk: return 0; /* never moves: the allocator falls back to mmap */
	case SYS_mmap: return do_mmap(a, b, c, d, e, f);
	case SYS_munmap: __sympath_munmap((void *)a); return 0;
	case SYS_mremap: return -ENOMEM;
	case SYS_mprotect: case SYS_madvise: case SYS_mlock: case SYS_munlock: case SYS_msync: return 0;

	/* ---- process ---- */
	case SYS_exit: case SYS_exit_group: __sympath_exit(a);
	case SYS_getpid: case SYS_gettid: case SYS_getpgrp: case SYS_getsid: return PID;
	case SYS_getpgid: return PID;
	case SYS_getppid: return 1;
	case SYS_set_tid_address: return PID;
	case SYS_getuid: case SYS_geteuid: return UID;
	case SYS_getgid: case SYS_getegid: return GID;
	case SYS_getresuid: case SYS_getresgid:
		*(unsigned *)a = *(unsigned *)b = *(unsigned *)c = n == SYS_getresuid ? UID : GID;
		return 0;
	case SYS_getgroups: return 0;
	case SYS_setuid: case SYS_setgid: case SYS_setreuid: case SYS_setregid: case SYS_setresuid:
	case SYS_setresgid: case SYS_setgroups: case SYS_setfsuid: case SYS_setfsgid:
		return -EPERM;
	case SYS_setpgid: case SYS_setsid: return -EPERM;
	case SYS_uname: {
		struct utsname *u = (struct utsname *)a;
		copy_str(u->sysname, "Linux", sizeof u->sysname);
		copy_str(u->nodename, "sympath", sizeof u->nodename);
		copy_str(u->release, "6.1.0", sizeof u->release);
		copy_str(u->version, "#1 SMP", sizeof u->version);
		copy_str(u->machine, "x86_64", sizeof u->machine);
		copy_str(u->domainname, "(none)", sizeof u->domainname);
		return 0;
	}
	case SYS_getrlimit: case SYS_prlimit64: {
		struct rlimit *r = (struct rlimit *)(n == SYS_getrlimit ? b : d);
		if (r) r->rlim_cur = r->rlim_max = (n == SYS_getrlimit ? a : b) == RLIMIT_NOFILE ? SP_MAX_FDS : RLIM_INFINITY;
		return 0;
	}
	case SYS_setrlimit: return 0;
	case SYS_getrusage: __builtin_memset((void *)b, 0, sizeof(struct rusage)); return 0;
	case SYS_times: if (a) __builtin_memset((void *)a, 0, sizeof(struct tms)); return 0;
	case SYS_sysinfo: {
		struct sysinfo *si = (struct sysinfo *)a;
		__builtin_memset(si, 0, sizeof *si);
		si->uptime = 1000;
		si->totalram = 1UL << 32;
		si->freeram = 1UL << 31;
		si->procs = 1;
		si->mem_unit = 1;
		return 0;
	}
	case SYS_sched_getaffinity:
		if (b < 8) return -EINVAL;
		__builtin_memset((void *)c, 0, b);
		*(unsigned char *)c = 1; /* one processor */
		return 8;
	case SYS_sched_yield: case SYS_prctl: case SYS_arch_prctl: case SYS_futex: case SYS_membarrier:
	case SYS_set_robust_list:
		return 0;
	case SYS_getrandom: {
		unsigned long len = __sp_concretize(b);
		__builtin_memset((void *)a, 0x5a, len);
		return len;
	}
	case SYS_kill: case SYS_tkill: return a == PID || a == 0 || a == -1 ? kill_self(b) : -ESRCH;
	case SYS_tgkill: return kill_self(c);
	case SYS_fork: case SYS_vfork: case SYS_clone: case SYS_clone3: case SYS_execve: case SYS_execveat:
		klee_warning_once("fork/exec are not modelled: returning EAGAIN/ENOSYS");
		return n == SYS_fork || n == SYS_vfork || n == SYS_clone ? -EAGAIN : -ENOSYS;
	case SYS_wait4: case SYS_waitid: return -ECHILD;

	/* ---- signals (never delivered) ---- */
	case SYS_rt_sigaction:
		if (c) __builtin_memset((void *)c, 0, 32); /* the old action: none */
		return 0;
	case SYS_rt_sigprocmask:
		if (c) __builtin_memset((void *)c, 0, d > 0 && d <= 128 ? d : 8);
		return 0;
	case SYS_sigaltstack:
		if (b) __builtin_memset((void *)b, 0, 24), ((int *)b)[2] = 2; /* SS_DISABLE */
		return 0;
	case SYS_rt_sigpending: __builtin_memset((void *)a, 0, b > 0 && b <= 128 ? b : 8); return 0;
	case SYS_rt_sigsuspend: case SYS_pause: return -EINTR;
	case SYS_rt_sigtimedwait: return -EAGAIN;
	case SYS_alarm: return 0;
	case SYS_setitimer: if (c) __builtin_memset((void *)c, 0, 32); return 0;
	case SYS_getitimer: __builtin_memset((void *)b, 0, 32); return 0;
	case SYS_timer_create: case SYS_timer_settime: case SYS_timer_delete: return -ENOSYS;

	/* ---- time ---- */
	case SYS_clock_gettime: __sp_now((struct timespec *)b); return 0;
	case SYS_clock_getres:
		if (b) ((struct timespec *)b)->tv_sec = 0, ((struct timespec *)b)->tv_nsec = 1;
		return 0;
	case SYS_gettimeofday: {
		struct timespec ts;
		__sp_now(&ts);
		if (a) ((struct timeval *)a)->tv_sec = ts.tv_sec, ((struct timeval *)a)->tv_usec = ts.tv_nsec / 1000;
		return 0;
	}
	case SYS_time: {
		struct timespec ts;
		__sp_now(&ts);
		if (a) *(long *)a = ts.tv_sec;
		return ts.tv_sec;
	}
	case SYS_nanosleep: case SYS_clock_nanosleep: return 0;
	case SYS_settimeofday: case SYS_clock_settime: return -EPERM;

	default:
		return unsupported(n);
	}
}
