// A worker thread of `sympath run --workers N`: one engine of its own (module, solver), running the jobs
// the coordinator (coordinator.ts) gives it one after another through job-runner.ts (each a fresh
// Executor run that follows the job's prefix and explores below it, giving half of its pending states
// away when the coordinator asks). Tests, messages and program output go to the coordinator, which
// writes them; coverage counts are shared memory.
//
// Started from the esbuild bundle (dist/bundle-<id>/worker.mjs), from the tsc output (dist/parallel/
// worker.js) or from the sources under tsx (spawn.ts).

import { parentPort, workerData } from 'node:worker_threads';
import { loadModule } from '../ir/index.js';
import { createSolver } from '../solver/index.js';
import { withCanonicalTests } from './canonical-solver.js';
import { JobRunner } from './job-runner.js';
import type { FromWorker, Job, ToWorker, WorkerInit } from './protocol.js';

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('src/parallel/worker.ts runs as a worker thread');
  const init = workerData as WorkerInit;
  const me = init.workerId;
  const post = (m: FromWorker, transfer?: ArrayBuffer[]): void => port.postMessage(m, transfer ?? []);
  const module = loadModule(init.irPath);
  const raw = await createSolver({ ...init.solverOptions });
  const solver = init.canonicalTests ? withCanonicalTests(raw) : raw;
  let wanted = false;
  const queue: Job[] = [];
  let running = false;
  let exiting = false;

  const runner = new JobRunner({
    workerId: me,
    module,
    solver,
    opts: init.opts,
    dedupErrors: init.dedupErrors,
    search: init.search,
    coverage: new Float64Array(init.coverage),
    startedAt: init.startedAt,
    wanted: () => wanted,
    outlet: {
      test: (test) => post({ type: 'test', worker: me, test }),
      errorTest: (test, key, rank) => post({ type: 'error-test', worker: me, test, key, rank }),
      prefixes: (prefixes) => post({ type: 'prefixes', worker: me, prefixes }, prefixes.map((p) => p.tape.buffer as ArrayBuffer)),
      message: (text) => post({ type: 'message', worker: me, text }),
      output: (fd, bytes) => post({ type: 'output', worker: me, fd, bytes }),
      progress: (snapshot) => post({ type: 'progress', worker: me, snapshot }),
    },
  });

  const runJob = async (job: Job): Promise<void> => {
    const r = await runner.run(job);
    post({ type: 'done', worker: me, job: job.id, ...(r.haltReason !== undefined ? { haltReason: r.haltReason } : {}), totals: runner.snapshotTotals() });
  };

  const pump = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      while (queue.length > 0) await runJob(queue.shift()!);
    } catch (e) {
      post({ type: 'failed', worker: me, error: e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e) });
    } finally {
      running = false;
    }
    if (exiting) await shutdown();
  };

  const shutdown = async (): Promise<void> => {
    try {
      await solver.close();
    } catch {
      // a back end that already failed
    }
    port.close();
  };

  port.on('message', (m: ToWorker) => {
    switch (m.type) {
      case 'job':
        queue.push(m.job);
        void pump();
        break;
      case 'want':
        wanted = m.on;
        break;
      case 'halt':
        runner.halt(m.reason);
        break;
      case 'exit':
        exiting = true;
        if (!running) void shutdown();
        break;
    }
  });
  post({ type: 'ready', worker: me });
}

main().catch((e: unknown) => {
  parentPort?.postMessage({ type: 'failed', worker: (workerData as WorkerInit).workerId, error: e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e) });
});
