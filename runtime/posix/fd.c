/*
 * runtime/posix/fd.c: file descriptors and the model's file system (see README.md).
 *
 * What exists: the symbolic files A, B, ... (--sym-files), found by their one-letter names as KLEE
 * finds them; the working directory, "." or "/" (the only directory: it lists the symbolic files);
 * fd 0, 1 and 2 (symbolic with --sym-stdin/--sym-stdout, else an empty stdin and the host's stdout
 * and stderr); and host files on sympath's --allow-read list, read-only. Every other path does not
 * exist (ENOENT), and creating anything fails (EACCES): the host's file system is never written.
 *
 * File contents and stat are in memory objects (symbolic or concrete); sizes and offsets are concrete
 * (a symbolic count or offset is concretised, as KLEE does). All functions return the kernel's
 * result: a value >= 0 or -errno.
 */
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <string.h>
#include <stdlib.h>
#include <termios.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <poll.h>
#include "model.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))

long __sp_concretize(long x)
{
	return __sympath_concretize(x);
}

/* An injected failure (--max-fail): true on the call whose number the test's `*fail` object holds. */
static int injected(int *fail, int call)
{
	sp_env *e = &__sp_env;
	if (e->max_failures && *fail == call) {
		e->max_failures--;
		return 1;
	}
	return 0;
}

sp_disk_file *__sp_sym_file(const char *path)
{
	sp_env *e = &__sp_env;
	/* The working directory is "/": "/A", "./A" and "/./A" name A too (KLEE finds a symbolic file by
	 * its absolute path under the working directory). */
	for (;;) {
		if (path[0] == '/') path++;
		else if (path[0] == '.' && path[1] == '/') path += 2;
		else break;
	}
	char c = path[0];
	if (c == 0 || path[1] != 0) return 0;
	for (unsigned i = 0; i < e->n_sym_files; i++) {
		if (c == 'A' + (char)i) {
			sp_disk_file *df = &e->sym_files[i];
			return df->stat->st_ino == 0 ? 0 : df; /* inode 0: deleted */
		}
	}
	return 0;
}

/* "." and "/" (and "./", "//"...): the working directory. */
int __sp_is_cwd(const char *path)
{
	if (path[0] == '/') {
		while (*path == '/') path++;
		return path[0] == 0 || (path[0] == '.' && path[1] == 0);
	}
	if (path[0] == '.' && (path[1] == 0 || (path[1] == '/' && path[2] == 0))) return 1;
	return 0;
}

static sp_file *get_file(int fd)
{
	if (fd < 0 || fd >= SP_MAX_FDS) return 0;
	sp_file *f = &__sp_env.fds[fd];
	return f->kind == SP_CLOSED ? 0 : f;
}

static int free_fd(int min)
{
	for (int fd = min < 0 ? 0 : min; fd < SP_MAX_FDS; fd++)
		if (__sp_env.fds[fd].kind == SP_CLOSED) return fd;
	return -1;
}

/* A path relative to dirfd must be relative to the working directory (the only directory). */
static int check_dirfd(int dirfd, const char *path)
{
	if (dirfd == AT_FDCWD || path[0] == '/') return 0;
	sp_file *f = get_file(dirfd);
	if (!f) return -EBADF;
	if (f->kind != SP_DIR) return -ENOTDIR;
	return 0;
}

/* ---- stat ------------------------------------------------------------------------------------- */

static void fixed_stat(struct stat *st, unsigned mode, unsigned long ino, long size)
{
	__builtin_memset(st, 0, sizeof *st);
	st->st_dev = 0x801;
	st->st_ino = ino;
	st->st_nlink = S_ISDIR(mode) ? 2 : 1;
	st->st_mode = mode;
	st->st_uid = 1000;
	st->st_gid = 1000;
	st->st_size = size;
	st->st_blksize = 4096;
	st->st_blocks = (size + 511) / 512;
	st->st_atim.tv_sec = st->st_mtim.tv_sec = st->st_ctim.tv_sec = 1704067200; /* 2024-01-01 */
	if (S_ISCHR(mode)) st->st_rdev = (1 << 8) | 3; /* like /dev/null */
}

static void dir_stat(struct stat *st)
{
	fixed_stat(st, S_IFDIR | 0755, 2, 4096);
}

