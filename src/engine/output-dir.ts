// The output directory of a run and the test writer (the engine's TestSink). Layout, as KLEE's:
//   testNNNNNN.ktest           one per written test, numbered from 1 in the order paths ended
//   testNNNNNN.<kind>.err      next to an error path's test: message, location, stack (kind: ErrorKind)
//   testNNNNNN.early           next to a partial path's test (cut by a budget): why
//   testNNNNNN.pruned          next to a pruned path's test (its prefix; a hook proved every suffix
//                              from there already explored): which hook
//   info                       command line, start/end times, totals in words
//   messages.txt               engine messages, appended as they arrive
//   stats.json                 the summary of ../../shared/DESIGN.md (stats.ts), rewritten during the
//                              run with "running": true (src/cli/live-stats.ts)
//   run.stats.csv              the run's figures over time, a row per --stats-write-interval
//   run.json, program.ll       what `sympath run` compiled and ran (replay reads them)
//   testNNNNNN.cov, run.cov    with --write-cov: the lines the test's path covered first; every covered line
// Default location: the first free `sympath-out-N` (N from 0) in the current directory, with a
// `sympath-last` symbolic link to it (replaced atomically). An explicit --output-dir must not exist yet.
// Every write is synchronous and immediate, so an interrupted run keeps everything written so far, and
// atomic (atomic-file.ts: a temporary name, then a rename; messages.txt, a log, gets whole lines only),
// so a full disk leaves no truncated file. A write that fails (ENOSPC, …) is recorded, not thrown: the
// first one calls `onWriteFailure` (the run stops), tests are written no more, and `failure` and
// `notWritten` say what is missing. So that the closing files still fit on a full disk, the directory
// can hold a reserve (`.reserve`, TestWriterOptions.reserveBytes; `sympath run` keeps RESERVE_BYTES)
// from its creation until stats.json is written; the first failed write frees it.

import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { appendAtomic, copyFileAtomic, removeFile, writeFileAtomic } from './atomic-file.js';
import { writeKTest } from './ktest.js';
import type { PathError, TestCase, TestSink } from './test-case.js';
import type { StatsError, StatsJson } from './stats.js';

/** An output directory that cannot be created (it exists, a parent is not writable, …). */
export class OutputDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputDirError';
  }
}

export const LAST_LINK = 'sympath-last';

/** Room kept for stats.json and the end of info while the run writes tests (see the header). */
export const RESERVE_BYTES = 64 * 1024;
const RESERVE = '.reserve';

/**
 * Creates the output directory: `explicit` (must not exist; its parents are created) or the first free
 * `sympath-out-N` in `cwd`. Returns the absolute path. The caller points sympath-last at a default
 * directory with linkLast() once the run is sure to happen.
 */
