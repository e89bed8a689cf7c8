// Errors on the console as a run finds them, as KLEE prints them ("KLEE: ERROR: heap.c:13: memory
// error: use after free" then "KLEE: NOTE: now ignoring this error at this location"), a summary at the
// end, and `--exit-on-error` / `--exit-on-error-type KIND`: stop the run at the first error (of a kind)
// so that a CI job fails fast (exit EXIT_ON_ERROR, the tests and stats.json written as at any stop).

import type { TestCase, TestSink } from '../engine/test-case.js';

/** The exit code of a run stopped by --exit-on-error(-type). */
export const EXIT_ON_ERROR = 5;

/** KLEE's --exit-on-error-type names (its TerminateReason) and the sympath error kinds each covers. */
export const KLEE_ERROR_TYPES: Readonly<Record<string, readonly string[]>> = {
  Abort: ['abort'],
  Assert: ['assert', 'reach-error'],
  Exec: ['exec'],
  External: ['exec'],
  Free: ['invalid-free', 'double-free'],
  Model: ['model'],
  Overflow: ['overshift'],
  Ptr: ['out-of-bounds', 'null-deref', 'use-after-free'],
  ReportError: ['user'],
  User: ['user'],
  Unhandled: ['exec', 'unreachable'],
};

/** The error kinds (DESIGN.md) --exit-on-error-type accepts besides KLEE's names. */
export const ERROR_KINDS = [
  'abort', 'assert', 'div-by-zero', 'out-of-bounds', 'null-deref', 'use-after-free', 'double-free',
  'invalid-free', 'overshift', 'unreachable', 'stack-overflow', 'reach-error', 'user', 'exec', 'model',
] as const;

/** The sympath kinds named by --exit-on-error-type values (KLEE's names or sympath's kinds); throws on others. */
export function errorKindsOf(names: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const n of names) {
    const klee = KLEE_ERROR_TYPES[n];
    if (klee) for (const k of klee) out.add(k);
    else if ((ERROR_KINDS as readonly string[]).includes(n)) out.add(n);
    else throw new Error(`unknown error type '${n}' (KLEE's ${Object.keys(KLEE_ERROR_TYPES).join(', ')}, or sympath's ${ERROR_KINDS.join(', ')})`);
  }
  return out;
}

export interface ErrorConsoleOptions {
  /** Stop at an error of these kinds ('all': any). */
  readonly exitOn: ReadonlySet<string> | 'all' | null;
  /** Whether repeated errors at a location get tests (then no "now ignoring" note). */
  readonly emitAllErrors: boolean;
  readonly err: (text: string) => void;
  /** Stops the run (the first error that --exit-on-error asks for). */
  readonly stop: () => void;
}

/** Wraps the output directory's sink: each error test written is reported on the console. */
export class ErrorConsole implements TestSink {
  /** The error that stopped the run, if --exit-on-error did. */
  stoppedBy: TestCase | null = null;

  constructor(
    private readonly inner: TestSink,
    private readonly opts: ErrorConsoleOptions,
  ) {}

  add(test: TestCase): string | null {
    const name = this.inner.add(test);
    const e = test.error;
    if (name === null || test.termination !== 'error' || !e) return name;
    this.opts.err(`sympath: ERROR: ${e.file}:${e.line}: ${e.kind}: ${e.message} (${name})\n`);
    if (!this.opts.emitAllErrors) this.opts.err('sympath: NOTE: now ignoring this error at this location\n');
    const exitOn = this.opts.exitOn;
    if (this.stoppedBy === null && exitOn !== null && (exitOn === 'all' || exitOn.has(e.kind))) {
      this.stoppedBy = test;
      this.opts.err(`sympath: stopping at the first ${exitOn === 'all' ? '' : `${e.kind} `}error (--exit-on-error${exitOn === 'all' ? '' : '-type'})\n`);
      this.opts.stop();
    }
    return name;
  }
}

/** The closing summary of the error sites found (none when there were none). */
export function errorSummary(errors: readonly { kind: string; file: string; line: number; test: string }[]): string[] {
  if (errors.length === 0) return [];
  const sites = new Map<string, { n: number; test: string }>();
  for (const e of errors) {
    const key = `${e.kind} at ${e.file}:${e.line}`;
    const s = sites.get(key);
    if (s) s.n++;
    else sites.set(key, { n: 1, test: e.test });
  }
  const out = [`errors: ${errors.length} test${errors.length === 1 ? '' : 's'} at ${sites.size} location${sites.size === 1 ? '' : 's'}:`];
  for (const [key, s] of sites) out.push(`  ${key} (${s.test}${s.n > 1 ? ` and ${s.n - 1} more` : ''})`);
  return out;
}
