// What the coordinator (`sympath run --queue`, coordinator.ts) and the workers (`sympath worker --queue`,
// worker.ts) agree on: the BullMQ queue's name, the Redis keys of a run, job ids, the wire format of a
// job's data and result, and how a Redis URL is reached (and how not reaching it is reported).

import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { Redis } from 'ioredis';
import { UserError } from '../cli/user-error.js';
import type { EngineOptions } from '../engine/options.js';
import type { TestCase } from '../engine/test-case.js';
import type { SolverOptions } from '../solver/solver.js';
import type { SearchOptions, WorkerTotals } from '../parallel/protocol.js';

/** One queue for every run on a Redis server; a job's data names its run. */
export const QUEUE_NAME = 'sympath-prefixes';
/** Exit status of `run --queue` and `worker` when Redis cannot be reached, at the start or during the run. */
export const EXIT_QUEUE_UNREACHABLE = 7;
/** Attempts of a job whose processing throws (BullMQ retries it, then fails it for good). */
export const JOB_ATTEMPTS = 3;
/** Times a job may be taken back from a worker that stopped renewing its lease (died) before it fails. */
export const MAX_STALLED = 2;

/**
 * A BullMQ worker's lease settings: one job at a time, its lock renewed while it runs; a worker that dies
 * stops renewing, and after `leaseSeconds` another worker's stalled-job check (every half lease, at
 * least every 0.5 s) puts the job back, at most `maxStalled` times before it fails for good.
 */
export function leaseOptions(leaseSeconds: number, maxStalled: number): { concurrency: 1; lockDuration: number; stalledInterval: number; maxStalledCount: number } {
  return { concurrency: 1, lockDuration: leaseSeconds * 1000, stalledInterval: Math.max(500, (leaseSeconds * 1000) / 2), maxStalledCount: maxStalled };
}

/** The run's configuration (IR and options), read by every worker once per run. */
export const configKey = (runId: string): string => `sympath:run:${runId}:config`;
/** Job ids whose results the coordinator has recorded: a worker given one of them again skips it. */
export const doneKey = (runId: string): string => `sympath:run:${runId}:done`;

export interface RunConfig {
  runId: string;
  irText: string;
  irName: string;
  opts: EngineOptions;
  solverOptions: Omit<SolverOptions, 'signal'>;
  dedupErrors: boolean;
  search: SearchOptions;
  /** When the run started (Date.now()): --max-time is the run's. */
  startedAt: number;
}

/** A job's data: a prefix of the run's program to re-execute and explore below. */
export interface JobData {
  runId: string;
  /** The tape's bytes (Int32Array, little-endian), base64. */
  tape: string;
  /** Instructions the prefix's path executed (re-executed by the taker). */
  instructions: number;
}

/** A child job a finished job created (its id, and its data so the coordinator can put it back if Redis lost it). */
export interface ChildJob {
  id: string;
  data: JobData;
}

/** What a job returns (BullMQ keeps it as the job's return value). */
export interface JobOutcome {
  tests: TestCase[];
  errorTests: { test: TestCase; key: string; rank: number[] }[];
  children: ChildJob[];
  messages: string[];
  output: { fd: 1 | 2; bytes: Uint8Array }[];
  /** Instruction ids this worker process covered for the first time in this run (coverage is the union). */
  covered: number[];
  instructions: number;
  paths: WorkerTotals['paths'];
  statesPeak: number;
  branchesCovered: number;
  prefixInstructions: number;
  prefixDecisions: number;
  solver: WorkerTotals['solver'];
  haltReason?: string;
  /** The worker process (host:pid). */
  worker: string;
}

/** The return value as stored: either skipped (nothing explored) or the outcome, v8-serialised (typed arrays and all). */
export type StoredOutcome = { skipped: string } | { outcome: string };

/** A worker's answer to a job whose run has no configuration in Redis (over, or Redis restarted empty). */
export const SKIPPED_NO_RUN = 'the run is over';

export const encodeValue = (v: unknown): string => serialize(v).toString('base64');
export const decodeValue = <T>(s: string): T => deserialize(Buffer.from(s, 'base64')) as T;

export function encodeTape(tape: Int32Array): string {
  return Buffer.from(tape.buffer, tape.byteOffset, tape.byteLength).toString('base64');
}
export function decodeTape(s: string): Int32Array {
  const b = Buffer.from(s, 'base64');
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Int32Array(copy.buffer);
}

/** A job's id: its run and its prefix, so the same prefix is one job however often it is added. */
export function jobIdOf(runId: string, tapeBase64: string): string {
  return `${runId}-${createHash('sha1').update(tapeBase64).digest('hex')}`;
}

/** The Redis URL of --queue, checked. */
export function queueUrl(option: string, url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UserError(`${option}: not a URL: '${url}' (expected redis://HOST:PORT)`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new UserError(`${option}: expected redis://HOST:PORT, got '${url}'`);
  return url;
}

/** The error of a Redis server that cannot be reached (exit 7). */
export function unreachable(url: string, what: string): UserError {
  return new UserError(`sympath: the job queue's Redis at ${url} ${what}`, EXIT_QUEUE_UNREACHABLE);
}

/** Checks that Redis answers at `url` within `timeoutMs`; a clear error (exit 7) if not. */
export async function probeRedis(url: string, timeoutMs = 3000): Promise<void> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: timeoutMs, enableOfflineQueue: false });
  r.on('error', () => {});
  try {
    await r.connect();
    await r.ping();
  } catch (e) {
    throw unreachable(url, `cannot be reached: ${(e as Error).message}`);
  } finally {
    r.disconnect();
  }
}

/** A connection for BullMQ (it requires maxRetriesPerRequest null for workers); errors are handled by its users. */
export function connect(url: string): Redis {
  const r = new Redis(url, { maxRetriesPerRequest: null, connectTimeout: 3000, retryStrategy: (n) => Math.min(n * 200, 1000) });
  r.on('error', () => {});
  return r;
}

/** `p`, or a rejection after `ms` (Redis commands wait while the connection is being re-established). */
export function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
