// `sympath run --queue redis://HOST:PORT`: the coordinator of a distributed run. It puts the run's
// configuration (the program's IR and options: shared.ts's RunConfig) in Redis and the root job (the
// empty prefix) in the BullMQ queue, then follows the jobs it is waiting for: each completed job's
// result is recorded once (keyed by job id: the tests written through the run's sink, the error tests
// kept per location as the DFS meets them first, coverage as a union, the figures summed), its child
// jobs are queued here and join the jobs waited for; a job BullMQ failed for good (it threw JOB_ATTEMPTS times or was
// taken back from dead workers more than MAX_STALLED times) is reported and its subtree is left
// unexplored. The run ends when no job is waited for. Workers (worker.ts) do the exploring.
//
// Redis unreachable at the start, or unanswering for LOST_MS during the run: exit 7 with a clear error;
// the tests written stay (each file is whole), stats.json is written (run.ts). If Redis comes back
// empty (restarted without persistence), the jobs waited for and the configuration are put back.

import { randomBytes } from 'node:crypto';
import { Job, Queue } from 'bullmq';
import { Coverage } from '../engine/coverage.js';
import type { RunResult } from '../engine/executor.js';
import { readModuleText } from '../ir/index.js';
import type { SpreadRunOptions } from '../parallel/coordinator.js';
import { ErrorDedup } from '../parallel/error-dedup.js';
import type { SolverStats } from '../solver/solver.js';
import {
  JOB_ATTEMPTS,
  QUEUE_NAME,
  SKIPPED_NO_RUN,
  configKey,
  connect,
  decodeValue,
  doneKey,
  encodeTape,
  encodeValue,
  jobIdOf,
  probeRedis,
  unreachable,
  within,
  type JobData,
  type JobOutcome,
  type RunConfig,
  type StoredOutcome,
} from './shared.js';

/** How long Redis may not answer before the run ends with exit 7. */
const LOST_MS = 10_000;
/** How often the jobs waited for are looked at. */
const POLL_MS = 100;

export interface QueueRunOptions extends SpreadRunOptions {
  url: string;
}

/** A job that failed for good: its prefix's subtree is not explored. */
export interface FailedJob {
  id: string;
  reason: string;
  attempts: number;
}

export interface QueueRunResult extends RunResult {
  workers: Record<string, unknown>;
  solverTotals: SolverStats;
}

interface WorkerFigures {
  jobs: number;
  instructions: number;
  paths: RunResult['paths'];
  prefixInstructions: number;
  prefixDecisions: number;
}

/** A fault of this code, not Redis being away or slow: it ends the run instead of being retried. */
function isCodeFault(e: unknown): boolean {
  return e instanceof TypeError || e instanceof RangeError;
}