long __sp_fstat(int fd, struct stat *st)
{
	sp_file *f = get_file(fd);
	if (!f) return -EBADF;
	switch (f->kind) {
	case SP_DISK: __builtin_memcpy(st, f->dfile->stat, sizeof *st); return 0;
	case SP_DIR: dir_stat(st); return 0;
	case SP_HOST_IN: fixed_stat(st, S_IFCHR | 0666, 4, 0); return 0;
	default: fixed_stat(st, S_IFIFO | 0600, 5 + f->host_fd, 0); return 0; /* a pipe */
	}
}

long __sp_stat(int dirfd, const char *path, struct stat *st, int flags)
{
	if ((flags & AT_EMPTY_PATH) && path[0] == 0) return __sp_fstat(dirfd, st);
	if (path[0] == 0) return -ENOENT;
	int r = check_dirfd(dirfd, path);
	if (r) return r;
	sp_disk_file *df = __sp_sym_file(path);
	if (df) {
		__builtin_memcpy(st, df->stat, sizeof *st);
		return 0;
	}
	if (__sp_is_cwd(path)) {
		dir_stat(st);
		return 0;
	}
	void *data;
	unsigned long size;
	r = __sympath_host_file(path, &data, &size);
	if (r) return r;
	fixed_stat(st, S_IFREG | 0444, 100, size);
	return 0;
}

/* ---- open and close ----------------------------------------------------------------------------- */

static int may_read(const struct stat *s)
{
	return (s->st_mode & (S_IRUSR | S_IRGRP | S_IROTH)) != 0;
}

static int may_write(const struct stat *s)
{
	return (s->st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) != 0;
}

long __sp_open(int dirfd, const char *path, int flags, unsigned mode)
{
	(void)mode;
	int r = check_dirfd(dirfd, path);
	if (r) return r;
	if (path[0] == 0) return -ENOENT;
	int fd = free_fd(0);
	if (fd < 0) return -EMFILE;
	int acc = flags & O_ACCMODE;
	int fl = (acc == O_RDONLY ? SP_READ : acc == O_WRONLY ? SP_WRITE : SP_READ | SP_WRITE) |
	         (flags & O_CLOEXEC ? SP_CLOEXEC : 0) | (flags & O_APPEND ? SP_APPEND : 0) |
	         (flags & O_NONBLOCK ? SP_NONBLOCK : 0);
	sp_file *f = &__sp_env.fds[fd];

	sp_disk_file *df = __sp_sym_file(path);
	if (df) {
		if ((flags & O_CREAT) && (flags & O_EXCL)) return -EEXIST;
		if ((flags & O_DIRECTORY) && !S_ISDIR(df->stat->st_mode)) return -ENOTDIR;
		if ((fl & SP_READ) && !may_read(df->stat)) return -EACCES;
		if ((fl & SP_WRITE) && !may_write(df->stat)) return -EACCES;
		if ((fl & SP_WRITE) && S_ISDIR(df->stat->st_mode)) return -EISDIR;
		/* As KLEE's model: O_EXCL without O_CREAT is refused (its result is undefined), and O_TRUNC leaves
		 * a symbolic file as it is (KLEE's only O_TRUNC check tests `flags & O_RDONLY`, always 0, so
		 * nothing is truncated; the native replay truncates, as Linux does). */
		if ((flags & O_EXCL) && !(flags & O_CREAT)) return -EACCES;
		if (flags & O_TRUNC) klee_warning_once("open(O_TRUNC) of a symbolic file: ignored as KLEE does (contents and size kept)");
		*f = (sp_file){ .kind = SP_DISK, .flags = fl, .dfile = df };
		return fd;
	}
	if (__sp_is_cwd(path)) {
		if (fl & SP_WRITE) return -EISDIR;
		*f = (sp_file){ .kind = SP_DIR, .flags = fl };
		return fd;
	}
	if (flags & O_CREAT) return -EACCES; /* the host's file system is never written */
	void *data;
	unsigned long size;
	r = __sympath_host_file(path, &data, &size);
	if (r) return r;
	if (fl & SP_WRITE) return -EACCES;
	if (flags & O_DIRECTORY) return -ENOTDIR;
	sp_disk_file *hf = malloc(sizeof *hf);
	struct stat *st = malloc(sizeof *st);
	fixed_stat(st, S_IFREG | 0444, 100 + fd, size);
	*hf = (sp_disk_file){ .size = size, .contents = data, .stat = st };
	*f = (sp_file){ .kind = SP_DISK, .flags = fl, .dfile = hf };
	return fd;
}

