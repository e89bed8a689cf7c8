// One job of parallel exploration, shared by the worker threads of `--workers N` (worker.ts) and the
// worker processes of `--queue` (src/queue/worker.ts): a fresh Executor run that first follows the job's
// prefix (engine/path-prefix.ts) and then explores below it under the run's searcher, wrapped to give
// pending states away as prefixes (handoff-searcher.ts). Where tests, prefixes, messages and program
// output go is the caller's (a message to the coordinator thread, or a job's return value).

import { Executor, type RunResult, type RunSnapshot } from '../engine/executor.js';
import type { ExplorationHooks } from '../engine/hooks.js';
import type { EngineOptions } from '../engine/options.js';
import { PrefixFollowerImpl } from '../engine/path-prefix.js';
import type { TestCase } from '../engine/test-case.js';
import type { Module } from '../ir/model.js';
import { createSearcher } from '../search/index.js';
import type { Solver } from '../solver/solver.js';
import { rankOf } from './error-dedup.js';
import { HandoffSearcher, type GivenPrefix } from './handoff-searcher.js';
import type { Job, SearchOptions, WorkerTotals } from './protocol.js';

/** How often a busy job reports its figures (the live stats.json and progress line). */
const PROGRESS_MS = 500;

/** Where a job's products go. */
export interface JobOutlet {
  test(test: TestCase): void;
  /** An error path's test, for the coordinator's one-per-location choice (error-dedup.ts). */
  errorTest(test: TestCase, key: string, rank: number[]): void;
  prefixes(prefixes: GivenPrefix[]): void;
  message(text: string): void;
  output(fd: 1 | 2, bytes: Uint8Array): void;
  progress?(snapshot: RunSnapshot): void;
}

export interface JobRunnerInit {
  workerId: number;
  module: Module;
  solver: Solver;
  opts: EngineOptions;
  /** Whether the coordinator picks one error test per location (the engines then emit every one). */
  dedupErrors: boolean;
  search: SearchOptions;
  /** Execution counts per instruction id, shared by every job of this process (and threads, for --workers). */
  coverage: Float64Array;
  /** When the whole run started (Date.now()): --max-time is the run's, not each job's. */
  startedAt: number;
  outlet: JobOutlet;
  /** Whether to give pending states away now (asked before each selection, once the prefix is followed). */
  wanted: () => boolean;
  /** How many of the pending states to give when wanted: half (the oldest; thread workers) or all. */
  share?: 'half' | 'all';
}

export class JobRunner {
  readonly totals: WorkerTotals;
  private current: Executor | null = null;
  private haltReason: string | undefined;
  private jobStartedAt = 0;

  constructor(private readonly init: JobRunnerInit) {
    this.totals = {
      worker: init.workerId,
      jobs: 0,
      instructions: 0,
      paths: { completed: 0, errors: 0, partial: 0, pruned: 0 },
      statesPeak: 0,
      branchesCovered: 0,
      prefixInstructions: 0,
      prefixDecisions: 0,
      given: 0,
      solver: { ...init.solver.stats },
    };
  }

  /** When the job in progress started (performance.now()). */
  get startedAt(): number {
    return this.jobStartedAt;
  }

  /** Stops the job in progress and every later one: 'interrupted' (Ctrl-C) or a halt reason of the run. */
  halt(reason: string): void {
    this.haltReason = reason;
    if (reason === 'interrupted' && this.current) this.current.interrupted = true;
    this.current?.halt(reason);
  }

  /** Runs one job to its end; the result's haltReason is the engine's (undefined: everything below explored or given away). */
  async run(job: Job): Promise<RunResult & { prefixDecisions: number }> {
    const { init } = this;
    const outlet = init.outlet;
    this.jobStartedAt = performance.now();
    // Every state keeps its branch trace: a state given away is described by it. Tests go out from
    // here, where the error's instruction and the path are known (error-dedup.ts).
    const hook: ExplorationHooks = {
      name: 'parallel',
      wantsTrace: true,
      onTerminate(s, test, end) {
        if (!test) return;
        if (init.dedupErrors && test.error) {
          const key = `${test.error.kind}:${test.error.file}:${test.error.line}:${end?.inst ? end.inst.id : -1}`;
          outlet.errorTest(test, key, rankOf(s));
        } else outlet.test(test);
      },
    };
    // The coordinator chooses among every error path of a location (the engine would keep its first only).
    const engineOpts = init.dedupErrors ? { ...init.opts, emitAllErrors: true } : init.opts;
    const follower = new PrefixFollowerImpl(job.tape);
    const elapsed = (Date.now() - init.startedAt) / 1000;
    // --max-time is the run's: a job started late gets what is left of it.
    const maxTime = init.opts.maxTime > 0 ? Math.max(0.001, init.opts.maxTime - elapsed) : 0;
    const opts = { ...engineOpts, maxTime };
    let lastProgress = performance.now();
    const ex: Executor = new Executor(init.module, opts, {
      solver: init.solver,
      // Tests leave through the hook's onTerminate; the coordinator numbers and writes them.
      sink: { add: () => 'pending' },
      createSearcher: (ctx) =>
        new HandoffSearcher(
          createSearcher(opts.search, ctx, init.search),
          ex,
          () => init.wanted() && !follower.active(),
          (prefixes) => {
            this.totals.given += prefixes.length;
            outlet.prefixes(prefixes);
          },
          () => {
            if (!outlet.progress) return;
            const now = performance.now();
            if (now - lastProgress < PROGRESS_MS) return;
            lastProgress = now;
            outlet.progress(ex.snapshot());
          },
          init.share ?? 'half',
        ),
      stdout: (bytes) => outlet.output(1, bytes),
      stderr: (bytes) => outlet.output(2, bytes),
      message: (text) => outlet.message(text),
      hooks: [hook],
      prefix: follower,
    });
    ex.coverage.shareCoverage(init.coverage);
    this.current = ex;
    if (this.haltReason !== undefined) ex.halt(this.haltReason);
    let r: RunResult;
    try {
      r = await ex.run();
    } finally {
      this.current = null;
    }
    // A prefix this module does not execute (a job of another build of the program, a corrupted job) is
    // the job's failure, not an error path of the program: the thread coordinator or the queue reports it.
    if (follower.diverged) throw follower.diverged;
    const t = this.totals;
    t.jobs++;
    t.instructions += r.instructions;
    for (const k of ['completed', 'errors', 'partial', 'pruned'] as const) t.paths[k] += r.paths[k];
    t.statesPeak = Math.max(t.statesPeak, r.statesPeak);
    // Directions are flags of each job's compiled code, not named: the most of one job is a lower bound.
    t.branchesCovered = Math.max(t.branchesCovered, ex.coverage.branchesCovered);
    t.prefixInstructions += job.instructions;
    t.prefixDecisions += follower.followed;
    t.solver = { ...init.solver.stats };
    return { ...r, prefixDecisions: follower.followed };
  }

  /** A copy of the totals (safe to post). */
  snapshotTotals(): WorkerTotals {
    return { ...this.totals, paths: { ...this.totals.paths }, solver: { ...this.totals.solver } };
  }
}
