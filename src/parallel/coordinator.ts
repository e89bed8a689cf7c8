// `sympath run --workers N`: the coordinator in the main thread. It starts N worker threads (worker.ts),
// each with an engine of its own, gives the first one the empty prefix (the whole program), and moves
// work as path prefixes: when a worker is idle and no job is queued, it asks the busy workers to give
// pending states away (handoff-searcher.ts); their prefixes are queued and handed to idle workers, which
// re-execute them (prefix.ts) and explore below. The run ends when every worker is idle and no job is
// left. Tests come to the coordinator, which writes them through the run's sink (one output directory,
// numbered in the order they arrive); what any engine covered is one SharedArrayBuffer of flags (engine/coverage.ts).
// No worker thread outlives the run: each is told to exit, and terminated if it has not within a grace
// period (also when the run fails).

import type { Worker } from 'node:worker_threads';
import { Coverage } from '../engine/coverage.js';
import type { RunResult, RunSnapshot } from '../engine/executor.js';
import type { EngineOptions } from '../engine/options.js';
import type { TestSink } from '../engine/test-case.js';
import type { Module } from '../ir/model.js';
import type { SolverOptions, SolverStats } from '../solver/solver.js';
import type { FromWorker, Job, SearchOptions, ToWorker, WorkerInit, WorkerTotals } from './protocol.js';
import { ErrorDedup } from './error-dedup.js';
import { startWorker } from './spawn.js';
import { threadCpuSeconds } from './thread-cpu.js';

/** How long a worker told to exit may take before it is terminated. */
const EXIT_GRACE_MS = 5000;

/** What a run spread over workers (threads here, processes of the queue in src/queue) is given. */
export interface SpreadRunOptions {
  /** The program's IR file (each worker loads it itself). */
  irPath: string;
  /** The same program loaded here: coverage totals are counted against it. */
  module: Module;
  opts: EngineOptions;
  solverOptions: Omit<SolverOptions, 'signal'>;
  /** One error test per location: 'dfs' (the path DFS meets first, written at the end), 'arrival' (--exit-on-error), 'none' (--emit-all-errors). */
  errorTests: 'dfs' | 'arrival' | 'none';
  search: SearchOptions;
  sink: TestSink;
  signal?: AbortSignal;
  stdout?: (b: Uint8Array) => void;
  stderr?: (b: Uint8Array) => void;
  onStart?: (snapshot: () => RunSnapshot) => void;
  message?: (text: string) => void;
}

export interface ParallelRunOptions extends SpreadRunOptions {
  workers: number;
  /** Test inputs by canonical-solver.ts (the same bytes whatever worker finds a path). */
  canonicalTests: boolean;
}

/** stats.json's `workers` section. */
export interface WorkersSection {
  count: number;
  jobs: number;
  /** Instructions executed again to re-execute prefixes (each was executed once by the giver). */
  prefixInstructions: number;
  /** Recorded fork decisions followed without the solver. */
  prefixDecisions: number;
  /** Prefixes still queued when the run halted (explored by no one, no test). */
  unexploredJobs: number;
  perWorker: Omit<WorkerTotals, 'solver'>[];
  /**
   * CPU seconds of the main thread (start-up, the module's parse, coordinating, writing the tests);
   * with the workers' cpuSeconds, the rest of the process's CPU is V8's and libuv's own threads.
   */
  mainThreadCpuSeconds?: number;
}

export interface ParallelRunResult extends RunResult {
  workers: WorkersSection;
  /** The workers' solvers' counts, summed. */
  solverTotals: SolverStats;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  busy: boolean;
  exited: boolean;
  want: boolean;
  totals: WorkerTotals | null;
  live: RunSnapshot | null;
}

const zeroSolver = (): SolverStats => ({ queries: 0, z3Queries: 0, cacheHits: 0, seconds: 0 });

