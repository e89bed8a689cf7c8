// Judging a native run. An error test is reproduced when the run shows the failure the engine reported:
// the signal a native crash of that kind gives, or with --sanitize a sanitizer report of that kind. A
// non-error test must exit (any status) without a crash, a time-out, a sanitizer report or the replay
// library refusing the test. Anything else is reported with the reason, never hidden.
//
// Per kind (sympath's kinds, and KLEE's .err suffixes mapped onto them):
//   abort, assert          SIGABRT
//   div-by-zero            SIGFPE on x86-64; aarch64 does not trap (SDIV/UDIV give 0); UBSan reports it
//   out-of-bounds          SIGSEGV/SIGBUS, or SIGABRT from glibc's checks; ASan buffer-overflow reports
//   null-deref             SIGSEGV/SIGBUS; ASan SEGV, UBSan null-pointer reports
//   use-after-free         SIGSEGV/SIGABRT (rarely: freed memory stays mapped); ASan heap-use-after-free
//   double-free            SIGABRT from glibc's free checks; ASan double-free
//   invalid-free           SIGABRT/SIGSEGV from glibc; ASan bad-free
//   overshift              no native trap (the shift just happens); UBSan shift-exponent report
//   unreachable            SIGILL (x86-64 ud2) / SIGTRAP (aarch64 brk): the build traps on
//                          __builtin_unreachable; UBSan "unreachable program point" with --sanitize
//   stack-overflow         SIGSEGV (the native stack runs out, when the recursion is deep enough natively
//                          too: KLEE's 8192 frames are fewer than 8 MB of small frames); ASan stack-overflow
//   user                   SIGABRT (klee_report_error and invalid klee_range abort in the replay library);
//                          a provably false klee_assume: the library's assume-violation exit (75)
//   reach-error            SIGABRT (sv-benchmarks' reach_error calls __assert_fail; where the task only
//                          declares it, the replay library's reach_error aborts)
//   exec, model            not reproducible: engine limits, not failures of the program

import type { Arch } from './arch.js';
import type { RunObservation } from './execute.js';
import { RUNTIME_EXIT, runtimeFailure } from './runtime-contract.js';

interface Expectation {
  /** Signals of a native crash that count as the failure. */
  signals: readonly string[];
  /** Sanitizer report lines that count, with --sanitize. */
  reports: readonly RegExp[];
  /** What the failure looks like natively, for reasons. */
  looksLike: string;
}

const OUT_OF_BOUNDS = [
  /AddressSanitizer: (heap|stack|global|dynamic-stack)-buffer-(overflow|underflow)/,
  /AddressSanitizer: stack-use-after-(scope|return)/,
  /AddressSanitizer: SEGV on unknown address/,
  /AddressSanitizer: unknown-crash/,
  /runtime error: index -?\d+ out of bounds/,
];
const NULL_DEREF = [/AddressSanitizer: SEGV on unknown address/, /runtime error: .*null pointer/];
const USE_AFTER_FREE = [/AddressSanitizer: heap-use-after-free/];
const DOUBLE_FREE = [/AddressSanitizer: attempting double-free/];
const INVALID_FREE = [/AddressSanitizer: attempting free on address which was not malloc\(\)-ed/, /AddressSanitizer: bad-free/, /AddressSanitizer: attempting double-free/];

const EXPECT: Record<string, Expectation> = {
  abort: { signals: ['SIGABRT'], reports: [], looksLike: 'SIGABRT' },
  assert: { signals: ['SIGABRT'], reports: [], looksLike: 'SIGABRT (assertion failure)' },
  'div-by-zero': {
    signals: ['SIGFPE'],
    reports: [/runtime error: division by zero/, /AddressSanitizer: FPE/],
    looksLike: 'SIGFPE',
  },
  'out-of-bounds': { signals: ['SIGSEGV', 'SIGBUS', 'SIGABRT'], reports: OUT_OF_BOUNDS, looksLike: 'SIGSEGV/SIGBUS/SIGABRT' },
  'null-deref': { signals: ['SIGSEGV', 'SIGBUS'], reports: NULL_DEREF, looksLike: 'SIGSEGV' },
  'use-after-free': { signals: ['SIGSEGV', 'SIGBUS', 'SIGABRT'], reports: USE_AFTER_FREE, looksLike: 'SIGSEGV/SIGABRT' },
  'double-free': { signals: ['SIGABRT', 'SIGSEGV'], reports: DOUBLE_FREE, looksLike: "SIGABRT (glibc's free checks)" },
  'invalid-free': { signals: ['SIGABRT', 'SIGSEGV'], reports: INVALID_FREE, looksLike: "SIGABRT (glibc's free checks)" },
  overshift: { signals: [], reports: [/runtime error: shift exponent/], looksLike: 'a UBSan shift report (--sanitize)' },
  unreachable: {
    signals: ['SIGILL', 'SIGTRAP'],
    reports: [/runtime error: execution reached an unreachable program point/, /runtime error: execution reached a __builtin_unreachable/],
    looksLike: 'SIGILL/SIGTRAP (the build traps on __builtin_unreachable)',
  },
  'stack-overflow': { signals: ['SIGSEGV', 'SIGBUS'], reports: [/AddressSanitizer: stack-overflow/], looksLike: 'SIGSEGV (the stack runs out)' },
  user: { signals: ['SIGABRT'], reports: [], looksLike: 'SIGABRT (klee_report_error aborts natively)' },
  'reach-error': { signals: ['SIGABRT'], reports: [], looksLike: "SIGABRT (the task's reach_error asserts; the replay library's aborts)" },
};

