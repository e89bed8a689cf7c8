// `sympath worker --queue redis://HOST:PORT`: explore jobs of `sympath run --queue` runs (src/queue/worker.ts)
// and run the cells of `sympath experiment --queue` experiments (src/experiment/queue-worker.ts; a cell in
// progress is killed at the first signal and goes back to the queue) until stopped by SIGINT/SIGTERM (it then finishes the job in progress and exits 0; a second signal
// exits at once — that job then returns to the queue when its lease runs out). Redis unreachable at the
// start: exit 7 (src/queue/README.md).

import { Command } from 'commander';
import { killAllChildren } from '../experiment/child.js';
import { onInterrupts } from './interrupts.js';
import { writeStd } from './std-streams.js';
import { UserError } from './user-error.js';

function seconds(name: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new UserError(`sympath worker: ${name}: expected a number of seconds > 0, got '${v}'`);
    return n;
  };
}

export function register(program: Command): void {
  program
    .command('worker')
    .summary('explore the jobs of `sympath run --queue` runs from a BullMQ queue on Redis')
    .requiredOption('--queue <url>', 'the Redis server of the queue: redis://HOST:PORT')
    .option('--job-budget <seconds>', 'wall seconds a job explores before giving its pending states away as new jobs', seconds('--job-budget'), 2)
    .option('--lease <seconds>', "how long a job's lock lasts unrenewed: a dead worker's job goes back to the queue after it", seconds('--lease'), 10)
    .action(async (flags: { queue: string; jobBudget: number; lease: number }) => {
      // (The queue's modules on first use: they require ioredis and bullmq from node_modules, which
      // `sympath --help`, loading every command's registration, has no use for.)
      const { queueUrl } = await import('../queue/shared.js');
      const url = queueUrl('sympath worker --queue', flags.queue);
      const stop = new AbortController();
      let signals = 0;
      const onSignal = (): void => {
        if (++signals > 1) {
          // A cell's children are in process groups of their own: they would outlive the worker.
          killAllChildren();
          process.exit(130);
        }
        stop.abort();
      };
      onInterrupts(onSignal);
      const { runQueueWorker } = await import('../queue/worker.js');
      const { runCellWorker } = await import('../experiment/queue-worker.js');
      const log = (line: string): void => {
        writeStd('stderr', `sympath worker: ${line}\n`);
      };
      // Both kinds of job: prefixes of `run --queue` runs and cells of `experiment --queue` experiments.
      await Promise.all([
        runQueueWorker({ url, budgetSeconds: flags.jobBudget, leaseSeconds: flags.lease, signal: stop.signal, log }),
        runCellWorker({ url, leaseSeconds: flags.lease, signal: stop.signal, log }),
      ]);
    });
}
