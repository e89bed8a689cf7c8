// The registry entry of postconditioned symbolic execution (`--prune postcondition`).

import type { PrunerManifest } from '../registry.js';

function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new Error('expected a whole number >= 0.');
  return Number(value);
}

export const postconditionManifest: PrunerManifest = {
  kind: 'pruner',
  name: 'postcondition',
  summary: 'postconditioned symbolic execution (PSE): prune a branch whose every suffix was explored before',
  guarantee: 'every error site and covered line of exhaustive DFS',
  options: [
    { flags: '--pse-first-instance-only', description: 'postcondition: store and check summaries at the first instance of a branch on a path only' },
    { flags: '--pse-max-summary-size <n>', description: 'postcondition: disjuncts per summary (default 200)', parse: wholeNumber, defaultValue: 200 },
    { flags: '--pse-simplify', description: 'postcondition: simplify summaries (drop implied disjuncts, merge complementary ones)' },
    { flags: '--pse-reuse-wp', description: 'postcondition: reuse weakest-precondition work between adjacent paths' },
    {
      flags: '--pse-pin-addresses',
      description: 'postcondition: loads and stores at concrete addresses use them, pinned by an equality (cheaper walks, more specific summaries)',
    },
    {
      flags: '--no-pse-backoff',
      description: 'postcondition: no adaptive back-off (by default checks and walks stop where checks keep failing, and walks pause while they cost over 20% of the run)',
    },
  ],
  async create(flags) {
    return (await import('./cli.js')).createPlugin(flags);
  },
};
