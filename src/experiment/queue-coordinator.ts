// `sympath experiment --queue URL`: the cells to run become jobs of the experiments' BullMQ queue
// (queue-shared.ts), taken by `sympath worker --queue URL` processes (queue-worker.ts). This process
// polls its jobs (every 250 ms; the state first, then the job, as src/queue/coordinator.ts learnt),
// hands each completed one's result to `done` (which writes the result file) once and removes the job.
// A job that failed for good (its attempts used up, or taken back from dead workers too often) becomes
// a failed cell, reported, not retried. Its live key (TTL, refreshed) tells workers it still waits.
// On the abort signal the key is deleted (workers kill the cells of it they run), the jobs still
// queued are removed, and it returns. Redis unreachable at the start, or silent for 10 s: exit 7.

import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { connect, probeRedis, unreachable, within } from '../queue/shared.js';
import type { CellPlan, CellResult } from './cell.js';
import { failedCell } from './run-cell.js';
import { CELL_ATTEMPTS, EXPERIMENT_QUEUE, LIVE_TTL_SECONDS, liveKey, type CellJobData, type CellJobReturn } from './queue-shared.js';

export interface QueueRunOptions {
  url: string;
  signal: AbortSignal;
  done: (r: CellResult) => void;
  log: (line: string) => void;
}

const POLL_MS = 250;
const SILENT_LIMIT_MS = 10_000;

export async function runOnQueue(cells: CellPlan[], o: QueueRunOptions): Promise<void> {
  await probeRedis(o.url);
  const connection = connect(o.url);
  const queue = new Queue<CellJobData, CellJobReturn>(EXPERIMENT_QUEUE, { connection });
  queue.on('error', () => {}); // reported through the polls' time-outs
  const experimentId = randomBytes(6).toString('hex');
  const key = liveKey(experimentId);
  const waiting = new Map<string, CellPlan>();
  let refresh: NodeJS.Timeout | undefined;
  try {
    await within(connection.set(key, '1', 'EX', LIVE_TTL_SECONDS), SILENT_LIMIT_MS, 'Redis');
    // SET, not EXPIRE: a Redis restarted empty gets the key back.
    refresh = setInterval(() => void connection.set(key, '1', 'EX', LIVE_TTL_SECONDS).catch(() => {}), (LIVE_TTL_SECONDS * 1000) / 3);
    const jobs = cells.map((plan) => ({
      name: 'cell',
      data: { experimentId, plan },
      // Removed once recorded; kept a day at most when this process dies before (a rerun queues new jobs).
      opts: { jobId: `${experimentId}-${plan.key.id}`, attempts: CELL_ATTEMPTS, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: { age: 86400 }, removeOnFail: { age: 86400 } },
    }));
    const byId = new Map(jobs.map((j) => [j.opts.jobId, j]));
    for (const j of jobs) waiting.set(j.opts.jobId, j.data.plan);
    await within(queue.addBulk(jobs), SILENT_LIMIT_MS, 'Redis');
    o.log(`${cells.length} cells queued on ${o.url} (queue ${EXPERIMENT_QUEUE}, experiment ${experimentId}); waiting for \`sympath worker --queue ${o.url}\` processes`);

    let lastAnswer = Date.now();
    while (waiting.size > 0 && !o.signal.aborted) {
      // Redis's answers are gathered first; the results are written after, so that a fault in writing
      // them (a full disk) ends the experiment instead of being taken for Redis being slow.
      const finished: { id: string; result: CellResult; remove: () => Promise<unknown> }[] = [];
      try {
        for (const [id, plan] of waiting) {
          if (o.signal.aborted) break;
          const state = await within(queue.getJobState(id), SILENT_LIMIT_MS, 'Redis');
          if (state === 'unknown') {
            // Gone from Redis (restarted empty): queued again, the live key put back.
            o.log(`cell ${plan.key.id}: its job is gone from Redis (restarted empty?); queued again`);
            const j = byId.get(id)!;
            await within(connection.set(key, '1', 'EX', LIVE_TTL_SECONDS), SILENT_LIMIT_MS, 'Redis');
            await within(queue.add(j.name, j.data, j.opts), SILENT_LIMIT_MS, 'Redis');
            continue;
          }
          if (state !== 'completed' && state !== 'failed') continue;
          const job = await within(queue.getJob(id), SILENT_LIMIT_MS, 'Redis');
          if (!job) continue;
          const by = job.processedBy ?? '?';
          if (state === 'completed') {
            const ret = job.returnvalue as CellJobReturn | null;
            if (ret === null) continue; // the value is written just after the state: next poll
            finished.push({ id, result: 'result' in ret ? ret.result : failedCell(plan, `not run by the worker: ${ret.skipped}`, by), remove: () => job.remove() });
          } else {
            finished.push({ id, result: failedCell(plan, `the queue job failed for good after ${job.attemptsMade} attempt(s): ${job.failedReason}`, by), remove: () => job.remove() });
          }
        }
        lastAnswer = Date.now();
      } catch (e) {
        if (Date.now() - lastAnswer > SILENT_LIMIT_MS) throw unreachable(o.url, `stopped answering during the experiment: ${(e as Error).message}; the result files written stay`);
      }
      for (const f of finished) {
        o.done(f.result);
        waiting.delete(f.id);
        await within(f.remove(), 2000, 'Redis').catch(() => {}); // it expires anyway (removeOnComplete)
      }
      if (waiting.size > 0 && !o.signal.aborted) await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    clearInterval(refresh);
    // Workers running a cell of this experiment see the key gone and kill it; queued cells are removed.
    await within(connection.del(key), 2000, 'Redis').catch(() => {});
    for (const id of waiting.keys()) await within(queue.remove(id), 2000, 'Redis').catch(() => {});
    await queue.close().catch(() => {});
    connection.disconnect();
  }
}
