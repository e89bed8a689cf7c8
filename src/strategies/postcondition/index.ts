// Postconditioned symbolic execution (PSE, Yi et al., TSE 2017): prune path suffixes already explored.
// See README.md beside this file for what is implemented exactly and where it is conservative.

import type { Executor } from '../../engine/executor.js';
import type { Memory } from '../../engine/memory.js';
import { PostconditionHook, type PostconditionOptions, type PostconditionStats } from './hook.js';

export { PostconditionHook, DEFAULT_POSTCONDITION_OPTIONS } from './hook.js';
export type { PostconditionOptions, PostconditionStats } from './hook.js';
export { comparePruning, coveredLines, errorSitesOf, formatPruningCheck, type PruningCheck, type Reached } from '../check-pruning.js';

/** What a run needs to use the pruner: the hook and the memory it observes through. */
export interface PostconditionPruner {
  readonly hook: PostconditionHook;
  readonly createMemory: (ex: Executor) => Memory;
  /** The engine the hook was attached to (after the run started). */
  readonly engine: () => Executor | null;
  /** Summary lines for messages at the end of a run. */
  report(): string[];
}

export function createPostconditionPruner(opts: Partial<PostconditionOptions> = {}): PostconditionPruner {
  const hook = new PostconditionHook(opts);
  let engine: Executor | null = null;
  return {
    hook,
    createMemory: (ex) => {
      engine = ex;
      return hook.createMemory(ex);
    },
    engine: () => engine,
    report: () => reportLines(hook.finish()),
  };
}

export function reportLines(s: PostconditionStats): string[] {
  const lines = [
    `postcondition: ${s.checks} checks, ${s.prunes} directions pruned, ${s.unknown} unknown; check ${s.checkSeconds.toFixed(2)} s (CPU ${s.checkCpuSeconds.toFixed(2)}), wp ${s.wpSeconds.toFixed(2)} s (CPU ${s.wpCpuSeconds.toFixed(2)})`,
    `postcondition: ${s.walk.walks} walks over ${s.walk.events} events (${s.walk.repeats} stopped at a repeated precondition, ${s.walk.specialised} specialised), ${s.walk.updates} summary updates; ${s.locations} locations, ${s.disjuncts} disjuncts`,
  ];
  const b = s.backoff;
  if (b.locationsOff + b.checksSkipped + b.walksSkipped + b.walksShortened > 0) {
    lines.push(`postcondition: back-off: ${b.locationsOff} locations off, ${b.checksSkipped} checks skipped, ${b.walksSkipped} walks skipped (time budget), ${b.walksShortened} walks shortened`);
  }
  const barriers = [...s.walk.barriers.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  if (barriers.length > 0) lines.push(`postcondition: walks stopped at: ${barriers.map(([k, n]) => `${k} (${n})`).join('; ')}`);
  return lines;
}

/** The stats as JSON (postcondition.json in the output directory). */
export function statsJson(s: PostconditionStats): Record<string, unknown> {
  return {
    checks: s.checks,
    prunes: s.prunes,
    unknown: s.unknown,
    checkSeconds: s.checkSeconds,
    wpSeconds: s.wpSeconds,
    checkCpuSeconds: s.checkCpuSeconds,
    wpCpuSeconds: s.wpCpuSeconds,
    walks: s.walk.walks,
    walkEvents: s.walk.events,
    walkRepeats: s.walk.repeats,
    specialised: s.walk.specialised,
    summaryUpdates: s.walk.updates,
    locations: s.locations,
    disjuncts: s.disjuncts,
    barriers: Object.fromEntries(s.walk.barriers),
    backoff: { ...s.backoff },
  };
}
