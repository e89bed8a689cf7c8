// A worker thread of `sympath run --workers N`: one engine of its own (module, solver, searcher),
// running the jobs the coordinator (coordinator.ts) gives it one after another. Each job is a fresh
// Executor run that first follows the job's prefix (prefix.ts) and then explores below it under the
// run's searcher, wrapped to give pending states away when asked (handoff-searcher.ts). Tests, messages
// and program output go to the coordinator, which writes them; coverage counts are shared memory.
//
// Started from the esbuild bundle (dist/bundle-<id>/worker.mjs), from the tsc output (dist/parallel/
// worker.js) or from the sources under tsx (spawn.ts).

import { parentPort, workerData } from 'node:worker_threads';
import { Executor, type RunResult } from '../engine/executor.js';
import type { ExplorationHooks } from '../engine/hooks.js';
import { loadModule } from '../ir/index.js';
import { createSearcher } from '../search/index.js';
import { createSolver } from '../solver/index.js';
import { withCanonicalTests } from './canonical-solver.js';
import { rankOf } from './error-dedup.js';
import { HandoffSearcher } from './handoff-searcher.js';
import { PrefixFollowerImpl } from '../engine/path-prefix.js';
import type { FromWorker, Job, ToWorker, WorkerInit, WorkerTotals } from './protocol.js';

/** How often a busy worker reports its figures (the live stats.json and progress line). */
const PROGRESS_MS = 500;

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('src/parallel/worker.ts runs as a worker thread');
  const init = workerData as WorkerInit;
  const me = init.workerId;
  const post = (m: FromWorker, transfer?: ArrayBuffer[]): void => port.postMessage(m, transfer ?? []);
  const module = loadModule(init.irPath);
  const raw = await createSolver({ ...init.solverOptions });
  const solver = init.canonicalTests ? withCanonicalTests(raw) : raw;
  const shared = new Float64Array(init.coverage);
  const totals: WorkerTotals = {
    worker: me,
    jobs: 0,
    instructions: 0,
    paths: { completed: 0, errors: 0, partial: 0, pruned: 0 },
    statesPeak: 0,
    branchesCovered: 0,
    prefixInstructions: 0,
    prefixDecisions: 0,
    given: 0,
    solver: { ...solver.stats },
  };
  let wanted = false;
  let current: Executor | null = null;
  let haltReason: string | undefined;
  const queue: Job[] = [];
  let running = false;
  let exiting = false;

  // Every state keeps its branch trace: a state given away is described by it (prefix.ts). Tests go to
  // the coordinator from here, where the error's instruction and the path are known (error-dedup.ts).
  const hook: ExplorationHooks = {
    name: 'parallel',
    wantsTrace: true,
    onTerminate(s, test, end) {
      if (!test) return;
      if (init.dedupErrors && test.error) {
        const key = `${test.error.kind}:${test.error.file}:${test.error.line}:${end?.inst ? end.inst.id : -1}`;
        post({ type: 'error-test', worker: me, test, key, rank: rankOf(s) });
      } else post({ type: 'test', worker: me, test });
    },
  };
  // The coordinator chooses among every error path of a location (the engine would keep its first only).
  const engineOpts = init.dedupErrors ? { ...init.opts, emitAllErrors: true } : init.opts;

  const runJob = async (job: Job): Promise<void> => {
    const follower = new PrefixFollowerImpl(job.tape);
    const elapsed = (Date.now() - init.startedAt) / 1000;
    // --max-time is the run's: a job started late gets what is left of it.
    const maxTime = init.opts.maxTime > 0 ? Math.max(0.001, init.opts.maxTime - elapsed) : 0;
    const opts = { ...engineOpts, maxTime };
    let lastProgress = performance.now();
    const ex: Executor = new Executor(module, opts, {
      solver,
      sink: {
        // Sent by the hook's onTerminate; the coordinator numbers and writes it.
        add: () => 'pending',
      },
      createSearcher: (ctx) =>
        new HandoffSearcher(
          createSearcher(opts.search, ctx, init.search),
          ex,
          () => wanted && !follower.active(),
          (prefixes) => {
            totals.given += prefixes.length;
            post({ type: 'prefixes', worker: me, prefixes }, prefixes.map((p) => p.tape.buffer as ArrayBuffer));
          },
          () => {
            const now = performance.now();
            if (now - lastProgress < PROGRESS_MS) return;
            lastProgress = now;
            post({ type: 'progress', worker: me, snapshot: ex.snapshot() });
          },
        ),
      stdout: (bytes) => post({ type: 'output', worker: me, fd: 1, bytes }),
      stderr: (bytes) => post({ type: 'output', worker: me, fd: 2, bytes }),
      message: (text) => post({ type: 'message', worker: me, text }),
      hooks: [hook],
      prefix: follower,
    });
    ex.coverage.shareCounts(shared);
    current = ex;
    if (haltReason !== undefined) ex.halt(haltReason);
    let r: RunResult;
    try {
      r = await ex.run();
    } finally {
      current = null;
    }
    totals.jobs++;
    totals.instructions += r.instructions;
    for (const k of ['completed', 'errors', 'partial', 'pruned'] as const) totals.paths[k] += r.paths[k];
    totals.statesPeak = Math.max(totals.statesPeak, r.statesPeak);
    // Directions are flags of each job's compiled code, not named: the most of one job is a lower bound.
    totals.branchesCovered = Math.max(totals.branchesCovered, ex.coverage.branchesCovered);
    totals.prefixInstructions += job.instructions;
    totals.prefixDecisions += follower.followed;
    totals.solver = { ...solver.stats };
    post({ type: 'done', worker: me, job: job.id, ...(r.haltReason !== undefined ? { haltReason: r.haltReason } : {}), totals: { ...totals, paths: { ...totals.paths } } });
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
        haltReason = m.reason;
        if (m.reason === 'interrupted' && current) current.interrupted = true;
        current?.halt(m.reason);
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