long __sp_close(int fd)
{
	static int n_calls = 0;
	n_calls++;
	sp_file *f = get_file(fd);
	if (!f) return -EBADF;
	if (injected(__sp_env.close_fail, n_calls)) return -EIO;
	*f = (sp_file){ .kind = SP_CLOSED };
	return 0;
}

/* ---- read and write ----------------------------------------------------------------------------- */

static long disk_read(sp_file *f, void *buf, unsigned long count, long off)
{
	sp_disk_file *df = f->dfile;
	if (off < 0) return -EINVAL;
	if ((unsigned long)off >= df->size) return 0;
	count = MIN(count, df->size - off);
	__builtin_memcpy(buf, df->contents + off, count);
	return count;
}

/* --max-fail counts calls as the program makes them: one read()/readv() is one call (musl's stdio reads
 * with one readv of [the caller's buffer, the stdio buffer] where KLEE's uClibc makes one read), so an
 * injected failure fails the whole call, before any of its parts. */
static int read_calls, write_calls;

static long read_file(sp_file *f, void *buf, unsigned long count)
{
	buf = (void *)__sp_concretize((long)buf);
	switch (f->kind) {
	case SP_DISK: {
		long r = disk_read(f, buf, count, f->off);
		if (r > 0) f->off += r;
		return r;
	}
	case SP_HOST_IN: return 0;
	case SP_DIR: return -EISDIR;
	default: return -EBADF;
	}
}

long __sp_read(int fd, void *buf, unsigned long count)
{
	read_calls++;
	count = __sp_concretize(count);
	if (count == 0) return 0;
	if (!buf) return -EFAULT;
	sp_file *f = get_file(fd);
	if (!f) return -EBADF;
	if (!(f->flags & SP_READ)) return -EBADF;
	if (injected(__sp_env.read_fail, read_calls)) return -EIO;
	return read_file(f, buf, count);
}

long __sp_pread(int fd, void *buf, unsigned long count, long off)
{
	count = __sp_concretize(count);
	off = __sp_concretize(off);
	sp_file *f = get_file(fd);
	if (!f || !(f->flags & SP_READ)) return -EBADF;
	if (f->kind == SP_DISK) return disk_read(f, buf, count, off);
	if (f->kind == SP_DIR) return -EISDIR;
	return -ESPIPE;
}

static long disk_write(sp_file *f, const void *buf, unsigned long count, long off)
{
	sp_disk_file *df = f->dfile;
	unsigned long actual = 0;
	if (off < 0) return -EINVAL;
	if (off + count <= df->size) actual = count;
	else if (__sp_env.save_all_writes)
		klee_report_error(__FILE__, __LINE__, "write past the end of a symbolic file (--save-all-writes)", "model.err");
	else if ((unsigned long)off < df->size)
		actual = df->size - off;
	if (actual) __builtin_memcpy(df->contents + off, buf, actual);
	if (actual != count) klee_warning_once("write() past the end of a symbolic file: bytes dropped");
	return count;
}

static long write_file(sp_file *f, const void *buf, unsigned long count)
{
	count = __sp_concretize(count);
	buf = (const void *)__sp_concretize((long)buf);
	switch (f->kind) {
	case SP_DISK: {
		if (f->flags & SP_APPEND) f->off = f->dfile->size;
		long r = disk_write(f, buf, count, f->off);
		if (r > 0) f->off += r;
		return r;
	}
	case SP_HOST_OUT: return __sympath_host_write(f->host_fd, buf, count);
	default: return -EBADF;
	}
}

long __sp_write(int fd, const void *buf, unsigned long count)
{
	write_calls++;
	sp_file *f = get_file(fd);
	if (!f) return -EBADF;
	if (!(f->flags & SP_WRITE)) return -EBADF;
	if (injected(__sp_env.write_fail, write_calls)) return -EIO;
	return write_file(f, buf, count);
}

