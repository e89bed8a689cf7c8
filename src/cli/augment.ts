// `sympath augment --base OLD NEW [PROGRAM-ARGS] [--tests DIR]`: change-exposing tests from the semantic
// signatures of two versions (src/strategies/peso/augment.ts): per pair of output partitions whose
// outputs can differ, a solution of rsc_old ∧ rsc_new ∧ out_old ≠ out_new, written as
// DIR/augmentNNNNNN.ktest and replayed natively on both versions; existing tests that already expose a
// pair are reported instead. OLD and NEW are C files, .ll/.bc files or mutants (src/versions), linked
// as --libc/--posix-runtime say (version-program.ts); --binary-build builds them natively by a command
// (as `sympath kill --binary-build`). The report is OUT/augment.json.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command } from 'commander';
import { createSolver } from '../solver/index.js';
import { augment } from '../strategies/peso/augment.js';
import { DEFAULT_CRITERION, parseCriterion } from '../strategies/peso/criterion.js';
import { UserError } from './user-error.js';
import { checkVersionProgram, loadExecutablePair, programNameOf, versionProgramOptions, type VersionProgramFlags } from './version-program.js';

interface AugmentFlags extends VersionProgramFlags {
  tests?: string;
  outputDir: string;
  outputCriterion?: string;
  binaryBuild?: string;
  maxTime: string;
}

export function register(program: Command): void {
  program.enablePositionalOptions();
  const cmd = program.command('augment').summary('change-exposing tests between two versions from their semantic signatures (PESO)');
  versionProgramOptions(cmd)
    .option('--tests <dir>', 'an existing test suite (.ktest files): pairs it already exposes are reported, not duplicated')
    .option('--output-dir <dir>', 'where the new tests and augment.json go', 'augment-out')
    .option('--output-criterion <spec>', 'the output: a comma-separated subset of stdout,exit,marked (default stdout,exit)')
    .option('--binary-build <cmd>', 'build each version natively with this shell command (as sympath kill --binary-build: SYMPATH_SOURCE, SYMPATH_ORIGINAL = OLD\'s C file, SYMPATH_OUT, SYMPATH_MUTANT = old|new, SYMPATH_BUILD_DIR)')
    .option('--max-time <s>', "each version's exploration stops after this many seconds (0 = none; its signature is then partial, said in augment.json)", '0')
    .action(async (newSpec: string, programArgs: string[], flags: AugmentFlags) => {
      let criterion = DEFAULT_CRITERION;
      try {
        if (flags.outputCriterion !== undefined) criterion = parseCriterion(flags.outputCriterion);
      } catch (e) {
        throw new UserError(`sympath augment: --output-criterion: ${(e as Error).message}`);
      }
      const maxTime = Number(flags.maxTime);
      if (!(maxTime >= 0)) throw new UserError(`sympath augment: --max-time ${flags.maxTime}: expected seconds`);
      if (flags.tests !== undefined && !existsSync(flags.tests)) throw new UserError(`sympath augment: --tests ${flags.tests}: no such directory`);
      checkVersionProgram('augment', flags, programArgs);
      const pair = await loadExecutablePair(flags, newSpec);
      const solver = await createSolver({ backend: 'native', timeoutSeconds: 0 });
      try {
        const r = await augment({
          old: { module: pair.old.module, source: pair.old.source },
          new: { module: pair.new.module, source: pair.new.source },
          criterion,
          solver,
          outDir: resolve(flags.outputDir),
          ...(flags.tests !== undefined ? { tests: flags.tests } : {}),
          program: {
            programArgs,
            programName: programNameOf(pair),
            posixRuntime: flags.posixRuntime === true,
            maxTime,
            includes: flags.I.map((i) => resolve(i)),
            defines: flags.D,
            ...(flags.binaryBuild !== undefined ? { binaryBuild: flags.binaryBuild } : {}),
          },
        });
        const out = [
          `augment: ${r.oldPartitions} partitions in ${flags.base}, ${r.newPartitions} in ${newSpec}; ${r.pairsSolved} pairs solved (${r.pairsDisjoint} disjoint by a constraint and its negation)`,
          `augment: ${r.testsWritten} change-exposing tests written to ${flags.outputDir}; ${r.pairs.filter((p) => p.existing).length} pairs exposed by existing tests (${r.exposingExisting.length} existing tests expose a change)`,
          ...(r.oldStopped || r.newStopped ? [`augment: exploration stopped early (${r.oldStopped ?? 'complete'} / ${r.newStopped ?? 'complete'}): the signatures are partial`] : []),
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
