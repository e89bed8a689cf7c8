// The output directory of a run and the test writer (the engine's TestSink). Layout, as KLEE's:
//   testNNNNNN.ktest           one per written test, numbered from 1 in the order paths ended
//   testNNNNNN.<kind>.err      next to an error path's test: message, location, stack (kind: ErrorKind)
//   testNNNNNN.early           next to a partial path's test (cut by a budget): why
//   testNNNNNN.pruned          next to a pruned path's test (its prefix; a hook proved every suffix
//                              from there already explored): which hook
//   info                       command line, start/end times, totals in words
//   messages.txt               engine messages, appended as they arrive
//   stats.json                 the summary of ../../shared/DESIGN.md (stats.ts)
//   run.json, program.ll       what `sympath run` compiled and ran (replay reads them)
// Default location: the first free `sympath-out-N` (N from 0) in the current directory, with a
// `sympath-last` symbolic link to it (replaced atomically). An explicit --output-dir must not exist yet.
// Every write is synchronous and immediate, so an interrupted run keeps everything written so far.

import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
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

  constructor(
    readonly path: string,
    private readonly opts: TestWriterOptions,
  ) {}

  /** Tests written so far. */
  get tests(): number {
    return this.written;
  }

  /** The error tests written so far (stats.json "errors"). */
  get errors(): readonly StatsError[] {
    return this.errorList;
  }

  file(name: string): string {
    return join(this.path, name);
  }

  add(test: TestCase): string | null {
    if (this.opts.onlyCoveringNew && test.termination !== 'error' && !test.coveredNew) return null;
    if (this.opts.maxTests > 0 && this.written >= this.opts.maxTests) return null;
    const stem = `test${String(this.written + 1).padStart(6, '0')}`;
    const name = `${stem}.ktest`;
    writeKTest(this.file(name), { args: this.opts.ktestArgs, objects: test.objects });
    this.written++;
    if (test.termination === 'error' && test.error) {
      writeFileSync(this.file(`${stem}.${test.error.kind}.err`), formatErr(test.error));
      this.errorList.push({ kind: test.error.kind, file: test.error.file, line: test.error.line, test: name });
    } else if (test.termination === 'partial') {
      const why = test.error ? test.error.message : 'the path was cut short by a budget';
      writeFileSync(this.file(`${stem}.early`), `${why}\n`);
    } else if (test.termination === 'pruned') {
      writeFileSync(this.file(`${stem}.pruned`), 'pruned: every suffix from the end of this prefix was already explored\n');
    }
    return name;
  }

  /** Appends one line to messages.txt. */
  message(text: string): void {
    appendFileSync(this.file('messages.txt'), text.endsWith('\n') ? text : `${text}\n`);
  }

  writeInfo(text: string): void {
    writeFileSync(this.file('info'), text);
  }

  appendInfo(text: string): void {
    appendFileSync(this.file('info'), text);
  }

  writeStats(stats: StatsJson): void {
    writeFileSync(this.file('stats.json'), `${JSON.stringify(stats, null, 2)}\n`);
  }

  writeJson(name: string, value: unknown): void {
    writeFileSync(this.file(name), `${JSON.stringify(value, null, 2)}\n`);
  }
}
