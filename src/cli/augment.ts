// `sympath augment --base OLD NEW [--tests DIR]`: change-exposing tests from the semantic signatures of
// two versions (src/strategies/peso/augment.ts): per pair of output partitions whose outputs can
// differ, a solution of rsc_old ∧ rsc_new ∧ out_old ≠ out_new, written as DIR/augmentNNNNNN.ktest and
// replayed natively on both versions; existing tests that already expose a pair are reported instead.
// OLD and NEW are C files or mutants (src/versions). The report is OUT/augment.json.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command } from 'commander';
import { createSolver } from '../solver/index.js';
import { augment } from '../strategies/peso/augment.js';
import { DEFAULT_CRITERION, parseCriterion } from '../strategies/peso/criterion.js';
import { loadVersionPair, VersionError } from '../versions/index.js';
import { UserError } from './user-error.js';

interface AugmentFlags {
  base: string;
  tests?: string;
  outputDir: string;
  outputCriterion?: string;
  mutants?: string;
  I: string[];
}

export function register(program: Command): void {
  program
    .command('augment')
    .summary('change-exposing tests between two versions from their semantic signatures (PESO)')
    .argument('<new>', 'the new version: a C file or a mutant (DIR#mNNNN)')
    .requiredOption('--base <old>', 'the old version: a C file or a mutant')
    .option('--tests <dir>', 'an existing test suite (.ktest files): pairs it already exposes are reported, not duplicated')
    .option('--output-dir <dir>', 'where the new tests and augment.json go', 'augment-out')
    .option('--output-criterion <spec>', 'the output: a comma-separated subset of stdout,exit,marked (default stdout,exit)')
    .option('--mutants <dir>', 'the mutant directory for bare mutant ids')
    .option('-I <dir>', 'include directory (repeatable)', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .action(async (newSpec: string, flags: AugmentFlags) => {
      let criterion = DEFAULT_CRITERION;
      try {
        if (flags.outputCriterion !== undefined) criterion = parseCriterion(flags.outputCriterion);
      } catch (e) {
        throw new UserError(`sympath augment: --output-criterion: ${(e as Error).message}`);
      }
      if (flags.tests !== undefined && !existsSync(flags.tests)) throw new UserError(`sympath augment: --tests ${flags.tests}: no such directory`);
      let pair;
      try {
        pair = await loadVersionPair(flags.base, newSpec, { compile: { libc: 'none', includes: flags.I }, ...(flags.mutants ? { mutants: flags.mutants } : {}) });
      } catch (e) {
        if (e instanceof VersionError) throw new UserError(e.message);
        throw e;
      }
      const solver = await createSolver({ backend: 'native', timeoutSeconds: 0 });
      try {
        const r = await augment({
          old: { module: pair.old.module, source: pair.old.source },
          new: { module: pair.new.module, source: pair.new.source },
          criterion,
          solver,
          outDir: resolve(flags.outputDir),
          ...(flags.tests !== undefined ? { tests: flags.tests } : {}),
        });
        const out = [
          `augment: ${r.oldPartitions} partitions in ${flags.base}, ${r.newPartitions} in ${newSpec}; ${r.pairsSolved} pairs solved`,
          `augment: ${r.testsWritten} change-exposing tests written to ${flags.outputDir}; ${r.pairs.filter((p) => p.existing).length} pairs exposed by existing tests (${r.exposingExisting.length} existing tests expose a change)`,
        ];
        for (const p of r.pairs) {
          out.push(`  old #${p.old} [${p.oldCondition.join(' && ') || 'true'}] ${p.oldOutput.join('; ')}  vs  new #${p.new} [${p.newCondition.join(' && ') || 'true'}] ${p.newOutput.join('; ')}`);
          out.push(`    ${p.existing ? 'existing' : 'new'} test ${p.test}: old ${p.replay.old}; new ${p.replay.new}${p.replay.differ ? '' : '  (NOT different natively)'}`);
        }
        process.stdout.write(`${out.join('\n')}\n`);
      } finally {
        await solver.close();
      }
    });
}