long __sp_pwrite(int fd, const void *buf, unsigned long count, long off)
{
	count = __sp_concretize(count);
	off = __sp_concretize(off);
	sp_file *f = get_file(fd);
	if (!f || !(f->flags & SP_WRITE)) return -EBADF;
	if (f->kind == SP_DISK) return disk_write(f, buf, count, off);
	return -ESPIPE;
}

long __sp_readv(int fd, const void *iovp, int n, int write)
{
	const struct iovec *iov = iovp;
	long total = 0;
	n = __sp_concretize(n);
	if (n < 0 || n > 1024) return -EINVAL;
	/* one call of the program: counted and maybe failed once (--max-fail), whatever its parts */
	if (write) write_calls++;
	else read_calls++;
	sp_file *f = get_file(fd);
	if (!f) return -EBADF;
	if (!(f->flags & (write ? SP_WRITE : SP_READ))) return -EBADF;
	if (write ? injected(__sp_env.write_fail, write_calls) : injected(__sp_env.read_fail, read_calls)) return -EIO;
	if (write && f->kind == SP_HOST_OUT && n <= 64) {
		/* musl's stdio flushes with one writev of [buffer, new data]: to the terminal as one piece, so
		 * that another path's output cannot land between its parts when the searcher switches paths
		 * (--batch-instructions). */
		struct iovec parts[64];
		for (int i = 0; i < n; i++) {
			parts[i].iov_len = __sp_concretize(iov[i].iov_len);
			parts[i].iov_base = parts[i].iov_len ? (void *)__sp_concretize((long)iov[i].iov_base) : 0;
		}
		return __sympath_host_writev(f->host_fd, parts, n);
	}
	for (int i = 0; i < n; i++) {
		unsigned long len = __sp_concretize(iov[i].iov_len);
		if (len == 0) continue;
		long r = write ? write_file(f, iov[i].iov_base, len) : read_file(f, iov[i].iov_base, len);
		if (r < 0) return total ? total : r;
		total += r;
		if ((unsigned long)r < len) break;
	}
	return total;
}

long __sp_lseek(int fd, long off, int whence)
{
	sp_file *f = get_file(fd);
	if (!f) return -EBADF;
	off = __sp_concretize(off);
	long base;
	switch (f->kind) {
	case SP_HOST_OUT: return -ESPIPE;
	case SP_HOST_IN: return 0;
	case SP_DIR:
		if (whence != SEEK_SET || off != 0) return -EINVAL;
		f->off = 0;
		return 0;
	default: break;
	}
	switch (whence) {
	case SEEK_SET: base = 0; break;
	case SEEK_CUR: base = f->off; break;
	case SEEK_END: base = f->dfile->size; break;
	default: return -EINVAL;
	}
	if (base + off < 0) return -EINVAL;
	f->off = base + off;
	return f->off;
}

/* ---- descriptors ---------------------------------------------------------------------------- */

long __sp_dup2(int oldfd, int newfd, int cloexec)
{
	sp_file *f = get_file(oldfd);
	if (!f || newfd < 0 || newfd >= SP_MAX_FDS) return -EBADF;
	if (oldfd == newfd) return newfd;
	__sp_env.fds[newfd] = *f;
	__sp_env.fds[newfd].flags = (f->flags & ~SP_CLOEXEC) | (cloexec ? SP_CLOEXEC : 0);
	return newfd;
}

long __sp_dup(int fd, int min, int cloexec)
{
	if (!get_file(fd)) return -EBADF;
	int nfd = free_fd(min);
	if (nfd < 0) return -EMFILE;
	return __sp_dup2(fd, nfd, cloexec);
}

