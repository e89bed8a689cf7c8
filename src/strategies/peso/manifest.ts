// The registry entry of path exploration by symbolic output (`--driver peso`).

import { readKTest } from '../../engine/ktest.js';
import type { DriverManifest } from '../registry.js';
import { CRITERION_PARTS, parseCriterion } from './criterion.js';

export const pesoManifest: DriverManifest = {
  kind: 'driver',
  name: 'peso',
  summary: 'path exploration by symbolic output (PESO): one path per output partition (relevant-slice condition and symbolic output); writes signature.json',
  guarantee: 'every output partition of exhaustive exploration, so every error site (an error is an output); not every covered line',
  comparesLines: false,
  options: [
    {
      flags: '--output-criterion <spec>',
      description: `peso: what the program's output is, a comma-separated subset of ${CRITERION_PARTS.join(',')} (marked: variables passed to sympath_output() of sympath.h; default: stdout,exit)`,
      parse: (v) => [...parseCriterion(v)],
    },
    {
      flags: '--peso-no-reorder',
      description: "peso: explore relevant-slice conditions in path order, negating every constraint (the paper's incomplete §2 exploration, Table I)",
    },
    {
      flags: '--peso-exhaustive',
      description: "peso: explore every path (DART on whole path conditions), computing the same output partitions per path: --check-pruning's baseline and the paper's PCExplore, for comparison",
    },
    {
      flags: '--peso-first-input <file.ktest>',
      description: "peso: the first path's input, a .ktest's objects in creation order (default: all bytes zero)",
      parse: (v) => {
        try {
          return { objects: readKTest(v).objects };
        } catch (e) {
          const err = e as NodeJS.ErrnoException;
          throw new Error(err.code === 'ENOENT' ? `${v}: no such file` : err.message);
        }
      },
    },
  ],
  async create(flags) {
    return (await import('./plugin.js')).createPlugin(flags);
  },
};
