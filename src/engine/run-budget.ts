// The run's budgets: --max-time (with the bounded test write-out after it), --max-memory, interruption,
// and the periodic tick that checks them, flushes program output and reports progress. The executor asks
// after every batch of instructions (never per instruction), so none of this is on the hot path.

import type { Executor } from './executor.js';
import { memoryUsedMB } from './resources.js';

/** Wall-clock period of output flushes, memory checks and yields to the event loop. */
const TICK_MS = 100;
/** Wall-clock period of progress reports (onProgress), checked on those ticks. */
const PROGRESS_MS = 500;

/** Solver time allowed after --max-time for the tests of the paths still alive: 10%, 5 to 30 s. */
export function writeOutAllowanceMs(maxTimeSeconds: number): number {
  return Math.min(30, Math.max(5, maxTimeSeconds * 0.1)) * 1000;
}

/** Solver time per test query during that write-out. */
const WRITE_OUT_QUERY_MS = 1000;

export class RunBudget {
  /** When the run started (performance.now() ms); --max-time and wallSeconds count from here. */
  readonly startTime = performance.now();
  /** When the write-out after --max-time must end (performance.now() ms); undefined before it. */
  private writeOutEnd: number | undefined;
  private lastTick = performance.now();
  private lastProgress = 0;

  constructor(private readonly ex: Executor) {}

  /** Deadline for every solver query while exploring: --max-time bounds the solver too. */
  explorationDeadline(): number {
    const maxTime = this.ex.opts.maxTime;
    return maxTime > 0 ? this.startTime + maxTime * 1000 : Infinity;
  }

  pastMaxTime(now = performance.now()): boolean {
    const maxTime = this.ex.opts.maxTime;
    return maxTime > 0 && now - this.startTime >= maxTime * 1000;
  }

  /**
   * Exploration is over: KLEE writes tests for the states alive at the time limit; the solving that
   * takes gets a bounded allowance past --max-time (paths whose inputs are not found in it get no test).
   */
  startWriteOut(): void {
    const maxTime = this.ex.opts.maxTime;
    if (maxTime > 0) this.writeOutEnd = performance.now() + writeOutAllowanceMs(maxTime);
  }

  /**
   * Called before solving for a test's inputs. In the write-out after --max-time each such query gets
   * at most WRITE_OUT_QUERY_MS of the allowance, so one hard path (nl: the first query took all of it)
   * does not leave the easy ones without tests.
   */
  beforeTestQuery(): void {
    if (this.writeOutEnd === undefined) return;
    this.ex.solver.setDeadline?.(Math.min(this.writeOutEnd, performance.now() + WRITE_OUT_QUERY_MS));
  }

  /**
   * Between batches: halts the run on interruption or --max-time; every TICK_MS also flushes program
   * output, enforces --max-memory, reports progress and yields to the event loop.
   */
  async tick(): Promise<void> {
    const ex = this.ex;
    const now = performance.now();
    this.checkInterrupted();
    if (this.pastMaxTime(now)) ex.halt('max-time');
    if (now - this.lastTick < TICK_MS) return;
    this.lastTick = now;
    ex.flushOutput();
    this.checkMemory();
    const onProgress = ex.env.onProgress;
    if (onProgress && now - this.lastProgress >= PROGRESS_MS) {
      this.lastProgress = now;
      const elapsed = (now - this.startTime) / 1000;
      const p = ex.term.paths;
      onProgress({
        elapsed,
        paths: p.completed + p.errors + p.partial + p.pruned,
        liveStates: ex.liveStateCount,
        coveragePct: ex.coverage.percent,
        queriesPerSec: elapsed > 0 ? ex.solver.stats.queries / elapsed : 0,
      });
    }
    // Let timers and signal handlers run (the loop may otherwise only ever see resolved promises).
    await new Promise<void>((r) => setImmediate(r));
    this.checkInterrupted();
  }

  private checkInterrupted(): void {
    const signal = this.ex.env.signal;
    if (signal?.aborted) {
      this.ex.interrupted = true;
      // A string reason names the halt (the CLI's 'output-write-failed'); a signal's abort is 'interrupted'.
      this.ex.halt(typeof signal.reason === 'string' ? signal.reason : 'interrupted');
    }
  }

  /** Over --max-memory: drop random states (as partial), KLEE-style; a lone state halts the run. */
  private checkMemory(): void {
    const ex = this.ex;
    const maxMemory = ex.opts.maxMemory;
    if (maxMemory <= 0) return;
    const used = memoryUsedMB();
    if (used <= maxMemory) return;
    if (ex.liveStateCount <= 1) {
      ex.message(`memory limit of ${maxMemory} MB exceeded (${Math.round(used)} MB used): stopping`);
      ex.halt('max-memory');
      return;
    }
    const states = ex.liveStatesOldestFirst();
    const toKill = Math.max(1, Math.ceil(states.length * (1 - maxMemory / used)));
    ex.message(`memory limit of ${maxMemory} MB exceeded (${Math.round(used)} MB used): dropping ${toKill} states`);
    const victims: typeof states = [];
    for (let k = 0; k < toKill && states.length > 1; k++) victims.push(states.splice(ex.rng.nextInt(states.length), 1)[0]!);
    ex.endAsPartial(victims);
  }
}