long __sp_fcntl(int fd, int cmd, long arg)
{
	sp_file *f = get_file(fd);
	if (!f) return -EBADF;
	switch (cmd) {
	case F_DUPFD: return __sp_dup(fd, arg, 0);
	case F_DUPFD_CLOEXEC: return __sp_dup(fd, arg, 1);
	case F_GETFD: return f->flags & SP_CLOEXEC ? FD_CLOEXEC : 0;
	case F_SETFD:
		f->flags = (f->flags & ~SP_CLOEXEC) | (arg & FD_CLOEXEC ? SP_CLOEXEC : 0);
		return 0;
	case F_GETFL: {
		int acc = (f->flags & (SP_READ | SP_WRITE)) == (SP_READ | SP_WRITE) ? O_RDWR
		          : f->flags & SP_WRITE ? O_WRONLY : O_RDONLY;
		return acc | (f->flags & SP_APPEND ? O_APPEND : 0) | (f->flags & SP_NONBLOCK ? O_NONBLOCK : 0);
	}
	case F_SETFL:
		f->flags = (f->flags & ~(SP_APPEND | SP_NONBLOCK)) | (arg & O_APPEND ? SP_APPEND : 0) |
		           (arg & O_NONBLOCK ? SP_NONBLOCK : 0);
		return 0;
	case F_GETLK: case F_OFD_GETLK:
		/* No other process holds a lock: the lock could be placed (KLEE answers the same). */
		((struct flock *)__sp_concretize(arg))->l_type = F_UNLCK;
		return 0;
	case F_SETLK: case F_SETLKW: case F_OFD_SETLK: case F_OFD_SETLKW:
		return 0;
	default:
		klee_warning_once("fcntl: unsupported command (EINVAL)");
		return -EINVAL;
	}
}

/* ---- ioctl: whether a file is a terminal ---------------------------------------------------------- */

long __sp_ioctl(int fd, unsigned long req, void *arg)
{
	sp_file *f = get_file(fd);
	if (!f) return -EBADF;
	/* Only a symbolic file can be a terminal: when its symbolic st_mode says character device. */
	int tty = f->kind == SP_DISK && S_ISCHR(f->dfile->stat->st_mode);
	switch (req) {
	case TCGETS:
		if (!tty) return -ENOTTY;
		__builtin_memset(arg, 0, sizeof(struct termios));
		((struct termios *)arg)->c_iflag = ICRNL | IXON;
		((struct termios *)arg)->c_oflag = OPOST | ONLCR;
		((struct termios *)arg)->c_cflag = B38400 | CS8 | CREAD;
		((struct termios *)arg)->c_lflag = ISIG | ICANON | ECHO | ECHOE | ECHOK | IEXTEN;
		return 0;
	case TIOCGWINSZ:
		if (!tty) return -ENOTTY;
		((struct winsize *)arg)->ws_row = 24;
		((struct winsize *)arg)->ws_col = 80;
		((struct winsize *)arg)->ws_xpixel = ((struct winsize *)arg)->ws_ypixel = 0;
		return 0;
	case TCSETS: case TCSETSW: case TCSETSF: case TIOCSWINSZ:
		return tty ? 0 : -ENOTTY;
	case FIONREAD:
		if (f->kind != SP_DISK) return -ENOTTY;
		*(int *)arg = (unsigned long)f->off < f->dfile->size ? f->dfile->size - f->off : 0;
		return 0;
	default:
		return tty ? -EINVAL : -ENOTTY;
	}
}

/* ---- directories ---------------------------------------------------------------------------- */

struct sp_dirent64 {
	unsigned long d_ino;
	long d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[4];
};

static int put_dirent(char **p, unsigned long *left, unsigned long ino, long next, unsigned char type, const char *name)
{
	unsigned long n = sizeof(struct sp_dirent64);
	if (*left < n) return 0;
	struct sp_dirent64 *d = (struct sp_dirent64 *)*p;
	d->d_ino = ino;
	d->d_off = next;
	d->d_reclen = n;
	d->d_type = type;
	__builtin_memset(d->d_name, 0, sizeof d->d_name);
	for (int i = 0; name[i] && i < 3; i++) d->d_name[i] = name[i];
	*p += n;
	*left -= n;
	return 1;
}

/* getdents64: "." and "..", then the symbolic files that exist; the offset counts entries. */
long __sp_getdents(int fd, void *buf, unsigned long count)
{
	sp_file *f = get_file(fd);
	if (!f) return -EBADF;
	if (f->kind == SP_DISK && !S_ISDIR(f->dfile->stat->st_mode)) return -ENOTDIR;
	if (f->kind != SP_DIR && f->kind != SP_DISK) return -ENOTDIR;
	count = __sp_concretize(count);
	char *p = buf;
	unsigned long left = count;
	unsigned n_files = f->kind == SP_DIR ? __sp_env.n_sym_files : 0;
	long i = f->off;
	for (; i < 2 + (long)n_files; i++) {
		int ok;
		if (i < 2) {
			ok = put_dirent(&p, &left, 2, i + 1, DT_DIR, i == 0 ? "." : "..");
		} else {
			sp_disk_file *df = &__sp_env.sym_files[i - 2];
			if (df->stat->st_ino == 0) continue; /* deleted */
			char name[2] = { df->name, 0 };
			ok = put_dirent(&p, &left, df->stat->st_ino & 0x7FFFFFFF, i + 1, IFTODT(df->stat->st_mode), name);
		}
		if (!ok) {
			if (p == (char *)buf) return -EINVAL;
			break;
		}
	}
	f->off = i;
	return p - (char *)buf;
}

