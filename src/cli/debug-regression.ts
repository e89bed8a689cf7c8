// `sympath debug-regression --base OLD NEW --test T.ktest [--path-conditions]`: DARWIN with
// relevant-slice conditions (src/strategies/peso/debug.ts): the branches, by source line in either
// version, whose constraints separate the test's conditions in OLD and NEW, ranked. --path-conditions
// runs the original DARWIN on whole path conditions for comparison. Versions linked with musl and the
// POSIX model (--libc musl --posix-runtime) run with the program arguments given after NEW, or, without
// any, the test's own (its .ktest command line: what `sympath run` wrote).

import { Command } from 'commander';
import { readKTest } from '../engine/ktest.js';
import { createSolver } from '../solver/index.js';
import { DEFAULT_CRITERION, parseCriterion } from '../strategies/peso/criterion.js';
import { debugRegression } from '../strategies/peso/debug.js';
import { UserError } from './user-error.js';
import { checkVersionProgram, loadExecutablePair, programNameOf, versionProgramOptions, type VersionProgramFlags } from './version-program.js';

interface DebugFlags extends VersionProgramFlags {
  test: string;
  pathConditions?: boolean;
  outputCriterion?: string;
  json?: boolean;
}

export function register(program: Command): void {
  program.enablePositionalOptions();
  const cmd = program.command('debug-regression').summary('branches that explain why a test behaves differently on two versions (DARWIN with relevant-slice conditions)');
  versionProgramOptions(cmd)
    .requiredOption('--test <file.ktest>', 'the test that passes on OLD and fails or changes on NEW')
    .option('--path-conditions', 'compose whole path conditions (the original DARWIN) instead of relevant-slice conditions')
    .option('--output-criterion <spec>', 'the output: a comma-separated subset of stdout,exit,marked (default stdout,exit)')
    .option('--json', 'print the report as JSON')
    .action(async (newSpec: string, givenArgs: string[], flags: DebugFlags) => {
      let criterion = DEFAULT_CRITERION;
      try {
        if (flags.outputCriterion !== undefined) criterion = parseCriterion(flags.outputCriterion);
      } catch (e) {
        throw new UserError(`sympath debug-regression: --output-criterion: ${(e as Error).message}`);
      }
      let test;
      let ktestArgs: string[];
      try {
        const kt = readKTest(flags.test);
        test = { objects: kt.objects };
        ktestArgs = kt.args.slice(1);
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        throw new UserError(`sympath debug-regression: --test ${flags.test}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
      }
      const programArgs = givenArgs.length > 0 || !flags.posixRuntime ? givenArgs : ktestArgs;
      checkVersionProgram('debug-regression', flags, programArgs);
      const pair = await loadExecutablePair(flags, newSpec);
      const solver = await createSolver({ backend: 'native', timeoutSeconds: 0 });
      try {
        const r = await debugRegression({
          old: pair.old.module,
          new: pair.new.module,
          test,
          criterion,
          solver,
          pathConditions: flags.pathConditions === true,
          program: { programArgs, programName: programNameOf(pair) },
        });
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
          return;
        }
        const out = [
          `debug-regression (${r.conditions} conditions): old output ${r.oldOutput.join('; ')}; new output ${r.newOutput.join('; ')}`,
          `  old condition: ${r.oldCondition.join(' && ') || 'true'}`,
          `  new condition: ${r.newCondition.join(' && ') || 'true'}`,
          `  ${r.formulasSolved} formulas (${r.formulaBytes} bytes of SMT-LIB), ${r.seconds.toFixed(2)} s; report: ${r.report.length} lines`,
          ...r.report.map((e, k) => `  ${k + 1}. ${e.version} ${e.line} (${e.branch}; ${e.formulas} formula${e.formulas === 1 ? '' : 's'})`),
        ];
        process.stdout.write(`${out.join('\n')}\n`);
      } finally {
        await solver.close();
      }
    });
}
