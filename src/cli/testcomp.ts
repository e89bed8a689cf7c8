// `sympath testcomp TASK.yml|TASK.c [--property coverage-error|coverage-branches] [--data-model ILP32|LP64]`:
// one Test-Comp task, from sv-benchmarks' task definition to Test-Comp's zipped test suite, with native
// replay for branch coverage (src/testcomp; src/testcomp/README.md).

import { Command, InvalidArgumentError, Option } from 'commander';
import { ReplayError } from '../replay/index.js';
import { runTestcompTask, formatTestcompText } from '../testcomp/run-task.js';
import { PROPERTIES, TaskError, type DataModel, type TestcompProperty } from '../testcomp/task.js';
import { UserError } from './user-error.js';
import { sympathVersion } from './version.js';

interface TestcompFlags {
  property: TestcompProperty;
  dataModel?: DataModel;
  outputDir?: string;
  maxTime?: number;
  maxTests?: number;
  search: string[];
  replay: boolean;
  json?: boolean;
  verbose?: boolean;
}

function seconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number of seconds >= 0.');
  return n;
}

const collect = (v: string, acc: string[]): string[] => [...acc, v];

export function register(program: Command): void {
  program
    .command('testcomp')
    .summary("run a Test-Comp task and write Test-Comp's test suite (test-suite.zip)")
    .description(
      "Read a Test-Comp task (sv-benchmarks' task-definition YAML: input_files, properties, options.data_model) " +
        'or a C file, compile it for its data model (ILP32: clang --target=i386-linux-gnu, --libc none), explore it ' +
        'with the __VERIFIER_nondet_*/__VERIFIER_assume/reach_error input model, write OUTDIR/test-suite/ ' +
        '(metadata.xml, testNNN.xml with the inputs in call order) and OUTDIR/test-suite.zip, replay the tests ' +
        'natively (gcc, -m32 for ILP32) for gcov branch coverage, and write OUTDIR/testcomp.json.',
    )
    .argument('<task>', 'TASK.yml (or .yaml) or TASK.c')
    .addOption(new Option('--property <p>', 'Cover-Error (stop at the first test reaching reach_error) or Cover-Branches (keep the tests whose native replay adds gcov branch coverage)').choices([...PROPERTIES]).default('coverage-error'))
    .addOption(new Option('--data-model <m>', "the data model (default: the task's options.data_model, LP64 for a .c)").choices(['ILP32', 'LP64']))
    .option('--output-dir <dir>', 'output directory (must not exist; default sympath-out-N)')
    .option('--max-time <s>', 'time budget of the exploration in seconds (0 = none)', seconds)
    .option('--max-tests <n>', 'stop after this many tests (0 = none)', (v: string) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number >= 0.');
      return n;
    })
    .option('--search <name>', 'searcher, as for run (repeatable)', collect, [])
    .option('--no-replay', 'skip the native replay (no coverage figures)')
    .option('--json', 'print testcomp.json instead of the text summary')
    .option('--verbose', "print the engine's messages on stderr")
    .action(async (taskFile: string, flags: TestcompFlags) => {
      try {
        const r = await runTestcompTask({
          task: taskFile,
          property: flags.property,
          ...(flags.dataModel !== undefined ? { dataModel: flags.dataModel } : {}),
          ...(flags.outputDir !== undefined ? { outputDir: flags.outputDir } : {}),
          ...(flags.maxTime !== undefined ? { maxTime: flags.maxTime } : {}),
          ...(flags.maxTests !== undefined ? { maxTests: flags.maxTests } : {}),
          search: flags.search,
          replay: flags.replay,
          producer: `sympath ${sympathVersion()}`,
          ...(flags.verbose ? { onMessage: (line: string) => process.stderr.write(`${line}\n`) } : {}),
        });
        process.stdout.write(flags.json ? `${JSON.stringify(r, null, 2)}\n` : formatTestcompText(r));
      } catch (e) {
        if (e instanceof TaskError || e instanceof ReplayError) throw new UserError(e.message);
        throw e;
      }
    });
}
