// What `sympath experiment --queue` (queue-coordinator.ts) and the workers that run its cells
// (queue-worker.ts, inside `sympath worker`) agree on: the BullMQ queue of cells — its own, apart from
// the prefix jobs of `run --queue` (src/queue/shared.ts) — a job's data and return value, and the Redis
// key that says an experiment is still waiting for its cells.

import type { CellPlan, CellResult } from './cell.js';

/** The queue of experiment cells (one per Redis server; a job's data names its experiment). */
export const EXPERIMENT_QUEUE = 'sympath-experiments';
/** Attempts of a cell job whose processing throws (its worker stopped during the cell, or could not start it). */
export const CELL_ATTEMPTS = 3;
/** Times a cell job may be taken back from a worker that died (stopped renewing its lock) before it fails. */
export const CELL_MAX_STALLED = 1;
/** Seconds the live key lasts unrefreshed: an experiment process that died stops refreshing it. */
export const LIVE_TTL_SECONDS = 30;

/** Present (with a TTL, refreshed) while the experiment waits: workers skip, or stop, cells of an experiment without it. */
export const liveKey = (experimentId: string): string => `sympath:experiment:${experimentId}:live`;

export interface CellJobData {
  experimentId: string;
  plan: CellPlan;
}

/** A cell job's return value: the cell's result, or why it was not run. */
export type CellJobReturn = { result: CellResult } | { skipped: string };
