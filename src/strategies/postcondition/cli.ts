// What `sympath run` needs for `--prune postcondition` (loaded on demand through the registry, so runs
// without it never load the strategy): a fresh pruner per engine run, and its report at the end
// (messages + postcondition.json).

import type { PruningPlugin, PruningRun, TechniqueFlags, TechniqueReport } from '../registry.js';
import type { PostconditionOptions } from './hook.js';
import { createPostconditionPruner, reportLines, statsJson, type PostconditionPruner } from './index.js';

/** The postcondition pruners of one `sympath run` (one per engine run). */
class PostconditionPlugin implements PruningPlugin {
  private readonly pruners: PostconditionPruner[] = [];

  constructor(private readonly options: Partial<PostconditionOptions>) {}

  nextRun(): PruningRun {
    const p = createPostconditionPruner(this.options);
    this.pruners.push(p);
    return { hooks: [p.hook], createMemory: p.createMemory };
  }

  /** Report lines of every pruner (summed when several runs were made) and postcondition.json. */
  report(): TechniqueReport | null {
    if (this.pruners.length === 0) return null;
    const runs = this.pruners.map((p) => p.hook.finish());
    return { lines: runs.flatMap((s) => reportLines(s)), file: { name: 'postcondition.json', json: runs.length === 1 ? statsJson(runs[0]!) : runs.map(statsJson) } };
  }
}

export function createPlugin(flags: TechniqueFlags): PruningPlugin {
  return new PostconditionPlugin(postconditionOptions(flags));
}

/** --pse-* flags as options. */
export function postconditionOptions(flags: TechniqueFlags): Partial<PostconditionOptions> {
  return {
    firstInstanceOnly: flags.pseFirstInstanceOnly === true,
    maxSummarySize: typeof flags.pseMaxSummarySize === 'number' ? flags.pseMaxSummarySize : 200,
    simplify: flags.pseSimplify === true,
    reuseWp: flags.pseReuseWp === true,
    pinAddresses: flags.psePinAddresses === true,
    checkOvershift: flags.checkOvershift === true,
    backoff: flags.pseBackoff !== false,
  };
}
