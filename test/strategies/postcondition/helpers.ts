// Helpers for the PSE tests: run a program under DFS without and with the postcondition pruner and
// report what each reached (paths, error sites, covered lines) plus the pruner's summaries.

import type { Module } from '../../../src/ir/model.js';
import type { Executor, RunResult } from '../../../src/engine/executor.js';
import { Memory } from '../../../src/engine/memory.js';
import type { EngineOptions } from '../../../src/engine/options.js';
import { comparePruning, coveredLines, createPostconditionPruner, errorSitesOf, type PostconditionOptions, type PruningCheck, type Reached } from '../../../src/strategies/postcondition/index.js';
import type { PostconditionHook } from '../../../src/strategies/postcondition/hook.js';
import { run } from '../../engine/helpers.js';

export interface Explored {
  result: RunResult;
  reached: Reached;
  errors: string[];
  hook?: PostconditionHook;
  messages: string[];
}

/** Exhaustive DFS (no pruning), --libc none. */
export async function exhaustive(module: Module, opts: Partial<EngineOptions> = {}): Promise<Explored> {
  let ex: Executor | null = null;
  const o = await run(module, opts, {
    createMemory: (e) => {
      ex = e;
      return new Memory(e);
    },
  });
  const reached = { errors: errorSitesOf(o.tests), lines: coveredLines(ex!) };
  return { result: o.result, reached, errors: [...reached.errors].sort(), messages: o.messages };
}

/** DFS with the postcondition pruner. */
export async function pruned(module: Module, opts: Partial<EngineOptions> = {}, pse: Partial<PostconditionOptions> = {}): Promise<Explored> {
  const p = createPostconditionPruner({ checkOvershift: opts.checkOvershift === true, ...pse });
  const o = await run(module, opts, { hooks: [p.hook], createMemory: p.createMemory });
  const reached = { errors: errorSitesOf(o.tests), lines: coveredLines(p.engine()!) };
  p.hook.finish();
  return { result: o.result, reached, errors: [...reached.errors].sort(), hook: p.hook, messages: o.messages };
}

export async function both(module: Module, opts: Partial<EngineOptions> = {}, pse: Partial<PostconditionOptions> = {}): Promise<{ base: Explored; pse: Explored; check: PruningCheck }> {
  const base = await exhaustive(module, opts);
  const withPse = await pruned(module, opts, pse);
  return { base, pse: withPse, check: comparePruning(withPse.reached, base.reached) };
}

/** Paths of a run: every ended path (exits, errors, pruned). */
export function pathCount(r: RunResult): number {
  return r.paths.completed + r.paths.errors + r.paths.partial + r.paths.pruned;
}
