// What every replay does with one test once its native run is observed, whether the program was
// rebuilt (replay.ts) or is a prebuilt binary (binary.ts): keep its output under logs/, judge it
// (error reproduced? normal run diverged?), record it in the replay JSON and the text report, and add
// the coverage reached so far to the timeline of coverage.json.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Arch } from './arch.js';
import type { TimelinePoint } from './coverage-report.js';
import type { RunObservation } from './execute.js';
import { summarize, type FileCoverage } from './gcov.js';
import { describeRun, judgeError, judgeNormal } from './outcome.js';
import type { ReplayJson, TestReport } from './replay.js';
import type { TestEntry } from './run-info.js';

export interface JudgeContext {
  arch: Arch;
  sanitize: boolean;
  timeoutSeconds: number;
}

/** A replay JSON with no test recorded yet; `notes` is shared, so later notes land in it. */
export function emptyReplayJson(arch: Arch, sanitize: boolean, notes: string[]): ReplayJson {
  return {
    arch,
    sanitize,
    tests: [],
    errors: [],
    coverage: { linesCovered: 0, linesTotal: 0, branchesCovered: 0, branchesTotal: 0 },
    divergent: [],
    notes,
  };
}

/** Saves the test's stdout/stderr in replayDir/logs, judges the run and records it in `json`; returns
 *  the test's line of the text report. */
export function recordTest(
  json: ReplayJson,
  replayDir: string,
  test: TestEntry,
  obs: RunObservation,
  posix: boolean,
  ctx: JudgeContext,
): TestReport {
  const stem = test.name.replace(/\.ktest$/, '');
  writeFileSync(join(replayDir, 'logs', `${stem}.stdout`), obs.stdout, 'latin1');
  writeFileSync(join(replayDir, 'logs', `${stem}.stderr`), obs.stderr, 'latin1');
  json.tests.push({ test: test.name, exit: obs.exit, signal: obs.signal, timedOut: obs.timedOut });
  const report: TestReport = {
    test: test.name,
    partial: test.partial,
    posix,
    outcome: describeRun(obs, ctx.timeoutSeconds),
    seconds: obs.seconds,
    ...(test.errorKind !== undefined ? { kind: test.errorKind } : {}),
  };
  if (test.errorKind !== undefined) {
    const v = judgeError(test.errorKind, test.errorMessage, obs, ctx);
    json.errors.push({ kind: test.errorKind, test: test.name, reproduced: v.reproduced, reason: v.reason });
    report.verdict = v;
  } else if (!test.partial) {
    const why = judgeNormal(obs, ctx);
    if (why !== undefined) {
      json.divergent.push({ test: test.name, reason: why });
      report.divergence = why;
    }
  }
  return report;
}

/** Coverage after each test, in the order the tests were made (coverage.json's timeline). */
export class CoverageTimeline {
  readonly points: TimelinePoint[] = [];
  private lastSeconds = 0;

  /** startMs: when the run that wrote the tests began (runStartMs). */
  constructor(private readonly startMs: number) {}

  add(test: TestEntry, files: readonly FileCoverage[]): void {
    const s = summarize(files);
    // Creation times only go forward (a copied directory may have shuffled them).
    this.lastSeconds = Math.max(this.lastSeconds, Math.max(0, (test.mtimeMs - this.startMs) / 1000));
    this.points.push({ test: test.name, seconds: Number(this.lastSeconds.toFixed(3)), linesCovered: s.linesCovered, branchesCovered: s.branchesCovered });
  }
}