/** KLEE's .err suffixes, as the sympath kind whose native failure they share. */
const KLEE_KINDS: Record<string, string> = {
  ptr: 'out-of-bounds',
  free: 'invalid-free',
  div: 'div-by-zero',
  overflow: 'overshift',
  readonly: 'null-deref',
  bad_vector_access: 'out-of-bounds',
  reporterror: 'user',
  external: 'exec',
  xxx: 'exec',
};

const NOT_REPRODUCIBLE: Record<string, string> = {
  exec: 'an exec error is a limit of the engine (an unsupported instruction or an undefined external function), not a failure of the program: there is nothing to reproduce natively',
  model: 'a model error is a limit of the environment model, not a failure of the program: there is nothing to reproduce natively',
};

export interface Verdict {
  reproduced: boolean;
  reason: string;
}

/** "exit 0", "SIGABRT", "timed out after 10 s". */
export function describeRun(o: RunObservation, timeoutSeconds?: number): string {
  if (o.timedOut) return `timed out${timeoutSeconds !== undefined ? ` after ${timeoutSeconds} s` : ''}`;
  if (o.signal !== null) return o.signal;
  if (o.exit !== null) return `exit ${o.exit}`;
  return 'did not start';
}

/** The first sanitizer report line of a run's stderr, if any. */
export function sanitizerReport(stderr: string): string | undefined {
  const line = stderr
    .split('\n')
    .find((l) => /==\d+==ERROR: (Address|Leak|Memory|Thread)Sanitizer:/.test(l) || /: runtime error: /.test(l));
  return line?.replace(/^==\d+==ERROR: /, '').trim();
}

/** The verdict on an error test's native run. */
export function judgeError(
  kindName: string,
  errMessage: string | undefined,
  o: RunObservation,
  ctx: { arch: Arch; sanitize: boolean; timeoutSeconds: number },
): Verdict {
  const kind = KLEE_KINDS[kindName] ?? kindName;
  const not = NOT_REPRODUCIBLE[kind];
  if (not !== undefined) return { reproduced: false, reason: not };
  const ran = describeRun(o, ctx.timeoutSeconds);
  if (o.timedOut) return { reproduced: false, reason: `the native run ${ran} without failing` };
  const lib = runtimeFailure(o.exit, o.stderr);
  const userAssume = kind === 'user' && errMessage !== undefined && /klee_assume/.test(errMessage);
  if (lib) {
    if (userAssume && lib.status === RUNTIME_EXIT.ASSUME) {
      return { reproduced: true, reason: 'klee_assume is false natively too: the replay library exited with 75' };
    }
    return { reproduced: false, reason: `the test does not fit the native build: ${lib.message}` };
  }
  if (userAssume) return { reproduced: false, reason: `expected the replay library's klee_assume failure (exit 75), but the native run ended with ${ran}` };
  const e = EXPECT[kind];
  if (e === undefined) {
    // A kind this replay does not know: any crash counts.
    if (o.signal !== null) return { reproduced: true, reason: `the native run died of ${o.signal} (unknown error kind '${kindName}': any crash counts)` };
    return { reproduced: false, reason: `the native run ended with ${ran} (unknown error kind '${kindName}')` };
  }
  const report = ctx.sanitize ? sanitizerReport(o.stderr) : undefined;
  if (report !== undefined) {
    if (e.reports.some((r) => r.test(report))) return { reproduced: true, reason: report };
    if (o.signal !== null && e.signals.includes(o.signal)) return { reproduced: true, reason: `the native run died of ${o.signal}` };
    return { reproduced: false, reason: `the sanitizer reported something else: ${report}` };
  }
  if (o.signal !== null && e.signals.includes(o.signal)) return { reproduced: true, reason: `the native run died of ${o.signal}` };
  if (o.signal !== null) return { reproduced: false, reason: `expected ${e.looksLike}, but the native run died of ${o.signal}` };
  return { reproduced: false, reason: `expected ${e.looksLike}, but the native run ended with ${ran}${hint(kind, ctx)}` };
}

/** Why a failure the engine found can pass natively, when it commonly does. */
function hint(kind: string, ctx: { arch: Arch; sanitize: boolean }): string {
  if (kind === 'div-by-zero' && ctx.arch === 'aarch64') {
    return ctx.sanitize
      ? ''
      : ': on aarch64 integer division by zero does not trap (SDIV/UDIV return 0); --sanitize catches it with UBSan';
  }
  if (ctx.sanitize) return ': the run diverged from the path sympath explored (e.g. it read uninitialised memory)';
  if (kind === 'overshift') return ': an over-wide shift does not trap natively; --sanitize catches it with UBSan';
  if (['out-of-bounds', 'use-after-free', 'null-deref', 'invalid-free', 'double-free'].includes(kind)) {
    return ': an invalid access need not crash natively; --sanitize catches it with ASan';
  }
  return ': the run diverged from the path sympath explored (e.g. it read uninitialised memory)';
}

/** Whether a non-error test's run is normal: it exited, and nothing else happened. The reason if not. */
export function judgeNormal(o: RunObservation, ctx: { sanitize: boolean; timeoutSeconds: number }): string | undefined {
  if (o.timedOut) return `the native run ${describeRun(o, ctx.timeoutSeconds)}`;
  const lib = runtimeFailure(o.exit, o.stderr);
  if (lib) return `the test does not fit the native build: ${lib.message}`;
  if (o.signal !== null) return `the native run died of ${o.signal}, but sympath found this path error-free`;
  if (o.exit === null) return 'the native run could not start';
  const report = ctx.sanitize ? sanitizerReport(o.stderr) : undefined;
  if (report !== undefined) return `the sanitizer reported: ${report}`;
  return undefined;
}
