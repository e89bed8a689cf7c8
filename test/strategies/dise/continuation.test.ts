// DiSE when the change is on a later line of a statement: a call spread over two lines is located on its
// first line, so a changed argument on the second locates no instruction of its own (the fold.c mutant
// `0` -> `1` of `xdectoumax (…,\n _("…"), 0)` gave 0 changed instructions, and DiSE explored one path
// of 702). The statement's instructions stand for the change (src/versions: statementLine).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { stats, sympath } from './helpers.js';

const work = mkdtempSync(join(tmpdir(), 'dise-continuation-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const program = (k: number): string => `#include <klee/klee.h>
int pick(int x, int bias) { return x + bias; }
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  int r = pick(x,
               ${k});
  if (r > 10) return 1;
  if (x > 100) return 2;
  return 0;
}
`;

describe('DiSE and a change on the second line of a call', () => {
  test('the call is changed: what depends on its result is explored, as in full exploration', async () => {
    writeFileSync(join(work, 'old.c'), program(0));
    writeFileSync(join(work, 'new.c'), program(1));
    const run = async (name: string, extra: string[]): Promise<string> => {
      const out = join(work, name);
      const r = await sympath(['run', '--libc', 'none', '--search', 'dfs', '--output-dir', out, '--base', join(work, 'old.c'), ...extra, join(work, 'new.c')]);
      expect(r.status, r.stderr).toBe(0);
      return out;
    };
    const dise = stats(await run('dise', [])).pruning?.dise as { changedInstructions: number; affectedPathConditions: number };
    expect(dise.changedInstructions).toBeGreaterThan(0);
    // r > 10 depends on the changed call: both of its sides are affected.
    expect(dise.affectedPathConditions).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
