// The verdicts on native runs (src/replay/outcome.ts) for cases the fixtures do not produce: errors that
// are engine limits, the wrong crash, a sanitizer report of another kind; and small pure helpers.

import { describe, expect, it } from 'vitest';
import type { RunObservation } from '../../src/replay/execute.js';
import { lineRanges } from '../../src/replay/gcov.js';
import { judgeError, judgeNormal, sanitizerReport } from '../../src/replay/outcome.js';
import { ticks } from '../../src/replay/svg.js';

const run = (o: Partial<RunObservation>): RunObservation => ({ exit: null, signal: null, timedOut: false, stdout: '', stderr: '', seconds: 0, ...o });
const x86 = { arch: 'x86_64' as const, sanitize: false, timeoutSeconds: 10 };

describe('verdicts', () => {
  it('never counts exec and model errors as reproduced, and says why', () => {
    for (const kind of ['exec', 'model']) {
      const v = judgeError(kind, 'whatever', run({ exit: 0 }), x86);
      expect(v.reproduced).toBe(false);
      expect(v.reason).toMatch(new RegExp(`an? ${kind} error is a limit of the`));
    }
  });

  it('wants the crash of the kind', () => {
    expect(judgeError('abort', undefined, run({ signal: 'SIGSEGV' }), x86)).toEqual({
      reproduced: false,
      reason: 'expected SIGABRT, but the native run died of SIGSEGV',
    });
    expect(judgeError('ptr', undefined, run({ signal: 'SIGSEGV' }), x86).reproduced).toBe(true); // KLEE's name
    expect(judgeError('overshift', undefined, run({ exit: 0 }), x86).reason).toMatch(/--sanitize catches it with UBSan/);
  });

  it('with --sanitize, wants a report of the kind', () => {
    const asan = '==12==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010\n';
    const san = { ...x86, sanitize: true };
    expect(judgeError('use-after-free', undefined, run({ exit: 1, stderr: asan }), san)).toEqual({
      reproduced: true,
      reason: 'AddressSanitizer: heap-use-after-free on address 0x602000000010',
    });
    expect(judgeError('double-free', undefined, run({ exit: 1, stderr: asan }), san).reason).toMatch(/^the sanitizer reported something else/);
    expect(judgeNormal(run({ exit: 1, stderr: 'x.c:3:5: runtime error: signed integer overflow\n' }), san)).toMatch(/sanitizer reported/);
    expect(sanitizerReport('hello\n')).toBeUndefined();
  });

  it('does not take a program exit of 75 for the replay library', () => {
    expect(judgeNormal(run({ exit: 75 }), x86)).toBeUndefined();
    expect(judgeNormal(run({ exit: 75, stderr: 'sympath-replay: error: klee_assume: false (exit 75)\n' }), x86)).toMatch(/does not fit/);
  });
});

describe('helpers', () => {
  it('writes line ranges and round ticks', () => {
    expect(lineRanges([3, 7, 8, 9, 12])).toBe('3, 7-9, 12');
    expect(ticks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(ticks(2.5)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
  });
});
