// The messages between the coordinator (the main thread, coordinator.ts) and its worker threads
// (worker.ts). Everything in them is structured-clonable; the covered-flags are one SharedArrayBuffer.

import type { RunResult, RunSnapshot } from '../engine/executor.js';
import type { EngineOptions } from '../engine/options.js';
import type { TestCase } from '../engine/test-case.js';
import type { SolverOptions, SolverStats } from '../solver/solver.js';
import type { GivenPrefix } from './handoff-searcher.js';

export interface SearchOptions {
  batchInstructions: number;
  batchSeconds: number;
  subpathTies?: 'random' | 'latest';
}

export interface WorkerInit {
  workerId: number;
  irPath: string;
  opts: EngineOptions;
  solverOptions: Omit<SolverOptions, 'signal'>;
  canonicalTests: boolean;
  /** Whether the coordinator picks one error test per location (the engines then emit every one). */
  dedupErrors: boolean;
  search: SearchOptions;
  /** One covered-flag per instruction id, shared by every worker (Float64Array over it; engine/coverage.ts). */
  coverage: SharedArrayBuffer;
  /** When the whole run started (Date.now()): --max-time is the run's, not each job's. */
  startedAt: number;
}

/** A job: a path prefix to re-execute and explore below. */
export interface Job extends GivenPrefix {
  id: number;
}

export type ToWorker =
  | { type: 'job'; job: Job }
  /** Whether the coordinator wants this worker to give pending states away (an idle worker waits). */
  | { type: 'want'; on: boolean }
  /** Stop the job in progress: 'interrupted' (Ctrl-C) or a halt reason of the whole run (max-tests, …). */
  | { type: 'halt'; reason: string }
  | { type: 'exit' };

/** What one worker did over its jobs (stats.json's `workers` section, one entry per worker). */
export interface WorkerTotals {
  worker: number;
  jobs: number;
  instructions: number;
  paths: RunResult['paths'];
  statesPeak: number;
  branchesCovered: number;
  /** Instructions of the prefixes this worker re-executed (executed before by the worker that gave them). */
  prefixInstructions: number;
  /** Recorded decisions it followed without the solver. */
  prefixDecisions: number;
  /** Prefixes it gave away. */
  given: number;
  /** CPU seconds of the worker's thread so far (thread-cpu.ts; absent without Linux's /proc). */
  cpuSeconds?: number;
  solver: SolverStats;
}

export type FromWorker =
  | { type: 'ready'; worker: number }
  /** Finished paths' tests, in the order found (worker.ts sends them in batches). */
  | { type: 'tests'; worker: number; tests: TestCase[] }
  /** An error path's test, for the coordinator's one-per-location choice (error-dedup.ts). */
  | { type: 'error-test'; worker: number; test: TestCase; key: string; rank: number[] }
  | { type: 'message'; worker: number; text: string }
  | { type: 'output'; worker: number; fd: 1 | 2; bytes: Uint8Array }
  | { type: 'prefixes'; worker: number; prefixes: GivenPrefix[] }
  | { type: 'progress'; worker: number; snapshot: RunSnapshot }
  | { type: 'done'; worker: number; job: number; haltReason?: string; totals: WorkerTotals }
  | { type: 'failed'; worker: number; error: string };
