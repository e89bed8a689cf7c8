// Running one test natively: a fresh scratch directory as the working directory (with the symbolic files
// of a POSIX test in it), the .ktest named by KTEST_FILE, a small fixed environment, stdin from the test
// or /dev/null, and a time limit. The program runs in its own process group; on time-out the group gets
// SIGTERM (the replay library dumps coverage and dies of it), then SIGKILL a second later.

import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync, chmodSync } from 'node:fs';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { fileType, S_IFCHR, S_IFDIR, S_IFIFO, S_IFLNK, S_IFREG, type PosixEnvironment, type SymFile } from './posix-env.js';

export interface RunRequest {
  /** The command and its arguments (a runner such as qemu first, then the binary). */
  command: string;
  args: string[];
  /** argv[0] when the command is the program itself (Node's argv0 option). */
  argv0?: string;
  cwd: string;
  env: Record<string, string>;
  stdin: { kind: 'none' } | { kind: 'file'; path: string } | { kind: 'pipe'; data: Uint8Array };
  /** Standard output: a pipe (the default), a regular file, or /dev/null (a character device). */
  stdout?: StdoutSpec;
  timeoutMs: number;
  /** Bytes of stdout/stderr kept (the end of each). */
  keepBytes: number;
}

export interface RunObservation {
  exit: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  seconds: number;
}

/** `pipe`: Node's stdio pipe (a socket pair); `fifo`: a real pipe (mkfifo at `path`), as the POSIX model's stdout is. */
export type StdoutSpec = { kind: 'pipe' } | { kind: 'fifo'; path: string } | { kind: 'file'; path: string } | { kind: 'null' };

/**
 * Standard output as the test describes it, as klee-replay makes it: with --sym-stdout's stdout_stat a
 * regular file at `filePath` for S_IFREG and /dev/null for a character device; otherwise a real pipe,
 * which is what the POSIX model's fstat(1) says standard output is (Node's own stdio "pipe" is a socket).
 * Programs look (cat refuses to copy a file onto itself, wc and cat pick their I/O by it), so the replay
 * must match. Tests without the POSIX model keep Node's pipe.
 */
export function stdoutFor(env: PosixEnvironment | undefined, filePath: string): StdoutSpec {
  if (env === undefined) return { kind: 'pipe' };
  const mode = env.stdoutStat?.mode;
  if (mode !== undefined && fileType(mode) === S_IFREG) return { kind: 'file', path: filePath };
  if (mode !== undefined && fileType(mode) === S_IFCHR) return { kind: 'null' };
  return { kind: 'fifo', path: `${filePath}.fifo` };
}

/** Our read end (a socket over the FIFO: libuv reads pipes that way) and the write end for the child. */
function openFifo(path: string): { reader: Socket; writeFd: number } {
  rmSync(path, { force: true });
  execFileSync('mkfifo', ['-m', '600', path]);
  // Read end first, non-blocking, so that opening the write end does not wait for a reader.
  const readFd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const writeFd = openSync(path, constants.O_WRONLY);
  rmSync(path, { force: true }); // both ends are open; the name is not needed any more
  return { reader: new Socket({ fd: readFd, readable: true, writable: false }), writeFd };
}

/**
 * The program's environment natively: what `sympath run --environ` gave main (NAME=VALUE), or, without
 * it, a small fixed one (the engine's environment is then empty; these keep the native run in the C
 * locale and UTC). The replay's own variables are added by the caller.
 */
export function programEnvironment(environ: readonly string[] | undefined, scratch: string): Record<string, string> {
  if (environ === undefined) {
    return { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C', TZ: 'UTC0', HOME: scratch, PWD: scratch };
  }
  const env: Record<string, string> = {};
  for (const e of environ) {
    const eq = e.indexOf('=');
    env[e.slice(0, eq)] = e.slice(eq + 1);
  }
  return env;
}

/** Keeps the last `limit` bytes written to it. */
class Tail {
  private chunks: Buffer[] = [];
  private size = 0;
  constructor(private readonly limit: number) {}
  push(b: Buffer): void {
    this.chunks.push(b);
    this.size += b.length;
    while (this.size - this.chunks[0]!.length >= this.limit && this.chunks.length > 1) this.size -= this.chunks.shift()!.length;
  }
  text(): string {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.limit)).toString('latin1');
  }
}

