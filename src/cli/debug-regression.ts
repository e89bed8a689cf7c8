// `sympath debug-regression --base OLD NEW --test T.ktest [--path-conditions]`: DARWIN with
// relevant-slice conditions (src/strategies/peso/debug.ts): the branches, by source line in either
// version, whose constraints separate the test's conditions in OLD and NEW, ranked. --path-conditions
// runs the original DARWIN on whole path conditions for comparison.

import { Command } from 'commander';
import { readKTest } from '../engine/ktest.js';
import { createSolver } from '../solver/index.js';
import { DEFAULT_CRITERION, parseCriterion } from '../strategies/peso/criterion.js';
import { debugRegression } from '../strategies/peso/debug.js';
import { loadVersionPair, VersionError } from '../versions/index.js';
import { UserError } from './user-error.js';

interface DebugFlags {
  base: string;
  test: string;
  pathConditions?: boolean;
  outputCriterion?: string;
  mutants?: string;
  json?: boolean;
  I: string[];
}

export function register(program: Command): void {
  program
    .command('debug-regression')
    .summary('branches that explain why a test behaves differently on two versions (DARWIN with relevant-slice conditions)')
    .argument('<new>', 'the new version: a C file or a mutant (DIR#mNNNN)')
    .requiredOption('--base <old>', 'the old version: a C file or a mutant')
    .requiredOption('--test <file.ktest>', 'the test that passes on OLD and fails or changes on NEW')
    .option('--path-conditions', 'compose whole path conditions (the original DARWIN) instead of relevant-slice conditions')
    .option('--output-criterion <spec>', 'the output: a comma-separated subset of stdout,exit,marked (default stdout,exit)')
    .option('--mutants <dir>', 'the mutant directory for bare mutant ids')
    .option('--json', 'print the report as JSON')
    .option('-I <dir>', 'include directory (repeatable)', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .action(async (newSpec: string, flags: DebugFlags) => {
      let criterion = DEFAULT_CRITERION;
      try {
        if (flags.outputCriterion !== undefined) criterion = parseCriterion(flags.outputCriterion);
      } catch (e) {
        throw new UserError(`sympath debug-regression: --output-criterion: ${(e as Error).message}`);
      }
      let test;
      try {
        test = { objects: readKTest(flags.test).objects };
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        throw new UserError(`sympath debug-regression: --test ${flags.test}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
      }
      let pair;
      try {
        pair = await loadVersionPair(flags.base, newSpec, { compile: { libc: 'none', includes: flags.I }, ...(flags.mutants ? { mutants: flags.mutants } : {}) });
      } catch (e) {
        if (e instanceof VersionError) throw new UserError(e.message);
        throw e;
      }
      const solver = await createSolver({ backend: 'native', timeoutSeconds: 0 });
      try {
        const r = await debugRegression({ old: pair.old.module, new: pair.new.module, test, criterion, solver, pathConditions: flags.pathConditions === true });
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