export async function runQueue(p: QueueRunOptions): Promise<QueueRunResult> {
  const t0 = performance.now();
  await probeRedis(p.url);
  const runId = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  const redis = connect(p.url);
  // BullMQ does not close a connection it was given: closed here at the end.
  const queueConnection = connect(p.url);
  const queue = new Queue<JobData>(QUEUE_NAME, { connection: queueConnection });
  queue.on('error', () => {});
  const config: RunConfig = {
    runId,
    irText: readModuleText(p.irPath),
    irName: p.irPath,
    opts: p.opts,
    solverOptions: p.solverOptions,
    dedupErrors: p.errorTests !== 'none',
    search: p.search,
    startedAt: Date.now(),
  };
  const configValue = encodeValue(config);
  const root: JobData = { runId, tape: encodeTape(new Int32Array(0)), instructions: 0 };
  /** The jobs waited for: id → data (to put it back if Redis lost it). */
  const waiting = new Map<string, JobData>([[jobIdOf(runId, root.tape), root]]);
  const recorded = new Set<string>();
  const failed: FailedJob[] = [];
  const coverage = new Coverage(p.module, p.opts.programSourceFiles, () => 0);
  const covered = new Uint8Array(coverage.size);
  const perWorker = new Map<string, WorkerFigures>();
  const solverTotals: SolverStats = { queries: 0, z3Queries: 0, cacheHits: 0, seconds: 0 };
  const errorTests = new ErrorDedup(p.sink, p.errorTests === 'arrival' ? 'arrival' : 'dfs');
  const totals = { instructions: 0, paths: { completed: 0, errors: 0, partial: 0, pruned: 0 }, statesPeak: 0, branches: 0, jobs: 0, skipped: 0 };
  let testsWritten = 0;
  let halted: string | undefined;
  let lastAnswer = performance.now();

  const jobOptions = (id: string) => ({ jobId: id, attempts: JOB_ATTEMPTS, removeOnComplete: false, removeOnFail: false });
  const add = async (id: string, data: JobData): Promise<void> => {
    await queue.add('prefix', data, jobOptions(id));
  };
  const record = (o: JobOutcome): void => {
    totals.jobs++;
    for (const t of o.tests) {
      if (p.sink.add(t) !== null) testsWritten++;
      if (p.opts.maxTests > 0 && testsWritten >= p.opts.maxTests) halted ??= 'max-tests';
    }
    for (const e of o.errorTests) if (errorTests.add(e.test, e.key, e.rank)) testsWritten++;
    for (const m of o.messages) p.message?.(m);
    for (const w of o.output) (w.fd === 1 ? p.stdout : p.stderr)?.(w.bytes);
    for (const id of o.covered) covered[id] = 1;
    totals.instructions += o.instructions;
    for (const k of ['completed', 'errors', 'partial', 'pruned'] as const) totals.paths[k] += o.paths[k];
    totals.statesPeak = Math.max(totals.statesPeak, o.statesPeak);
    totals.branches = Math.max(totals.branches, o.branchesCovered);
    for (const k of ['queries', 'z3Queries', 'cacheHits', 'seconds'] as const) solverTotals[k] += o.solver[k];
    const w = perWorker.get(o.worker) ?? { jobs: 0, instructions: 0, paths: { completed: 0, errors: 0, partial: 0, pruned: 0 }, prefixInstructions: 0, prefixDecisions: 0 };
    w.jobs++;
    w.instructions += o.instructions;
    for (const k of ['completed', 'errors', 'partial', 'pruned'] as const) w.paths[k] += o.paths[k];
    w.prefixInstructions += o.prefixInstructions;
    w.prefixDecisions += o.prefixDecisions;
    perWorker.set(o.worker, w);
    // A run-wide halt met in a job (--max-time): the run ends (--max-memory is the worker's own).
    if (o.haltReason !== undefined && o.haltReason !== 'max-memory') halted ??= o.haltReason;
    for (const c of o.children) if (!recorded.has(c.id)) waiting.set(c.id, c.data);
  };

  /**
   * Looks at every job waited for once: records the finished ones, puts back the ones Redis lost. The
   * state is read before the job: a job read first and finished before its state was asked had no
   * return value yet (BullMQ's null), and a sweep that then gave up on it lost its subtree (the run
   * ended 1-23 tests short under load).
   */
  const sweep = async (): Promise<void> => {
    // Redis restarted empty: the configuration goes back before any job does (a job queued just before
    // the restart can reach the new server, resent by the client, without it).
    if ((await redis.exists(configKey(runId))) === 0) await redis.set(configKey(runId), configValue);
    for (const [id, data] of [...waiting]) {
      if (halted !== undefined) return;
      const state = await queue.getJobState(id);
      if (state === 'unknown') {
        // Redis lost it (restarted empty): the configuration and the job go back.
        await add(id, data);
        continue;
      }
      if (state === 'completed') {
        const job = await Job.fromId<JobData, StoredOutcome>(queue, id);
        const v = job?.returnvalue;
        if (!job || v === null || v === undefined) throw new Error(`job ${id} is completed without a result`);
        if ('skipped' in v && v.skipped === SKIPPED_NO_RUN) {
          // Taken while the configuration was missing (Redis restarted): not explored, so queued again.
          await job.remove();
          await add(id, data);
          continue;
        }
        if (!recorded.has(id)) {
          // Marked first: if queueing the children fails, they are waited for and put back, never recorded twice.
          recorded.add(id);
          if ('outcome' in v) {
            const o = decodeValue<JobOutcome>(v.outcome);
            record(o);
            // The children of the attempt that completed (and of no other: worker.ts).
            const fresh = o.children.filter((c) => !recorded.has(c.id));
            if (fresh.length > 0) {
              await queue.addBulk(fresh.map((c) => ({ name: 'prefix', data: c.data, opts: jobOptions(c.id) })));
            }
          } else totals.skipped++;
        }
        waiting.delete(id);
        // Recorded before removed: a worker given this prefix again (its parent re-run) skips it.
        await redis.sadd(doneKey(runId), id);
        await job.remove().catch(() => {});
      } else if (state === 'failed') {
        const job = await Job.fromId<JobData, StoredOutcome>(queue, id);
        waiting.delete(id);
        if (recorded.has(id)) continue;
        recorded.add(id);
        const f: FailedJob = { id, reason: job?.failedReason ?? 'unknown', attempts: (job?.attemptsMade ?? 0) + (job?.stalledCounter ?? 0) };
        failed.push(f);
        p.message?.(`queue: job ${id} failed for good (${f.reason}); the subtree below its prefix is not explored`);
      }
    }
  };

  function result(): RunResult {
    const cov = new Coverage(p.module, p.opts.programSourceFiles, () => 0);
    for (let id = 0; id < covered.length; id++) if (covered[id]) cov.covered(id);
    return {
      instructions: totals.instructions,
      paths: { ...totals.paths },
      statesPeak: totals.statesPeak,
      coverage: {
        instructionsCovered: cov.instructionsCovered,
        instructionsTotal: cov.instructionsTotal,
        linesCovered: cov.linesCovered,
        linesTotal: cov.linesTotal,
        branchesCovered: totals.branches,
        branchesTotal: cov.branchesTotal,
      },
      wallSeconds: (performance.now() - t0) / 1000,
    };
  }
  p.onStart?.(() => ({ ...result(), liveStates: waiting.size, solver: { ...solverTotals } }));

  let lost: Error | null = null;
  try {
    await within(redis.set(configKey(runId), configValue), LOST_MS, 'storing the run');
    await within(add(jobIdOf(runId, root.tape), root), LOST_MS, 'queueing the first job');
    while (waiting.size > 0 && halted === undefined) {
      if (p.signal?.aborted) {
        halted = 'interrupted';
        break;
      }
      try {
        await within(sweep(), LOST_MS, 'Redis');
        lastAnswer = performance.now();
      } catch (e) {
        if (isCodeFault(e)) throw e;
        if (performance.now() - lastAnswer > LOST_MS) {
          lost = unreachable(p.url, `stopped answering during the run (${(e as Error).message}); ${waiting.size} jobs were not finished`);
          break;
        }
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } catch (e) {
    if (isCodeFault(e)) throw e;
    lost = unreachable(p.url, `stopped answering during the run (${(e as Error).message})`);
  } finally {
    testsWritten += errorTests.flush();
    // The run is over for the workers: jobs of it still queued are skipped (and removed here when possible).
    await within(
      (async () => {
        await redis.del(configKey(runId), doneKey(runId));
        for (const id of waiting.keys()) await queue.remove(id).catch(() => 0);
      })(),
      2000,
      'cleaning up',
    ).catch(() => {});
    await within(queue.close(), 2000, 'closing').catch(() => {});
    queueConnection.disconnect();
    redis.disconnect();
  }
  if (lost) throw lost;
  const r = result();
  const haltReason = halted ?? (failed.length > 0 ? 'queue jobs failed' : undefined);
  const workers = {
    count: perWorker.size,
    jobs: totals.jobs,
    prefixInstructions: [...perWorker.values()].reduce((a, w) => a + w.prefixInstructions, 0),
    prefixDecisions: [...perWorker.values()].reduce((a, w) => a + w.prefixDecisions, 0),
    unexploredJobs: waiting.size,
    perWorker: [...perWorker.entries()].map(([worker, w]) => ({ worker, ...w })),
    queue: { url: p.url, runId, skippedJobs: totals.skipped, failedJobs: failed },
  };
  return { ...r, ...(haltReason !== undefined ? { haltReason } : {}), workers, solverTotals };
}
