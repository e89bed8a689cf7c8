// `sympath kill OUTDIR [OUTDIR2] --mutants DIR [--binary-build CMD] [--json] [--timeout S] [-j N]`: mutation analysis of the
// tests of an output directory (two to compare: unique kills) on the mutants `sympath mutate` made
// (src/mutation/kill.ts).

import { Command, InvalidArgumentError } from 'commander';
import { MutationError } from '../mutation/errors.js';
import { formatKillText, killMutants } from '../mutation/kill.js';
import { UserError } from './user-error.js';
import { positive } from './option-values.js';

interface KillFlags {
  mutants: string;
  json?: boolean;
  timeout?: number;
  jobs?: number;
  binaryBuild?: string;
}

function seconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a number of seconds > 0.');
  return n;
}

export function register(program: Command): void {
  program
    .command('kill')
    .summary("which mutants the tests of an output directory kill (two directories: unique kills)")
    .description(
      'Build the original program of OUTDIR (its run.json) and every mutant of DIR/mutants.json natively ' +
        '(gcc, the replay library of `sympath replay`), run every test of OUTDIR on each, and call a mutant ' +
        "killed when its stdout, exit status or signal differs from the original's on some test, or it times " +
        'out where the original did not. Tests whose two runs on the original differ are ignored. Reports the ' +
        'kill rate overall and per operator; with two output directories, the mutants only one of them kills. ' +
        'Writes OUTDIR/kill.json (which tests kill which mutant).',
    )
    .argument('<outdir>', 'an output directory of sympath run')
    .argument('[outdir2]', 'a second output directory of the same program, to compare')
    .requiredOption('--mutants <dir>', 'the directory sympath mutate --out wrote')
    .option('--json', 'print the report as JSON')
    .option('--timeout <s>', 'time limit per test in seconds (default 5)', seconds)
    .option(
      '--binary-build <cmd>',
      'build the original and each mutant with this shell command instead of from run.json (e.g. a Coreutils utility): it gets ' +
        '$SYMPATH_SOURCE (the C file), $SYMPATH_ORIGINAL, $SYMPATH_OUT (the executable to write), $SYMPATH_MUTANT (id or "original") ' +
        'and $SYMPATH_BUILD_DIR (a private directory); tests run on the executables as `sympath replay --binary` runs them',
    )
    .option('-j, --jobs <n>', 'mutants built and run at once (default: the number of cores)', positive)
    .action(async (outDir: string, outDir2: string | undefined, flags: KillFlags) => {
      try {
        const report = await killMutants(outDir2 !== undefined ? [outDir, outDir2] : [outDir], {
          mutantsDir: flags.mutants,
          ...(flags.timeout !== undefined ? { timeoutSeconds: flags.timeout } : {}),
          ...(flags.jobs !== undefined ? { jobs: flags.jobs } : {}),
          ...(flags.binaryBuild !== undefined ? { binaryBuild: flags.binaryBuild } : {}),
          progress: process.stderr.isTTY ? (line) => process.stderr.write(`\r\x1b[Ksympath kill: ${line}`) : undefined,
        });
        if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
        process.stdout.write(flags.json ? `${JSON.stringify(report, null, 2)}\n` : formatKillText(report));
      } catch (e) {
        if (e instanceof MutationError) throw new UserError(e.message);
        throw e;
      }
    });
}