/* ---- paths ---------------------------------------------------------------------------------- */

long __sp_access(int dirfd, const char *path, int mode)
{
	(void)mode;
	int r = check_dirfd(dirfd, path);
	if (r) return r;
	if (__sp_sym_file(path) || __sp_is_cwd(path)) return 0; /* as KLEE: no permission check */
	void *data;
	unsigned long size;
	r = __sympath_host_file(path, &data, &size);
	if (r) return r;
	return (mode & W_OK) ? -EACCES : 0;
}

long __sp_readlink(int dirfd, const char *path, char *buf, unsigned long size)
{
	int r = check_dirfd(dirfd, path);
	if (r) return r;
	sp_disk_file *df = __sp_sym_file(path);
	if (df) {
		if (!S_ISLNK(df->stat->st_mode)) return -EINVAL;
		/* A symbolic link points to "A.lnk" (KLEE's convention: links lead nowhere). */
		const char target[6] = { path[0], '.', 'l', 'n', 'k', 0 };
		unsigned long n = MIN(size, 5);
		__builtin_memcpy(buf, target, n);
		return n;
	}
	if (__sp_is_cwd(path)) return -EINVAL;
	return -ENOENT;
}

static const char CWD[] = "/";

long __sp_getcwd(char *buf, unsigned long size)
{
	static int n_calls = 0;
	n_calls++;
	if (injected(__sp_env.getcwd_fail, n_calls)) return -ERANGE;
	size = __sp_concretize(size);
	if (size < sizeof CWD) return -ERANGE;
	__builtin_memcpy(buf, CWD, sizeof CWD);
	return sizeof CWD;
}

long __sp_chdir(const char *path)
{
	if (__sp_is_cwd(path)) return 0;
	sp_disk_file *df = __sp_sym_file(path);
	if (df) {
		if (!S_ISDIR(df->stat->st_mode)) return -ENOTDIR;
		klee_warning_once("chdir into a symbolic directory: ignored (it is empty)");
		return 0;
	}
	return -ENOENT;
}

long __sp_fchdir(int fd)
{
	sp_file *f = get_file(fd);
	if (!f) return -EBADF;
	if (f->kind == SP_DIR) return 0;
	if (f->kind == SP_DISK && S_ISDIR(f->dfile->stat->st_mode)) return 0;
	return -ENOTDIR;
}

long __sp_ftruncate(int fd, long len)
{
	static int n_calls = 0;
	n_calls++;
	sp_file *f = get_file(fd);
	if (!f) return -EBADF;
	if (injected(__sp_env.ftruncate_fail, n_calls)) return -EIO;
	if (f->kind != SP_DISK) return -EINVAL;
	if (!(f->flags & SP_WRITE)) return -EINVAL;
	len = __sp_concretize(len);
	if (len < 0) return -EINVAL;
	/* The size is concrete and stays: zero the bytes past len (KLEE fails with EIO instead). */
	if ((unsigned long)len < f->dfile->size) __builtin_memset(f->dfile->contents + len, 0, f->dfile->size - len);
	return 0;
}

long __sp_truncate(const char *path, long len)
{
	sp_disk_file *df = __sp_sym_file(path);
	if (!df) return __sp_is_cwd(path) ? -EISDIR : -ENOENT;
	len = __sp_concretize(len);
	if (len < 0) return -EINVAL;
	if ((unsigned long)len < df->size) __builtin_memset(df->contents + len, 0, df->size - len);
	return 0;
}

