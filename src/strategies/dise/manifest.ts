// The registry entry of directed incremental symbolic execution (DiSE): switched on by `--base OLD`
// (no `--prune dise` needed), observing only with `--no-dise`.

import type { PrunerManifest } from '../registry.js';

export const diseManifest: PrunerManifest = {
  kind: 'pruner',
  name: 'dise',
  summary: 'directed incremental symbolic execution (DiSE, on with --base OLD): explore depth-first only the paths that reach new sequences of nodes the change from OLD may impact',
  guarantee: 'every error site and covered line of exhaustive DFS only when every path is affected (DiSE keeps affected behaviour, not coverage)',
  activation: { option: 'base', pruningSwitch: 'dise' },
  search: 'dfs',
  options: [
    {
      flags: '--base <old>',
      description:
        'dise: the old version of the program (a .c file, an .ll/.bc with debug locations, or a mutant DIR#ID of `sympath mutate`): explore only what the change from it affects; writes affected.json',
    },
    { flags: '--no-dise', description: 'dise: with --base, record the impact set and classify every path as affected or not, pruning nothing' },
    {
      flags: '--dise-intraprocedural',
      description: "dise: the paper's intraprocedural impact analysis (default: interprocedural, since our programs are not inlined into one function as the paper's subjects were)",
    },
    {
      flags: '--base-tests <dir>',
      description: 'dise: tests of the old version (a directory of .ktest files, e.g. its output directory): replay each on the new one, report which to re-run (selected), which not, and which affected paths need new tests (test-selection.json)',
    },
  ],
  async create(flags) {
    return (await import('./plugin.js')).createPlugin(flags);
  },
};
