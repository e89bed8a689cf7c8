// The cell side of `sympath worker --queue URL`: a BullMQ Worker on the experiments' queue, beside the
// prefix-job worker of src/queue/worker.ts in the same process. A cell job runs the cell here
// (run-cell.ts: `sympath run`, then replay, as child processes; the program's files and the output
// directory are the plan's absolute paths, so a shared file system is assumed) and returns its result;
// the experiment process writes the result file.
//
// Leases are BullMQ's locks (renewed while the cell runs; a worker that dies loses its cell to another
// after the lease). The experiment's live key is checked before a cell starts and every second while
// it runs: an experiment stopped (or dead) has its running cells killed and skipped. A worker stopped
// by SIGINT/SIGTERM kills its cell in progress, which goes back to the queue (one attempt used).

import { Worker, type Job } from 'bullmq';
import { connect, leaseOptions, probeRedis } from '../queue/shared.js';
import { runCell, workerName } from './run-cell.js';
import { CELL_MAX_STALLED, EXPERIMENT_QUEUE, liveKey, type CellJobData, type CellJobReturn } from './queue-shared.js';

export interface CellWorkerOptions {
  url: string;
  leaseSeconds: number;
  log: (line: string) => void;
  signal: AbortSignal;
}

const SKIPPED = 'the experiment is over';

export async function runCellWorker(o: CellWorkerOptions): Promise<void> {
  await probeRedis(o.url);
  const redis = connect(o.url);
  const me = workerName();
  const live = async (id: string): Promise<boolean> => (await redis.exists(liveKey(id))) === 1;

  const processJob = async (job: Job<CellJobData>): Promise<CellJobReturn> => {
    const { experimentId, plan } = job.data;
    if (!(await live(experimentId))) return { skipped: SKIPPED };
    const stop = new AbortController();
    let gone = false;
    const onStop = (): void => stop.abort();
    o.signal.addEventListener('abort', onStop, { once: true });
    const watch = setInterval(() => {
      live(experimentId).then(
        (yes) => {
          if (!yes) {
            gone = true;
            stop.abort();
          }
        },
        () => {}, // Redis slow or away: the lease decides, not this check.
      );
    }, 1000);
    try {
      o.log(`cell ${plan.key.id}: running`);
      const result = await runCell(plan, { signal: stop.signal, ranBy: me });
      if (result) return { result };
      if (gone) return { skipped: SKIPPED };
      throw new Error(`worker ${me} was stopped during the cell`);
    } finally {
      clearInterval(watch);
      o.signal.removeEventListener('abort', onStop);
    }
  };

  // BullMQ does not close a connection it was given: closed here at the end.
  const workerConnection = connect(o.url);
  const worker = new Worker<CellJobData, CellJobReturn>(EXPERIMENT_QUEUE, processJob, {
    connection: workerConnection,
    name: me,
    ...leaseOptions(o.leaseSeconds, CELL_MAX_STALLED),
  });
  worker.on('error', (e) => o.log(`experiment queue: ${e.message}`));
  worker.on('failed', (job, e) => o.log(`cell job ${job?.id ?? '?'} failed: ${e.message}`));
  o.log(`worker ${me}: also running experiment cells from ${EXPERIMENT_QUEUE}`);
  await new Promise<void>((resolve) => {
    if (o.signal.aborted) resolve();
    o.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await worker.close();
  workerConnection.disconnect();
  redis.disconnect();
}