/** Runs the request; never rejects for the program's sake (a spawn failure is exit null, no signal). */
export function runProgram(req: RunRequest): Promise<RunObservation> {
  return new Promise((resolvePromise) => {
    const started = performance.now();
    let stdinFd: number | undefined;
    if (req.stdin.kind === 'file') stdinFd = openSync(req.stdin.path, 'r');
    const stdout = req.stdout ?? { kind: 'pipe' };
    const fifo = stdout.kind === 'fifo' ? openFifo(stdout.path) : undefined;
    const stdoutFd = stdout.kind === 'file' ? openSync(stdout.path, 'w') : stdout.kind === 'null' ? openSync('/dev/null', 'w') : fifo?.writeFd;
    const child = spawn(req.command, req.args, {
      cwd: req.cwd,
      env: req.env,
      argv0: req.argv0,
      detached: true, // its own process group, so a time-out ends everything it started
      stdio: [stdinFd ?? (req.stdin.kind === 'pipe' ? 'pipe' : 'ignore'), stdoutFd ?? 'pipe', 'pipe'],
    });
    if (stdinFd !== undefined) closeSync(stdinFd);
    if (stdoutFd !== undefined) closeSync(stdoutFd);
    const out = new Tail(req.keepBytes);
    const err = new Tail(req.keepBytes);
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    // The FIFO ends when every writer (the program and what it started) has closed it.
    let fifoOpen = fifo !== undefined;
    fifo?.reader.on('data', (b: Buffer) => out.push(b));
    fifo?.reader.on('error', () => {});
    fifo?.reader.on('close', () => {
      fifoOpen = false;
      if (exitInfo) finish();
    });
    child.stderr!.on('data', (b: Buffer) => err.push(b));
    if (req.stdin.kind === 'pipe') {
      child.stdin!.on('error', () => {}); // the program may exit without reading it all
      child.stdin!.end(Buffer.from(req.stdin.data));
    }
    let timedOut = false;
    let done = false;
    const killGroup = (sig: NodeJS.Signals): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, sig);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), 1000).unref();
    }, req.timeoutMs);
    let exitInfo: { code: number | null; signal: string | null } | undefined;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      killGroup('SIGKILL'); // anything the program left running in its group
      if (stdout.kind === 'file') out.push(readFileSync(stdout.path));
      fifo?.reader.destroy();
      resolvePromise({
        exit: exitInfo?.code ?? null,
        signal: exitInfo?.signal ?? null,
        timedOut,
        stdout: out.text(),
        stderr: err.text(),
        seconds: (performance.now() - started) / 1000,
      });
    };
    child.on('error', (e) => {
      err.push(Buffer.from(`sympath replay: cannot start ${req.command}: ${e.message}\n`));
      exitInfo = { code: null, signal: null };
      finish();
    });
    child.on('exit', (code, signal) => {
      exitInfo = { code, signal };
      // A background process holding the pipes open must not hold the result back.
      setTimeout(finish, 2000).unref();
    });
    child.on('close', () => {
      if (exitInfo && !fifoOpen) finish();
    });
  });
}

/** Makes the symbolic files of a POSIX test in `dir` (as klee-replay's file creator does). */
export function createSymFiles(dir: string, env: PosixEnvironment): string[] {
  const notes: string[] = [];
  for (const f of env.files) notes.push(...createFile(dir, f));
  return notes;
}

function createFile(dir: string, f: SymFile): string[] {
  const path = join(dir, f.name);
  const mode = f.stat?.mode ?? 0o100644;
  const perm = mode & 0o777;
  switch (fileType(mode)) {
    case S_IFDIR:
      mkdirSync(path);
      chmodSync(path, perm);
      return [];
    case S_IFLNK:
      // klee-replay: the contents go to NAME.lnk, NAME is a symbolic link to it.
      writeRegular(`${path}.lnk`, f.data, { ...(f.stat ?? { atimeSec: 0, mtimeSec: 0 }), mode: (mode & 0o777) | 0o100000 });
      symlinkSync(`${f.name}.lnk`, path);
      return [];
    case S_IFIFO:
      writeRegular(path, f.data, f.stat);
      return [`${f.name} is a FIFO in the test; natively it is a regular file with the same bytes`];
    default:
      writeRegular(path, f.data, f.stat);
      return fileType(mode) === 0 || fileType(mode) === 0o100000
        ? []
        : [`${f.name} has file type ${(fileType(mode) >> 12).toString(8)} in the test; natively it is a regular file`];
  }
}

function writeRegular(path: string, data: Uint8Array, stat: { mode: number; atimeSec: number; mtimeSec: number } | undefined): void {
  writeFileSync(path, data);
  chmodSync(path, stat ? stat.mode & 0o777 : 0o644);
  if (stat && stat.atimeSec > 0 && stat.mtimeSec > 0 && stat.atimeSec < 1e11 && stat.mtimeSec < 1e11) {
    try {
      utimesSync(path, stat.atimeSec, stat.mtimeSec);
    } catch {
      // times out of the file system's range: keep the current ones
    }
  }
}

/** An empty directory at `dir` (removing what a previous replay left). */
export function freshDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}
