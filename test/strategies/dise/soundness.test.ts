// DiSE against ground truth, on mutants of small programs (`sympath mutate`). OLD is a mutant, NEW the
// original program: exhaustive DFS of NEW writes the tests; `sympath kill` replays each natively on NEW
// and on every mutant, which gives, per mutant, the tests whose behaviour differs between OLD and NEW
// (stdout, exit status, signal or time-out). Then, per mutant:
//   - a --no-dise run (the same DFS, same tests) records the sequence of impacted nodes of every path;
//   - every differing test reaches an impacted node, and its sequence is one of the sequences of DiSE's
//     affected path conditions (DiSE's guarantee, Theorem 4.8: one path per feasible sequence), so no
//     changed behaviour is lost;
//   - every affected path condition's test, replayed concolically on NEW, reaches an impacted node, by
//     the very sequence DiSE recorded for it.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_ENGINE_OPTIONS } from '../../../src/engine/options.js';
import { loadModule } from '../../../src/ir/index.js';
import { killMutants, type KillRun } from '../../../src/mutation/kill.js';
import { mutateFile, type MutantSet } from '../../../src/mutation/mutate.js';
import { diseSetup } from '../../../src/strategies/dise/plugin.js';
import { replayOldTests } from '../../../src/strategies/dise/selection.js';
import { ROOT } from '../../engine/helpers.js';
import { removeTempDirs, tempDir } from '../../replay/helpers.js';
import { affected, FIXTURES, ktests, stats, sympath } from './helpers.js';

afterAll(removeTempDirs);

interface Subject {
  file: string;
  max: number;
  functions?: string[];
}

const SUBJECTS: Subject[] = [
  { file: join(FIXTURES, 'grade.c'), max: 3 },
  // spin() is left alone: its mutants loop for good, which native replay sees as time-outs only.
  { file: join(ROOT, 'test', 'fixtures', 'mutation', 'classify.c'), max: 1, functions: ['classify'] },
];

const key = (s: readonly number[]): string => s.join(',');

async function run(out: string, args: string[]): Promise<string> {
  const r = await sympath(['run', '--libc', 'none', '--output-dir', out, ...args]);
  expect(r.status, r.stderr).toBe(0);
  return out;
}

describe.each(SUBJECTS)('DiSE on the mutants of $file', (subject) => {
  let work: string;
  let mutants: MutantSet;
  let kill: KillRun;
  let exhaustive: string;

  beforeAll(async () => {
    work = tempDir('dise-soundness-');
    mutants = await mutateFile(subject.file, { outDir: join(work, 'mutants'), max: subject.max, seed: 1, ...(subject.functions ? { functions: subject.functions } : {}) });
    exhaustive = await run(join(work, 'exhaustive'), ['--search', 'dfs', subject.file]);
    kill = (await killMutants([exhaustive], { mutantsDir: join(work, 'mutants'), timeoutSeconds: 2 })).runs[0]!;
  }, 300_000);

  test('no changed behaviour is lost, and every affected path condition reaches an impacted node', async () => {
    let differing = 0;
    let pruned = 0;
    for (const m of mutants.mutants) {
      const spec = `${join(work, 'mutants')}#${m.id}`;
      const record = await run(join(work, `record-${m.id}`), ['--base', spec, '--no-dise', subject.file]);
      const dise = await run(join(work, `dise-${m.id}`), ['--base', spec, subject.file]);
      // The record run is exhaustive DFS again: the same tests as the run `kill` replayed.
      const tests = ktests(exhaustive);
      expect(ktests(record)).toEqual(tests);
      for (const t of tests) expect(readFileSync(join(record, t))).toEqual(readFileSync(join(exhaustive, t)));

      const sequenceOf = new Map(affected(record).affected.map((p) => [p.test!, p.sequence]));
      const diseSequences = new Set(affected(dise).affected.map((p) => key(p.sequence)));
      const killedBy = kill.mutants.find((x) => x.id === m.id)!.killedBy;
      for (const { test: t, by } of killedBy) {
        const seq = sequenceOf.get(t) ?? [];
        expect(seq.length, `${m.id}: ${t} (${by} differs) reaches no impacted node`).toBeGreaterThan(0);
        expect(diseSequences.has(key(seq)), `${m.id}: ${t} (${by} differs): its impacted sequence is in no affected path condition`).toBe(true);
      }
      differing += killedBy.length;
      pruned += stats(dise).paths.pruned;

      // Each affected path condition's test, replayed concolically on NEW, follows its sequence.
      const module = loadModule(join(dise, 'program.ll'));
      const setup = await diseSetup(module, subject.file, spec, { cwd: ROOT, compile: { libc: 'none' }, interprocedural: true });
      const aff = affected(dise).affected;
      const files = aff.map((p) => join(dise, p.test!));
      for (const f of files) expect(existsSync(f)).toBe(true);
      const replays = await replayOldTests(module, DEFAULT_ENGINE_OPTIONS, files, setup);
      replays.forEach((r, k) => {
        expect(r.sequence.length, `${m.id}: ${r.test}`).toBeGreaterThan(0);
        expect(r.sequence, `${m.id}: ${r.test}`).toEqual(aff[k]!.sequence);
      });
    }
    // The check is not vacuous: some mutant changed behaviour that the tests observe.
    expect(differing).toBeGreaterThan(0);
    if (subject.file.endsWith('grade.c')) expect(pruned).toBeGreaterThan(0);
  }, 300_000);
});
