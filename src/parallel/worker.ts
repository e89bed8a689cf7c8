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
import { threadCpuSeconds } from './thread-cpu.js';
import type { TestCase } from '../engine/test-case.js';
import type { FromWorker, Job, ToWorker, WorkerInit, WorkerTotals } from './protocol.js';

/** A worker's totals with its thread's CPU seconds so far. */
function withThreadCpu(t: WorkerTotals): WorkerTotals {
  const cpu = threadCpuSeconds();
  return cpu === undefined ? t : { ...t, cpuSeconds: cpu };
}

/** Tests sent in one message at most (fewer when another message, e.g. a job's end, comes first). */
const TEST_BATCH = 32;

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('src/parallel/worker.ts runs as a worker thread');
  const init = workerData as WorkerInit;
  const me = init.workerId;
  // Tests leave in batches: a message per test cost the worker's thread ~90 µs (postMessage's copy and
  // the coordinator's wake-up), 6% of bench:parallel's run. Every other message sends the batch first,
  // so the coordinator still sees everything in the order it happened (a job's tests before its 'done').
  let batch: TestCase[] = [];
  const flushTests = (): void => {
    if (batch.length === 0) return;
    port.postMessage({ type: 'tests', worker: me, tests: batch } satisfies FromWorker);
    batch = [];
  };
  const post = (m: FromWorker, transfer?: ArrayBuffer[]): void => {
    flushTests();
    port.postMessage(m, transfer ?? []);
  };
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
      test: (test) => {
        batch.push(test);
        if (batch.length >= TEST_BATCH) flushTests();
      },
      errorTest: (test, key, rank) => post({ type: 'error-test', worker: me, test, key, rank }),
      prefixes: (prefixes) => post({ type: 'prefixes', worker: me, prefixes }, prefixes.map((p) => p.tape.buffer as ArrayBuffer)),
      message: (text) => post({ type: 'message', worker: me, text }),
      output: (fd, bytes) => post({ type: 'output', worker: me, fd, bytes }),
      progress: (snapshot) => post({ type: 'progress', worker: me, snapshot }),
    },
  });

  const runJob = async (job: Job): Promise<void> => {
    const r = await runner.run(job);
    post({ type: 'done', worker: me, job: job.id, ...(r.haltReason !== undefined ? { haltReason: r.haltReason } : {}), totals: withThreadCpu(runner.snapshotTotals()) });
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
