// Regression test selection and augmentation with DiSE's results (§6.3), `--base-tests DIR`: each test
// of the old version is replayed concolically on the new one (src/engine/concolic: the program follows
// the test's bytes, nothing forks) with DiSE's bookkeeping observing it, which gives the impacted nodes
// its path executes on NEW.
//   - selected: the test's path on NEW executes at least one impacted node (its behaviour may have
//     changed: re-run it);
//   - not selected: it executes none (the change cannot affect it);
//   - new tests: the affected path conditions whose sequence of impacted nodes no selected test
//     follows — their DiSE tests are added to the suite.
// The paper compares test inputs as strings; comparing the impacted behaviour is the same idea on
// inputs that need not coincide byte for byte.

import { executeConcolic } from '../../engine/concolic/index.js';
import { readKTest } from '../../engine/ktest.js';
import type { EngineOptions } from '../../engine/options.js';
import type { Module } from '../../ir/model.js';
import { DiseExplorer, type DisePath } from './hook.js';
import type { DiseSetup } from './plugin.js';

export interface OldTestReplay {
  readonly test: string;
  /** Impacted nodes its path on NEW executes, in order. */
  readonly sequence: readonly number[];
  readonly termination: string;
}

export interface TestSelection {
  readonly selected: readonly { test: string; impactedNodes: number[] }[];
  readonly notSelected: readonly { test: string }[];
  readonly newTests: readonly { test?: string; impactedNodes: number[] }[];
}

/** Replays each .ktest on the run's module, recording the impacted nodes it executes. */
export async function replayOldTests(module: Module, opts: EngineOptions, files: readonly string[], setup: DiseSetup): Promise<OldTestReplay[]> {
  const out: OldTestReplay[] = [];
  for (const file of files) {
    let objects;
    try {
      objects = readKTest(file).objects;
    } catch (e) {
      throw new Error(`dise: --base-tests: ${file}: ${(e as Error).message}`);
    }
    const observer = new DiseExplorer(setup.nodes, setup.reach, setup.maxInstId, false);
    await executeConcolic(module, { ...opts, maxTime: 0 }, { objects }, { hooks: [observer.hook], stdout: () => {}, stderr: () => {} });
    const p = observer.paths[0];
    out.push({ test: file.slice(file.lastIndexOf('/') + 1), sequence: p?.sequence ?? [], termination: p?.termination ?? 'partial' });
  }
  return out;
}

const key = (seq: readonly number[]): string => seq.join(',');

export function selectTests(old: readonly OldTestReplay[], affected: readonly DisePath[]): TestSelection {
  const selected = old.filter((t) => t.sequence.length > 0);
  const covered = new Set(selected.map((t) => key(t.sequence)));
  const uniq = (s: readonly number[]): number[] => [...new Set(s)].sort((a, b) => a - b);
  return {
    selected: selected.map((t) => ({ test: t.test, impactedNodes: uniq(t.sequence) })),
    notSelected: old.filter((t) => t.sequence.length === 0).map((t) => ({ test: t.test })),
    newTests: affected.filter((p) => !covered.has(key(p.sequence))).map((p) => ({ ...(p.test !== undefined ? { test: p.test } : {}), impactedNodes: uniq(p.sequence) })),
  };
}
