// `sympath experiment SPEC.json [-j N] [--queue redis://HOST:PORT] [--results DIR] [--report] [--list]
// [--retry-failed]`: run a matrix of `sympath run`s (programs × strategies × budgets × seeds, replay for
// coverage) and print the table of medians (src/experiment/README.md). Resumable: a cell whose result
// file exists is skipped. The first SIGINT/SIGTERM stops cleanly (the cells running are stopped, their
// children and everything those started killed; results written stay; exit 130/143); a second one
// kills the children at once and exits.

import { Command } from 'commander';
import { onInterrupts, signalExitCode } from './interrupts.js';
import { writeStd } from './std-streams.js';
import { positive } from './option-values.js';

interface ExperimentFlags {
  jobs: number;
  queue?: string;
  results?: string;
  report?: boolean;
  list?: boolean;
  retryFailed?: boolean;
}

export function register(program: Command): void {
  program
    .command('experiment')
    .summary('run a matrix of sympath runs (programs × strategies × seeds × budgets) from a JSON spec, resumably')
    .description(
      'Each cell of SPEC.json (schemas/experiment.schema.json) is one `sympath run` into DIR/runs/<cell>/, then, where ' +
        'the spec asks, `sympath replay` for gcov coverage; its figures go to DIR/cells/<cell>.json. A cell with a result ' +
        'file is skipped, so an interrupted experiment resumes. At the end DIR/table.md and DIR/summary.json: per program ' +
        '× strategy, the median over seeds of paths, tests, errors, coverage and CPU time.',
    )
    .argument('<spec>', 'the experiment spec (JSON)')
    .option('-j, --jobs <n>', 'cells run at once on this machine', positive, 1)
    .option('--queue <url>', 'run the cells on `sympath worker --queue URL` processes instead (BullMQ on Redis; shared file system)')
    .option('--results <dir>', "the results folder (default: the spec's `results`, else NAME.results beside the spec)")
    .option('--report', 'print the table from the result files there are; run nothing')
    .option('--list', 'print the cells and their commands; run nothing')
    .option('--retry-failed', 'run again the cells whose result says failed')
    .action(async (spec: string, flags: ExperimentFlags) => {
      // The queue's modules (ioredis, BullMQ) are loaded only with --queue.
      const url = flags.queue !== undefined ? (await import('../queue/shared.js')).queueUrl('sympath experiment --queue', flags.queue) : undefined;
      const { runExperiment } = await import('../experiment/index.js');
      const { killAllChildren } = await import('../experiment/child.js');
      const stop = new AbortController();
      let interrupted: NodeJS.Signals | null = null;
      const onSignal = (signal: NodeJS.Signals): void => {
        if (interrupted !== null) {
          killAllChildren();
          process.exit(signalExitCode(interrupted));
        }
        interrupted = signal;
        writeStd('stderr', `\nsympath experiment: interrupted (${signal}); stopping the cells running (${signal} again to quit at once)\n`);
        stop.abort();
      };
      const removeInterrupts = onInterrupts(onSignal);
      try {
        await runExperiment({
          spec,
          jobs: flags.jobs,
          ...(url !== undefined ? { queue: url } : {}),
          ...(flags.results !== undefined ? { results: flags.results } : {}),
          report: flags.report === true,
          list: flags.list === true,
          retryFailed: flags.retryFailed === true,
          signal: stop.signal,
          log: (line) => writeStd('stderr', `sympath experiment: ${line}\n`),
          out: (text) => writeStd('stdout', text),
        });
      } finally {
        removeInterrupts();
      }
      if (interrupted !== null) process.exitCode = signalExitCode(interrupted);
    });
}
