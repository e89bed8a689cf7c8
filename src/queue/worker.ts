// `sympath worker --queue redis://HOST:PORT`: a worker process of a distributed run. It takes prefix jobs
// from the BullMQ queue (shared.ts), explores each with src/parallel/job-runner.ts (a fresh engine
// follows the prefix and explores below it) and returns what it found as the job's result: the tests,
// the error tests with their DFS rank, the instructions newly covered, the figures, and its child
// jobs (queued by the coordinator). The children: every job explores for at most `budgetSeconds` (wall), then gives
// ALL its pending states away as new prefix jobs (the state running goes on to its path's end, giving
// away the other sides of its later forks too) — short jobs make short leases and spread the work.
//
// Leases are BullMQ's: a job's lock is renewed while it runs; a worker that dies stops renewing, and
// after `leaseSeconds` another worker's stalled-job check puts the job back in the queue (a job taken
// back MAX_STALLED times, i.e. one that kills its workers, fails for good and is reported by the
// coordinator). A job's results reach the run only through its completion, so a dead attempt
// delivers nothing and the one that completes delivers once.

import { hostname } from 'node:os';
import { Worker, type Job as BullJob } from 'bullmq';
import { Coverage } from '../engine/coverage.js';
import { parseModule } from '../ir/index.js';
import type { Module } from '../ir/model.js';
import { withCanonicalTests } from '../parallel/canonical-solver.js';
import { JobRunner } from '../parallel/job-runner.js';
import { createSolver } from '../solver/index.js';
import type { Solver } from '../solver/solver.js';
import {
  MAX_STALLED,
  QUEUE_NAME,
  SKIPPED_NO_RUN,
  configKey,
  connect,
  decodeTape,
  decodeValue,
  doneKey,
  encodeTape,
  encodeValue,
  jobIdOf,
  leaseOptions,
  probeRedis,
  type ChildJob,
  type JobData,
  type JobOutcome,
  type RunConfig,
  type StoredOutcome,
} from './shared.js';

export interface QueueWorkerOptions {
  url: string;
  /** Wall seconds a job explores before giving its pending states away as new jobs. */
  budgetSeconds: number;
  /** BullMQ lock duration: how long a dead worker's job waits before it is given to another. */
  leaseSeconds: number;
  /** Lines for the console (stderr). */
  log: (line: string) => void;
  signal: AbortSignal;
}

/** The engine of one run, kept while jobs of that run come. */
interface RunContext {
  config: RunConfig;
  module: Module;
  solver: Solver;
  coverage: Float64Array;
  /** Instruction ids already reported as covered (each is reported once per worker process and run). */
  reported: Uint8Array;
}

export async function runQueueWorker(o: QueueWorkerOptions): Promise<void> {
  await probeRedis(o.url);
  const redis = connect(o.url);
  const me = `${hostname()}:${process.pid}`;
  let ctx: RunContext | null = null;

  const contextOf = async (runId: string): Promise<RunContext | null> => {
    if (ctx?.config.runId === runId) return ctx;
    const raw = await redis.get(configKey(runId));
    if (raw === null) return null;
    if (ctx) await ctx.solver.close().catch(() => {});
    ctx = null;
    const config = decodeValue<RunConfig>(raw);
    const module = parseModule(config.irText, config.irName);
    const size = new Coverage(module, config.opts.programSourceFiles, () => 0).size;
    const solver = withCanonicalTests(await createSolver({ ...config.solverOptions }));
    ctx = { config, module, solver, coverage: new Float64Array(size), reported: new Uint8Array(size) };
    o.log(`run ${runId}: ${config.irName} loaded`);
    return ctx;
  };

  const processJob = async (job: BullJob<JobData>): Promise<StoredOutcome> => {
    const { runId } = job.data;
    const c = await contextOf(runId);
    if (!c) return { skipped: SKIPPED_NO_RUN };
    if (await redis.sismember(doneKey(runId), job.id!)) return { skipped: 'already explored' };
    const out: JobOutcome = {
      tests: [],
      errorTests: [],
      children: [],
      messages: [],
      output: [],
      covered: [],
      instructions: 0,
      paths: { completed: 0, errors: 0, partial: 0, pruned: 0 },
      statesPeak: 0,
      branchesCovered: 0,
      prefixInstructions: job.data.instructions,
      prefixDecisions: 0,
      solver: { ...c.solver.stats },
      worker: me,
    };
    const given: ChildJob[] = [];
    const runner: JobRunner = new JobRunner({
      workerId: 0,
      module: c.module,
      solver: c.solver,
      opts: c.config.opts,
      dedupErrors: c.config.dedupErrors,
      search: c.config.search,
      coverage: c.coverage,
      startedAt: c.config.startedAt,
      share: 'all',
      wanted: () => performance.now() - runner.startedAt > o.budgetSeconds * 1000,
      outlet: {
        test: (test) => out.tests.push(test),
        errorTest: (test, key, rank) => out.errorTests.push({ test, key, rank }),
        prefixes: (prefixes) => {
          for (const p of prefixes) {
            const data: JobData = { runId, tape: encodeTape(p.tape), instructions: p.instructions };
            given.push({ id: jobIdOf(runId, data.tape), data });
          }
        },
        message: (text) => out.messages.push(text),
        output: (fd, bytes) => out.output.push({ fd, bytes }),
      },
    });
    const before = { ...c.solver.stats };
    const r = await runner.run({ id: 0, tape: decodeTape(job.data.tape), instructions: job.data.instructions });
    // The children go back in the result; the coordinator queues them when it records this completion.
    // Not queued from here: where the budget cut a job depends on timing, so two attempts of one job
    // (the first one's worker presumed dead) give different children, and only the attempt that
    // completes may have its children explored.
    for (let id = 0; id < c.coverage.length; id++) {
      if (c.coverage[id]! > 0 && c.reported[id] === 0) {
        c.reported[id] = 1;
        out.covered.push(id);
      }
    }
    out.children = given;
    out.instructions = r.instructions;
    out.paths = r.paths;
    out.statesPeak = r.statesPeak;
    out.branchesCovered = runner.totals.branchesCovered;
    out.prefixDecisions = r.prefixDecisions;
    const after = c.solver.stats;
    out.solver = { queries: after.queries - before.queries, z3Queries: after.z3Queries - before.z3Queries, cacheHits: after.cacheHits - before.cacheHits, seconds: after.seconds - before.seconds };
    if (r.haltReason !== undefined) out.haltReason = r.haltReason;
    return { outcome: encodeValue(out) };
  };

  // BullMQ does not close a connection it was given: closed here at the end.
  const workerConnection = connect(o.url);
  const worker = new Worker<JobData, StoredOutcome>(QUEUE_NAME, processJob, {
    connection: workerConnection,
    // Named: a job's processedBy says which worker process holds it (the tests kill that one).
    name: me,
    ...leaseOptions(o.leaseSeconds, MAX_STALLED),
  });
  worker.on('error', (e) => o.log(`queue: ${e.message}`));
  worker.on('failed', (job, e) => o.log(`job ${job?.id ?? '?'} failed: ${e.message}`));
  o.log(`worker ${me}: waiting for jobs on ${o.url} (job budget ${o.budgetSeconds} s, lease ${o.leaseSeconds} s)`);
  await new Promise<void>((resolve) => {
    if (o.signal.aborted) resolve();
    o.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  o.log('worker: stopping after the job in progress');
  await worker.close();
  const last = ctx as RunContext | null;
  if (last) await last.solver.close().catch(() => {});
  workerConnection.disconnect();
  redis.disconnect();
}
