// The registry entry of dependence-guided symbolic execution (`--driver dgse`).

import { readKTest } from '../../engine/ktest.js';
import type { DriverManifest } from '../registry.js';
import { DEFAULT_INTERACTIVE_LIMIT, DGSE_DEPENDENCES, parseDependences } from './dependences.js';

export const dgseManifest: DriverManifest = {
  kind: 'driver',
  name: 'dgse',
  summary: 'dependence-guided symbolic execution (DGSE): negate only decisions that depend on the last one negated, solve relevant path conditions',
  guarantee: 'every error site of exhaustive search (and, in practice, every covered line)',
  options: [
    {
      flags: '--dgse-dependences <list>',
      description: `dgse: the dependences followed, a comma-separated subset of ${DGSE_DEPENDENCES.join(',')} (default: all; fewer can lose errors)`,
      parse: (v) => [...parseDependences(v)],
    },
    {
      flags: '--dgse-interactive-limit <n>',
      description: `dgse: functions with more instructions get an over-approximated interactive dependence (explored as exhaustive search would) instead of the quadratic analysis; 0 = no limit (default ${DEFAULT_INTERACTIVE_LIMIT})`,
      parse: (v) => {
        if (!/^\d+$/.test(v)) throw new Error('expected a whole number >= 0.');
        return Number(v);
      },
    },
    {
      flags: '--dgse-first-input <file.ktest>',
      description: "dgse: the first path's input, a .ktest's objects in creation order (default: all bytes zero)",
      // Read while the options are parsed, so a missing or malformed file is a usage error naming it.
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
