// What `sympath run` needs for `--prune postcondition` and `--check-pruning` (loaded on demand, so runs
// without them never load the strategy): a fresh pruner per engine run, its report at the end
// (messages + postcondition.json), and the comparison with an exhaustive DFS run.

import type { ExplorationHooks } from '../../engine/hooks.js';
import type { Executor } from '../../engine/executor.js';
import { Memory } from '../../engine/memory.js';
import type { EngineOptions } from '../../engine/options.js';
import type { TestCase, TestSink } from '../../engine/test-case.js';
import type { Module } from '../../ir/model.js';
import { comparePruning, coveredLines, errorSite, errorSitesOf, formatPruningCheck, type PruningCheck } from './check-pruning.js';
import { createPostconditionPruner, reportLines, statsJson, type PostconditionPruner } from './index.js';
import type { PostconditionOptions } from './hook.js';

/** The pruning hooks sympath knows (--prune NAME). */
export const PRUNER_NAMES = ['postcondition'] as const;

export interface PruningEnv {
  hooks?: ExplorationHooks[];
  createMemory?: (ex: Executor) => Memory;
}

/** The pruners of one `sympath run` (one set per engine run) and the engines they saw. */
export class PruningSession {
  private readonly pruners: PostconditionPruner[] = [];
  private readonly engines: Executor[] = [];

  constructor(
    private readonly names: readonly string[],
    private readonly options: Partial<PostconditionOptions>,
  ) {}

  /** The hooks and memory of the next engine run. */
  nextRun(): PruningEnv {
    const usePse = this.names.includes('postcondition');
    const p = usePse ? createPostconditionPruner(this.options) : null;
    if (p) this.pruners.push(p);
    return {
      hooks: p ? [p.hook] : [],
      createMemory: (ex) => {
        this.engines.push(ex);
        return p ? p.createMemory(ex) : new Memory(ex);
      },
    };
  }

  /** Report lines of every pruner (summed when several runs were made) and the JSON for postcondition.json. */
  report(): { lines: string[]; json: unknown } | null {
    if (this.pruners.length === 0) return null;
    const runs = this.pruners.map((p) => p.hook.finish());
    return { lines: runs.flatMap((s) => reportLines(s)), json: runs.length === 1 ? statsJson(runs[0]!) : runs.map(statsJson) };
  }

  /** Covered lines of the program over every run of the session. */
  coveredLines(): Set<string> {
    const out = new Set<string>();
    for (const ex of this.engines) for (const l of coveredLines(ex)) out.add(l);
    return out;
  }
}

export function pruningSession(names: readonly string[], options: Partial<PostconditionOptions>): PruningSession {
  return new PruningSession(names, options);
}

/** Runs `module` under exhaustive DFS (no pruners) and compares with what the pruned run reached. */
export async function checkPruning(args: {
  module: Module;
  opts: EngineOptions;
  run: (module: Module, opts: EngineOptions, env: PruningEnv & { sink: TestSink }) => Promise<{ haltReason?: string }>;
  prunedErrors: readonly { kind: string; file: string; line: number }[];
  prunedLines: Set<string>;
}): Promise<{ check: PruningCheck; lines: string[] }> {
  const tests: TestCase[] = [];
  let engine: Executor | null = null;
  const sink: TestSink = {
    add(t) {
      tests.push(t);
      return `baseline${tests.length}`;
    },
  };
  const r = await args.run(args.module, { ...args.opts, search: ['dfs'], prune: [] }, {
    hooks: [],
    sink,
    createMemory: (ex) => {
      engine = ex;
      return new Memory(ex);
    },
  });
  const exhaustive = { errors: errorSitesOf(tests), lines: engine ? coveredLines(engine) : new Set<string>() };
  const pruned = { errors: new Set(args.prunedErrors.map((e) => errorSite(e.kind, e.file, e.line))), lines: args.prunedLines };
  const check = comparePruning(pruned, exhaustive, r.haltReason);
  return { check, lines: formatPruningCheck(check) };
}

/** --pse-* flags as options. */
export function postconditionOptions(flags: {
  pseFirstInstanceOnly?: boolean;
  pseMaxSummarySize?: number;
  pseSimplify?: boolean;
  pseReuseWp?: boolean;
  psePinAddresses?: boolean;
  checkOvershift?: boolean;
}): Partial<PostconditionOptions> {
  return {
    firstInstanceOnly: flags.pseFirstInstanceOnly === true,
    maxSummarySize: flags.pseMaxSummarySize ?? 200,
    simplify: flags.pseSimplify === true,
    reuseWp: flags.pseReuseWp === true,
    pinAddresses: flags.psePinAddresses === true,
    checkOvershift: flags.checkOvershift === true,
  };
}
