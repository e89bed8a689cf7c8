// Helpers for the DGSE tests: run a fixture under the DGSE driver (and, for comparison, exhaustive
// search), and print what each path and task was in the paper's notation: a decision is its source
// line's "@N" marker (the paper's node number) with T or F, e.g. "2T"; a task is "<2T^8F>".

import { readFileSync } from 'node:fs';
import { runDriver } from '../../../src/engine/concolic/index.js';
import type { ConcolicInput, Driver } from '../../../src/engine/concolic/driver-api.js';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from '../../../src/engine/options.js';
import type { TestCase } from '../../../src/engine/test-case.js';
import type { Trace, TraceConstraint } from '../../../src/engine/trace/model.js';
import type { Module } from '../../../src/ir/model.js';
import { coveredLinesOf, errorSitesOf, type Reached } from '../../../src/strategies/check-pruning.js';
import { parseDependences } from '../../../src/strategies/dgse/dependences.js';
import { DgseDriver, type DgseRecord } from '../../../src/strategies/dgse/driver.js';
import { solver } from '../../engine/helpers.js';

/** Line -> the paper's node number, from the fixture's "@N" markers. */
export function markers(file: string): Map<number, string> {
  const out = new Map<number, string>();
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((l, k) => {
      const m = /@(\d+)/.exec(l);
      if (m) out.set(k + 1, m[1]!);
    });
  return out;
}

/** 32-bit little-endian objects, in creation order (a .ktest's objects). */
export function intInput(values: readonly number[], names: readonly string[]): ConcolicInput {
  return {
    objects: values.map((v, k) => {
      const bytes = new Uint8Array(4);
      new DataView(bytes.buffer).setInt32(0, v, true);
      return { name: names[k]!, bytes };
    }),
  };
}

export interface DriverRun {
  paths: { completed: number; errors: number; partial: number; pruned: number };
  tests: TestCase[];
  reached: Reached;
}

/** Runs `driver` on `module` (bare engine, real solver). */
export async function runWith(module: Module, driver: Driver, opts: Partial<EngineOptions> = {}): Promise<DriverRun> {
  const tests: TestCase[] = [];
  const r = await runDriver(
    module,
    { ...DEFAULT_ENGINE_OPTIONS, ...opts },
    { solver: await solver(), sink: { add: (t) => (tests.push(t), `test${tests.length}`) }, stdout: () => {}, stderr: () => {} },
    driver,
  );
  return { paths: r.paths, tests, reached: { errors: errorSitesOf(tests), lines: coveredLinesOf(module, r.covered) } };
}

export function dgse(deps = 'control,data,potential,interactive', initial?: ConcolicInput): DgseDriver {
  return new DgseDriver({ dependences: parseDependences(deps), record: true, ...(initial ? { initial } : {}) });
}

/** The paper's notation for the records of a DGSE run. */
export class Notation {
  constructor(private readonly marks: Map<number, string>) {}

  decision(t: Trace, c: TraceConstraint, negated = false): string {
    const line = t.inst(c.instance).loc?.line ?? 0;
    const node = this.marks.get(line) ?? `L${line}`;
    if (c.kind !== 'branch') return `${negated ? '!' : ''}${node}:${c.kind}`;
    return `${node}${(c.direction === 0) !== negated ? 'T' : 'F'}`;
  }

  /** A path: its branch decisions. */
  path(t: Trace): string {
    return `[${t.constraints.filter((c) => c.negatable).map((c) => this.decision(t, c)).join(',')}]`;
  }

  /** A task: its relevant path condition then the negated decision. */
  task(t: Trace, rpc: readonly TraceConstraint[], negated: TraceConstraint): string {
    return `<${[...rpc.filter((c) => c.negatable).map((c) => this.decision(t, c)), this.decision(t, negated, true)].join('^')}>`;
  }

  /** One row per popped task: "<task> -> [path] -> <pushed> <pushed>" (the paper's Tables 3, 4, 9). */
  rows(records: readonly DgseRecord[]): string[] {
    return records.map((r) => {
      const parent = r.from >= 0 ? records[r.from]!.trace! : null;
      const from = parent && r.negated ? this.task(parent, r.rpc!, r.negated) : '<true>';
      if (!r.trace) return `${from} -> ${r.outcome}`;
      const pushed = r.pushed.map((p) => this.task(r.trace!, p.rpc, p.negated));
      return `${from} -> ${this.path(r.trace)}${pushed.length ? ` -> ${pushed.join(' ')}` : ''}`;
    });
  }
}