export function createOutputDir(opts: { explicit?: string; cwd: string }): string {
  if (opts.explicit !== undefined) {
    const dir = resolve(opts.cwd, opts.explicit);
    if (existsSync(dir)) {
      throw new OutputDirError(`sympath: output directory ${opts.explicit} already exists; remove it or name another with --output-dir`);
    }
    try {
      mkdirSync(dirname(dir), { recursive: true });
      mkdirSync(dir);
    } catch (e) {
      throw new OutputDirError(`sympath: cannot create output directory ${opts.explicit}: ${(e as Error).message}`);
    }
    return dir;
  }
  for (let n = 0; ; n++) {
    const dir = join(resolve(opts.cwd), `sympath-out-${n}`);
    try {
      mkdirSync(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new OutputDirError(`sympath: cannot create output directory ${dir}: ${(e as Error).message}`);
    }
    return dir;
  }
}

/** Points `sympath-last` (beside `dir`) at `dir`: a new link renamed over the old one, so never missing. */
export function linkLast(dir: string): void {
  const link = join(dirname(dir), LAST_LINK);
  const tmp = `${link}.${process.pid}.tmp`;
  try {
    rmSync(tmp, { force: true });
    symlinkSync(basename(dir), tmp);
    renameSync(tmp, link);
  } catch {
    rmSync(tmp, { force: true });
    // Not fatal: the run goes on without the convenience link (e.g. a file system without symlinks).
  }
}

export interface TestWriterOptions {
  /** The command line recorded in every .ktest: the program, then its arguments (as KLEE's argv). */
  ktestArgs: string[];
  /** --only-output-states-covering-new: tests of exit and partial paths only if they covered new code. */
  onlyCoveringNew: boolean;
  /** --max-tests: stop writing after this many (0 = no limit). The engine halts on its own. */
  maxTests: number;
  /** Called once, on the first write that fails (the disk is full, …), with a one-line message. */
  onWriteFailure?: (message: string) => void;
  /** Bytes kept in reserve for stats.json and info (see the header; 0 or absent = none). */
  reserveBytes?: number;
}

/** The .err text for an error path, in KLEE's layout. */
export function formatErr(e: PathError): string {
  const lines = [`Error: ${e.message}`, `File: ${e.file}`, `Line: ${e.line}`, 'Stack: '];
  for (const frame of e.stack) lines.push(`\t${frame}`);
  if (e.info && e.info.length > 0) {
    lines.push('Info: ');
    for (const info of e.info) lines.push(`\t${info}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * One run's output directory: the TestSink the engine writes paths to, plus messages, info and stats.
 *
 * What add() writes: a test for every 'exit', 'error', 'partial' and 'pruned' path (a pruned path's test
 * drives its prefix; KLEE writes error tests even with --only-output-states-covering-new; the others then
 * need `coveredNew`). It returns null when it writes nothing, including once --max-tests tests exist.
 * Deduplicating errors by location is the engine's job.
 */
export class OutputDir implements TestSink {
  private written = 0;
  private readonly errorList: StatsError[] = [];
  private infoText = '';
  private firstFailure: string | undefined;
  private lastError: string | undefined;
  private readonly missing = new Set<string>();

  constructor(
    readonly path: string,
    private readonly opts: TestWriterOptions,
  ) {
    if (!opts.reserveBytes) return;
    try {
      writeFileAtomic(this.file(RESERVE), new Uint8Array(opts.reserveBytes));
      // A process that quits at once (a second Ctrl-C) must not leave it behind either.
      process.on('exit', this.onExit);
    } catch {
      // No room even for the reserve: the run goes on without one.
    }
  }

  private readonly onExit = (): void => this.releaseReserve();

  private releaseReserve(): void {
    process.off('exit', this.onExit);
    removeFile(this.file(RESERVE), this.opts.reserveBytes ?? 0);
  }

  /** Tests written so far. */
  get tests(): number {
    return this.written;
  }

  /** The error tests written so far (stats.json "errors"). */
  get errors(): readonly StatsError[] {
    return this.errorList;
  }

  /** The first failed write's message (undefined while every write has succeeded). */
  get failure(): string | undefined {
    return this.firstFailure;
  }

  /** The error of the last failed write. */
  get lastFailure(): string | undefined {
    return this.lastError;
  }

  /** What a failed write left out: file names, or "messages.txt (some lines)", "tests after testNNNNNN". */
  get notWritten(): string[] {
    return [...this.missing];
  }

  file(name: string): string {
    return join(this.path, name);
  }

  /** Runs one write; on failure records it under `what` and returns false. */
  private attempt(what: string, write: () => void): boolean {
    try {
      write();
      this.missing.delete(what);
      return true;
    } catch (e) {
      this.missing.add(what);
      this.lastError = (e as Error).message ?? String(e);
      if (this.firstFailure === undefined) {
        this.releaseReserve();
        this.firstFailure = `cannot write ${what} in ${this.path}: ${this.lastError}`;
        this.opts.onWriteFailure?.(this.firstFailure);
      }
      return false;
    }
  }

  add(test: TestCase): string | null {
    if (this.opts.onlyCoveringNew && test.termination !== 'error' && !test.coveredNew) return null;
    if (this.opts.maxTests > 0 && this.written >= this.opts.maxTests) return null;
    // After a failed write the run is stopping: no more tests (each would fail the same way).
    if (this.firstFailure !== undefined) return null;
    const stem = `test${String(this.written + 1).padStart(6, '0')}`;
    const name = `${stem}.ktest`;
    let side: { name: string; text: string } | null = null;
    if (test.termination === 'error' && test.error) {
      side = { name: `${stem}.${test.error.kind}.err`, text: formatErr(test.error) };
    } else if (test.termination === 'partial') {
      side = { name: `${stem}.early`, text: `${test.error ? test.error.message : 'the path was cut short by a budget'}\n` };
    } else if (test.termination === 'pruned') {
      side = { name: `${stem}.pruned`, text: 'pruned: every suffix from the end of this prefix was already explored\n' };
    }
    const what = `${name} and the tests after it`;
    if (!this.attempt(what, () => writeKTest(this.file(name), { args: this.opts.ktestArgs, objects: test.objects }))) return null;
    // A test and its side files go together: without them the test is taken back.
    const sides: { name: string; data: string | Uint8Array }[] = side ? [{ name: side.name, data: side.text }] : [];
    if (test.output) sides.push({ name: `${stem}.stdout`, data: test.output.stdout }, { name: `${stem}.stderr`, data: test.output.stderr });
    if (test.smt2 !== undefined) sides.push({ name: `${stem}.smt2`, data: test.smt2 });
    if (test.path !== undefined) sides.push({ name: `${stem}.path`, data: test.path });
    if (test.cov !== undefined) sides.push({ name: `${stem}.cov`, data: test.cov });
    for (const f of sides) {
      if (!this.attempt(what, () => writeFileAtomic(this.file(f.name), f.data))) {
        for (const g of [name, ...sides.map((x) => x.name)]) rmSync(this.file(g), { force: true });
        return null;
      }
    }
    this.written++;
    if (test.termination === 'error' && test.error) {
      this.errorList.push({ kind: test.error.kind, file: test.error.file, line: test.error.line, test: name });
    }
    return name;
  }

  /** Appends one line to messages.txt (a line that cannot be written is left out whole). */
  message(text: string): void {
    this.attempt('messages.txt (some lines)', () => appendAtomic(this.file('messages.txt'), text.endsWith('\n') ? text : `${text}\n`));
  }

  /**
   * The statistics written while the run goes on (the live stats.json, rows of run.stats.csv): when
   * there is room. A failed write leaves no torn file and is not the run's failure: the final
   * stats.json has the reserve, and a full disk stops the run at the next test that does not fit.
   */
  writeLiveJson(name: string, value: unknown): boolean {
    return this.quietly(() => writeFileAtomic(this.file(name), `${JSON.stringify(value, null, 2)}\n`));
  }

  /** Appends whole lines to the log `name` when there is room (as writeLiveJson). */
  appendLiveLines(name: string, text: string): boolean {
    return this.quietly(() => appendAtomic(this.file(name), text));
  }

  private quietly(write: () => void): boolean {
    if (this.firstFailure !== undefined) return false;
    try {
      write();
      return true;
    } catch {
      return false;
    }
  }

  writeInfo(text: string): void {
    this.infoText = text;
    this.attempt('info', () => writeFileAtomic(this.file('info'), this.infoText));
  }

  /** Adds to info (kept in memory and rewritten whole, so the file is never half an update). */
  appendInfo(text: string): void {
    this.infoText += text;
    this.attempt('info', () => writeFileAtomic(this.file('info'), this.infoText));
  }

  /** Writes stats.json; false when it could not be written (see failure). */
  writeStats(stats: StatsJson): boolean {
    // The last file the reserve is kept for: written, or not, the reserve goes.
    this.releaseReserve();
    return this.writeJson('stats.json', stats);
  }

  writeJson(name: string, value: unknown): boolean {
    return this.attempt(name, () => writeFileAtomic(this.file(name), `${JSON.stringify(value, null, 2)}\n`));
  }

  /** Writes a text file `name` (atomically). */
  writeText(name: string, text: string): boolean {
    return this.attempt(name, () => writeFileAtomic(this.file(name), text));
  }

  /** Copies `from` into the directory as `name`. */
  copyIn(from: string, name: string): boolean {
    return this.attempt(name, () => copyFileAtomic(from, this.file(name)));
  }
}
