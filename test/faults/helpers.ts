// Helpers of the fault-injection suite: the real CLI as a child process (`node bin/sympath.mjs`, dist/
// rebuilt by test/global-setup.ts), its child processes read from /proc, and the check every fault ends
// with: the output directory validates (every .ktest parses, stats.json is complete, no temporary file).

import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readKTest } from '../../src/engine/ktest.js';
import { statsProblems } from '../../src/engine/stats.js';

export const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
export const BIN = join(ROOT, 'bin', 'sympath.mjs');
export const PROGRAMS = join(ROOT, 'test', 'faults', 'programs');
export const HAVE_Z3 = existsSync('/usr/bin/z3');

/** A scratch directory holding a copy of test/faults/programs/NAME. */
export function scratchWith(...names: string[]): string {
  const cwd = mkdtempSync(join(tmpdir(), 'sympath-faults-'));
  for (const n of names) copyFileSync(join(PROGRAMS, n), join(cwd, n));
  return cwd;
}

export interface Running {
  child: ChildProcess;
  /** stderr so far. */
  stderr(): string;
  /** Resolves when the process has exited: its status (or 128 + signal number when killed) and stderr. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/** Starts `sympath ARGS` in `cwd`; stdout as given (default: ignored). */
export function startSympath(args: string[], cwd: string, opts: { stdout?: 'ignore' | 'pipe' | number; env?: Record<string, string> } = {}): Running {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    stdio: ['ignore', opts.stdout ?? 'ignore', 'pipe'],
    env: { ...process.env, SYMPATH_DEBUG: '', ...opts.env },
  });
  let err = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (c: string) => (err += c));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stderr: err }));
  });
  return { child, stderr: () => err, done };
}

/** The pids whose parent is `pid` (from /proc), with their command names. */
export function childrenOf(pid: number): { pid: number; comm: string }[] {
  const out: { pid: number; comm: string }[] = [];
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${e}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so split after the last ')'.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    if (Number(fields[1]) === pid) out.push({ pid: Number(e), comm: stat.slice(stat.indexOf('(') + 1, close) });
  }
  return out;
}

/** Whether `pid` is a running process (not gone, not a zombie) whose command is `comm`. */
export function aliveAs(pid: number, comm: string): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    return stat.slice(stat.indexOf('(') + 1, close) === comm && stat[close + 2] !== 'Z';
  } catch {
    return false;
  }
}

export async function waitFor(cond: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Validated {
  tests: number;
  /** stats.json parsed, or null when absent. */
  stats: { tests: number; paths: Record<string, number>; running?: boolean } | null;
  /** Everything wrong with the directory (empty = valid). */
  problems: string[];
}

/**
 * The output directory's check: every .ktest parses, every .err/.early belongs to a test, stats.json
 * (when present) is complete and counts the tests present (at most those when it is the live one,
 * "running": true), messages.txt and info end with a whole line, and no temporary file
 * (`.NAME.PID.tmp`) or reserve (`.reserve`) is left.
 */
export function validateOutputDir(dir: string): Validated {
  const problems: string[] = [];
  const files = readdirSync(dir);
  let tests = 0;
  for (const f of files) {
    const path = join(dir, f);
    if (f.startsWith('.')) problems.push(`left-over file ${f}`);
    else if (f.endsWith('.ktest')) {
      try {
        readKTest(path);
        tests++;
      } catch (e) {
        problems.push(`${f}: ${(e as Error).message}`);
      }
    } else if (/\.(err|early|pruned)$/.test(f)) {
      const stem = f.slice(0, f.indexOf('.'));
      if (!files.includes(`${stem}.ktest`)) problems.push(`${f} without ${stem}.ktest`);
    } else if (f === 'messages.txt' || f === 'info') {
      const text = readFileSync(path, 'utf8');
      if (text.length > 0 && !text.endsWith('\n')) problems.push(`${f} ends in the middle of a line`);
    } else if (f.endsWith('.json')) {
      try {
        JSON.parse(readFileSync(path, 'utf8'));
      } catch (e) {
        problems.push(`${f}: ${(e as Error).message}`);
      }
    }
  }
  let stats: Validated['stats'] = null;
  if (files.includes('stats.json')) {
    try {
      const parsed = JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8'));
      problems.push(...statsProblems(parsed).map((p) => `stats.json: ${p}`));
      stats = parsed;
      // A live stats.json (the run quit at once after it) may lag behind the tests written since.
      if (parsed.running === true ? parsed.tests > tests : parsed.tests !== tests) {
        problems.push(`stats.json counts ${parsed.tests} tests, the directory holds ${tests}`);
      }
    } catch {
      // reported above
    }
  }
  return { tests, stats, problems };
}