export async function runParallel(p: ParallelRunOptions): Promise<ParallelRunResult> {
  const t0 = performance.now();
  const coverage = new Coverage(p.module, p.opts.programSourceFiles, () => 0);
  const sharedBuffer = new SharedArrayBuffer(coverage.size * Float64Array.BYTES_PER_ELEMENT);
  const shared = new Float64Array(sharedBuffer);
  const queue: Job[] = [{ id: 0, tape: new Int32Array(0), instructions: 0 }];
  let nextJob = 1;
  let jobsMade = 1;
  let halted: string | undefined;
  let memoryDrop = false;
  let failure: Error | null = null;
  let testsWritten = 0;
  const slots: Slot[] = [];
  const startedAt = Date.now();
  const errorTests = new ErrorDedup(p.sink, p.errorTests === 'arrival' ? 'arrival' : 'dfs');

  let settle!: () => void;
  const finished = new Promise<void>((resolve) => (settle = resolve));
  let ending = false;

  const send = (s: Slot, m: ToWorker): void => {
    if (!s.exited) s.worker.postMessage(m);
  };
  const haltAll = (reason: string): void => {
    if (halted !== undefined) return;
    halted = reason;
    for (const s of slots) if (s.busy) send(s, { type: 'halt', reason });
  };
  const end = (): void => {
    if (ending) return;
    ending = true;
    settle();
  };
  const dispatch = (): void => {
    if (failure) return end();
    if (halted === undefined) {
      for (const s of slots) {
        if (queue.length === 0) break;
        if (s.ready && !s.busy && !s.exited) {
          s.busy = true;
          const job = queue.shift()!;
          s.worker.postMessage({ type: 'job', job } satisfies ToWorker, [job.tape.buffer as ArrayBuffer]);
        }
      }
    }
    const idle = slots.some((s) => s.ready && !s.busy && !s.exited);
    const wantOn = halted === undefined && idle && queue.length === 0;
    for (const s of slots) {
      if (s.busy && s.want !== wantOn) {
        s.want = wantOn;
        send(s, { type: 'want', on: wantOn });
      }
    }
    if (slots.every((s) => s.exited || (s.ready && !s.busy)) && (queue.length === 0 || halted !== undefined)) end();
  };

  const onMessage = (s: Slot, m: FromWorker): void => {
    switch (m.type) {
      case 'ready':
        s.ready = true;
        dispatch();
        break;
      case 'tests':
        for (const test of m.tests) {
          const name = p.sink.add(test);
          if (name !== null) testsWritten++;
          if (p.opts.maxTests > 0 && testsWritten >= p.opts.maxTests) haltAll('max-tests');
        }
        break;
      case 'error-test':
        if (errorTests.add(m.test, m.key, m.rank)) testsWritten++;
        break;
      case 'message':
        p.message?.(m.text);
        break;
      case 'output':
        (m.fd === 1 ? p.stdout : p.stderr)?.(m.bytes);
        break;
      case 'prefixes':
        for (const g of m.prefixes) queue.push({ id: nextJob++, ...g });
        jobsMade += m.prefixes.length;
        dispatch();
        break;
      case 'progress':
        s.live = m.snapshot;
        break;
      case 'done':
        s.busy = false;
        s.want = false;
        s.live = null;
        s.totals = m.totals;
        if (m.haltReason === 'max-memory') memoryDrop = true;
        else if (m.haltReason !== undefined) haltAll(m.haltReason);
        dispatch();
        break;
      case 'failed':
        failure ??= new Error(`worker ${m.worker}: ${m.error}`);
        haltAll('internal error');
        end();
        break;
    }
  };

  for (let k = 0; k < p.workers; k++) {
    const init: WorkerInit = {
      workerId: k,
      irPath: p.irPath,
      opts: p.opts,
      solverOptions: p.solverOptions,
      canonicalTests: p.canonicalTests,
      dedupErrors: p.errorTests !== 'none',
      search: p.search,
      coverage: sharedBuffer,
      startedAt,
    };
    const slot: Slot = { worker: startWorker(init), ready: false, busy: false, exited: false, want: false, totals: null, live: null };
    slots.push(slot);
    slot.worker.on('message', (m: FromWorker) => onMessage(slot, m));
    slot.worker.on('error', (e) => {
      failure ??= new Error(`worker ${k}: ${e.message}`);
      haltAll('internal error');
      end();
    });
    slot.worker.on('exit', () => {
      slot.exited = true;
      if (!ending) {
        failure ??= new Error(`worker ${k} exited during the run`);
        haltAll('internal error');
        end();
      }
    });
  }
  const onAbort = (): void => haltAll('interrupted');
  if (p.signal?.aborted) onAbort();
  p.signal?.addEventListener('abort', onAbort);

  const totalsOf = (s: Slot): WorkerTotals | null => s.totals;
  p.onStart?.(() => snapshot());
  function snapshot(): RunSnapshot {
    const r = result();
    const solver = zeroSolver();
    let live = queue.length;
    for (const s of slots) {
      const src = s.live?.solver ?? totalsOf(s)?.solver;
      if (src) addSolver(solver, src);
      if (s.live) {
        r.instructions += s.live.instructions;
        for (const k of ['completed', 'errors', 'partial', 'pruned'] as const) r.paths[k] += s.live.paths[k];
        live += s.live.liveStates;
      }
    }
    return { ...r, liveStates: live, solver };
  }
  function result(): RunResult {
    const paths = { completed: 0, errors: 0, partial: 0, pruned: 0 };
    let instructions = 0;
    let statesPeak = 0;
    let branches = 0;
    for (const s of slots) {
      const t = s.totals;
      if (!t) continue;
      instructions += t.instructions;
      for (const k of ['completed', 'errors', 'partial', 'pruned'] as const) paths[k] += t.paths[k];
      statesPeak += t.statesPeak;
      branches = Math.max(branches, t.branchesCovered);
    }
    // Coverage of the program as every worker's first executions make it up (the shared flags).
    const cov = new Coverage(p.module, p.opts.programSourceFiles, () => 0);
    for (let id = 0; id < shared.length; id++) if (shared[id]! > 0) cov.covered(id);
    return {
      instructions,
      paths,
      statesPeak,
      coverage: {
        instructionsCovered: cov.instructionsCovered,
        instructionsTotal: cov.instructionsTotal,
        linesCovered: cov.linesCovered,
        linesTotal: cov.linesTotal,
        branchesCovered: branches,
        branchesTotal: cov.branchesTotal,
      },
      wallSeconds: (performance.now() - t0) / 1000,
    };
  }

  try {
    await finished;
  } finally {
    p.signal?.removeEventListener('abort', onAbort);
    await Promise.all(slots.map((s) => stop(s)));
  }
  // The error tests kept (also of an interrupted run: their paths were explored).
  testsWritten += errorTests.flush();
  if (failure) throw failure;
  const r = result();
  const haltReason = halted ?? (memoryDrop ? 'max-memory' : undefined);
  const solverTotals = zeroSolver();
  const perWorker: Omit<WorkerTotals, 'solver'>[] = [];
  for (const s of slots) {
    if (!s.totals) continue;
    const { solver, ...rest } = s.totals;
    addSolver(solverTotals, solver);
    perWorker.push(rest);
  }
  const workers: WorkersSection = {
    count: p.workers,
    jobs: jobsMade - queue.length,
    prefixInstructions: perWorker.reduce((a, w) => a + w.prefixInstructions, 0),
    prefixDecisions: perWorker.reduce((a, w) => a + w.prefixDecisions, 0),
    unexploredJobs: queue.length,
    perWorker,
  };
  const mainCpu = threadCpuSeconds();
  if (mainCpu !== undefined) workers.mainThreadCpuSeconds = mainCpu;
  return { ...r, ...(haltReason !== undefined ? { haltReason } : {}), workers, solverTotals };
}

function addSolver(into: SolverStats, s: SolverStats): void {
  into.queries += s.queries;
  into.z3Queries += s.z3Queries;
  into.cacheHits += s.cacheHits;
  into.seconds += s.seconds;
}

/** Tells a worker to exit and waits for it; terminates it if it has not exited within the grace period. */
async function stop(s: Slot): Promise<void> {
  if (s.exited) return;
  const exited = new Promise<void>((resolve) => s.worker.once('exit', () => resolve()));
  s.worker.postMessage({ type: 'exit' } satisfies ToWorker);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), EXIT_GRACE_MS)));
  const how = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (how === 'late') await s.worker.terminate();
}
