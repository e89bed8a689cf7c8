// --seed-file and --seed-dir: the tests whose paths a run follows first (src/engine/seeds.ts). A file
// that is not a .ktest, or a directory without one, is a user error naming it.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readKTest } from '../engine/ktest.js';
import type { Seed } from '../engine/seeds.js';
import { UserError } from './user-error.js';

export function readSeeds(files: readonly string[], dirs: readonly string[]): Seed[] {
  const paths = [...files];
  for (const d of dirs) {
    let names: string[];
    try {
      names = readdirSync(d).filter((n) => n.endsWith('.ktest')).sort();
    } catch {
      throw new UserError(`sympath run: --seed-dir ${d}: no such directory`);
    }
    if (names.length === 0) throw new UserError(`sympath run: --seed-dir ${d}: no .ktest file in it`);
    paths.push(...names.map((n) => join(d, n)));
  }
  return paths.map((p) => {
    if (!statSync(p, { throwIfNoEntry: false })?.isFile()) throw new UserError(`sympath run: --seed-file ${p}: no such file`);
    try {
      return { name: p, objects: readKTest(p).objects };
    } catch (e) {
      throw new UserError(`sympath run: --seed-file ${p}: ${(e as Error).message}`);
    }
  });
}