/* unlink/unlinkat/rmdir: deleting a symbolic file sets its inode to 0 (KLEE's convention). */
long __sp_unlink(int dirfd, const char *path, int flags)
{
	int r = check_dirfd(dirfd, path);
	if (r) return r;
	sp_disk_file *df = __sp_sym_file(path);
	if (df) {
		if (flags & AT_REMOVEDIR) {
			if (!S_ISDIR(df->stat->st_mode)) return -ENOTDIR;
		} else if (S_ISDIR(df->stat->st_mode)) {
			return -EISDIR;
		}
		df->stat->st_ino = 0;
		return 0;
	}
	if (__sp_is_cwd(path)) return (flags & AT_REMOVEDIR) ? -EBUSY : -EISDIR;
	return -ENOENT;
}

long __sp_chmod(int dirfd, const char *path, unsigned mode)
{
	int r = check_dirfd(dirfd, path);
	if (r) return r;
	sp_disk_file *df = __sp_sym_file(path);
	if (df) {
		df->stat->st_mode = (df->stat->st_mode & ~07777) | (mode & 07777);
		return 0;
	}
	return __sp_is_cwd(path) ? -EPERM : -ENOENT;
}

long __sp_fchmod(int fd, unsigned mode)
{
	sp_file *f = get_file(fd);
	if (!f) return -EBADF;
	if (f->kind != SP_DISK || f->dfile->name == 0) return -EPERM;
	f->dfile->stat->st_mode = (f->dfile->stat->st_mode & ~07777) | (mode & 07777);
	return 0;
}

long __sp_chown(int dirfd, const char *path)
{
	int r = check_dirfd(dirfd, path);
	if (r) return r;
	if (__sp_sym_file(path) || __sp_is_cwd(path)) return -EPERM; /* as KLEE */
	return -ENOENT;
}

long __sp_fchown(int fd)
{
	return get_file(fd) ? -EPERM : -EBADF;
}

/* utimensat's times: NULL or UTIME_NOW is now (utimes(path, NULL) touches), UTIME_OMIT leaves one. */
static void set_times(struct stat *st, const struct timespec *ts)
{
	struct timespec *to[2] = { &st->st_atim, &st->st_mtim };
	for (int i = 0; i < 2; i++) {
		if (ts && ts[i].tv_nsec == UTIME_OMIT) continue;
		if (!ts || ts[i].tv_nsec == UTIME_NOW) __sp_now(to[i]);
		else *to[i] = ts[i];
	}
}

long __sp_utimens(int dirfd, const char *path, const void *times, int flags)
{
	(void)flags;
	if (!path) {
		sp_file *f = get_file(dirfd);
		if (!f) return -EBADF;
		if (f->kind != SP_DISK || f->dfile->name == 0) return -EPERM;
		set_times(f->dfile->stat, times);
		return 0;
	}
	int r = check_dirfd(dirfd, path);
	if (r) return r;
	sp_disk_file *df = __sp_sym_file(path);
	if (df) {
		set_times(df->stat, times);
		return 0;
	}
	return __sp_is_cwd(path) ? -EPERM : -ENOENT;
}

/* mkdir, mknod, link, symlink: nothing can be created (a symbolic file's name already exists). */
long __sp_create(int dirfd, const char *path)
{
	int r = check_dirfd(dirfd, path);
	if (r) return r;
	if (__sp_sym_file(path) || __sp_is_cwd(path)) return -EEXIST;
	return -EACCES;
}

long __sp_rename(int olddirfd, const char *oldpath, int newdirfd, const char *newpath)
{
	int r = check_dirfd(olddirfd, oldpath);
	if (r) return r;
	r = check_dirfd(newdirfd, newpath);
	if (r) return r;
	if (!__sp_sym_file(oldpath)) return __sp_is_cwd(oldpath) ? -EBUSY : -ENOENT;
	klee_warning_once("rename of a symbolic file: refused (EACCES)");
	return -EACCES;
}

long __sp_fsync(int fd)
{
	return get_file(fd) ? 0 : -EBADF;
}

/* poll: every open descriptor is ready (nothing ever blocks). */
long __sp_poll_ready(void *fdsp, unsigned long n)
{
	struct pollfd *fds = fdsp;
	long ready = 0;
	n = __sp_concretize(n);
	for (unsigned long i = 0; i < n; i++) {
		fds[i].revents = 0;
		if (fds[i].fd < 0) continue;
		if (!get_file(fds[i].fd)) fds[i].revents = POLLNVAL;
		else fds[i].revents = fds[i].events & (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM);
		if (fds[i].revents) ready++;
	}
	return ready;
}
