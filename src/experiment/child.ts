// One `sympath` child process of an experiment (`sympath run` or `sympath replay` of a cell), started
// with the CLI's own entry (bin/sympath.mjs) in a process group of its own, so that stopping it stops
// everything it started (clang, gcc, the replayed programs): Ctrl-C/SIGTERM of the experiment (the abort
// signal) sends the group SIGTERM, then SIGKILL 3 s later; a time-out sends SIGKILL; and once the child
// has exited the group is sent SIGKILL in case something of it is left.
//
// The child's group is its own, so a signal to the experiment does not reach it: when the experiment (or
// the worker) dies without stopping it (SIGKILL), the child notices within a second that its parent
// changed (it was re-parented) and SIGKILLs its own group — no orphan goes on writing a cell's output
// directory while the cell is run again elsewhere.
//
// Its CPU time is the child's own resource usage: Node gives no rusage of a child, so a preloaded module
// (node --import, a data: URL, nothing on disk to find from the bundle) writes the child's
// process.resourceUsage() and its waited-for children's times (/proc/self/stat cutime/cstime: clang,
// gcc) to a file as it exits. A child killed by a signal writes none (its resources are then null).

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../toolchain/clang.js';
import type { Resources } from './cell.js';

export const SYMPATH_ENTRY = join(packageRoot, 'bin', 'sympath.mjs');

/** Seconds per clock tick of /proc/<pid>/stat's times (USER_HZ is 100 on Linux's usual builds). */
const TICK = 1 / 100;

const PRELOAD = `
import { isMainThread } from 'node:worker_threads';
import { readFileSync, writeFileSync } from 'node:fs';
const file = process.env.SYMPATH_RUSAGE_FILE;
if (file && isMainThread) {
  delete process.env.SYMPATH_RUSAGE_FILE;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) {
      try { process.kill(-process.pid, 'SIGKILL'); } catch {}
    }
  }, 1000).unref();
  process.on('exit', () => {
    try {
      const u = process.resourceUsage();
      const stat = readFileSync('/proc/self/stat', 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      writeFileSync(file, JSON.stringify({ user: u.userCPUTime / 1e6, system: u.systemCPUTime / 1e6, childUser: Number(f[13]) * ${TICK}, childSystem: Number(f[14]) * ${TICK}, maxRssKB: u.maxRSS }));
    } catch {}
  });
}`;
const PRELOAD_URL = `data:text/javascript,${encodeURIComponent(PRELOAD)}`;

export interface ChildOutcome {
  exitCode: number | null;
  signal: string | null;
  /** The whole stdout when asked for, else its last 64 KiB. */
  stdout: string;
  /** The last 64 KiB of stderr. */
  stderr: string;
  timedOut: boolean;
  /** Stopped by the abort signal. */
  aborted: boolean;
  resources: Resources | null;
}

export interface ChildOptions {
  cwd: string;
  timeoutSeconds: number;
  signal: AbortSignal;
  wholeStdout?: boolean;
  /** Called with the child's pid once started (the tests look for left-over processes). */
  onStart?: (pid: number) => void;
}

const TAIL = 64 * 1024;

/** The process groups of the children running now (killAllChildren: the CLI's second Ctrl-C). */
const running = new Set<number>();

/** SIGKILLs every child's process group at once (before the process exits without waiting). */
export function killAllChildren(): void {
  for (const pid of running) killGroup(pid, 'SIGKILL');
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** Runs `node bin/sympath.mjs ARGS` as described above. */
export function runSympath(args: string[], o: ChildOptions): Promise<ChildOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'sympath-experiment-rusage-'));
  const rusageFile = join(dir, 'rusage.json');
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', PRELOAD_URL, SYMPATH_ENTRY, ...args], {
      cwd: o.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SYMPATH_RUSAGE_FILE: rusageFile },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => {
      stdout += b.toString();
      if (!o.wholeStdout && stdout.length > 2 * TAIL) stdout = stdout.slice(-TAIL);
    });
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
      if (stderr.length > 2 * TAIL) stderr = stderr.slice(-TAIL);
    });
    let timedOut = false;
    let aborted = false;
    let hardKill: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
    }, o.timeoutSeconds * 1000);
    const onAbort = (): void => {
      aborted = true;
      if (child.pid === undefined) return;
      killGroup(child.pid, 'SIGTERM');
      hardKill = setTimeout(() => killGroup(child.pid!, 'SIGKILL'), 3000);
    };
    if (o.signal.aborted) onAbort();
    else o.signal.addEventListener('abort', onAbort, { once: true });
    if (child.pid !== undefined) {
      running.add(child.pid);
      o.onStart?.(child.pid);
    }
    let finished = false;
    const finish = (exitCode: number | null, signal: string | null): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearTimeout(hardKill);
      o.signal.removeEventListener('abort', onAbort);
      if (child.pid !== undefined) {
        killGroup(child.pid, 'SIGKILL');
        running.delete(child.pid);
      }
      let resources: Resources | null = null;
      try {
        const u = JSON.parse(readFileSync(rusageFile, 'utf8')) as { user: number; system: number; childUser: number; childSystem: number; maxRssKB: number };
        const round = (x: number): number => Math.round(x * 1000) / 1000;
        resources = {
          wallSeconds: round((performance.now() - started) / 1000),
          userSeconds: round(u.user + u.childUser),
          systemSeconds: round(u.system + u.childSystem),
          cpuSeconds: round(u.user + u.system + u.childUser + u.childSystem),
          maxRssMB: Math.round(u.maxRssKB / 1024),
        };
      } catch {
        // Killed before it could say: no figures.
      }
      rmSync(dir, { recursive: true, force: true });
      done({ exitCode, signal, stdout, stderr, timedOut, aborted, resources });
    };
    child.on('error', (e) => {
      stderr += `\n${e.message}`;
      finish(null, null);
    });
    child.on('close', (code, sig) => finish(code, sig));
  });
}
