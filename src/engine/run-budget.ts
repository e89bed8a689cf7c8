// The run's budgets: --max-time (with the bounded test write-out after it), --max-memory, interruption,
// and the periodic tick that checks them and flushes program output. The executor asks
// after every batch of instructions (never per instruction), so none of this is on the hot path.

import type { Executor } from './executor.js';
import { allocatedSinceReset, resetAllocated } from '../memory/allocation-meter.js';
import { footprint } from './resources.js';
import { hibernateAboveMB } from './hibernation.js';

/** Wall-clock period of output flushes, memory checks and yields to the event loop. */
const TICK_MS = 100;

/**
 * Past --max-memory forks are skipped (KLEE's --max-memory-inhibit); states are dropped only past it by
 * this much more (KLEE's margin), so a run that stops growing keeps its states.
 */
const DROP_MARGIN_MB = 100;

/** Solver time allowed after --max-time for the tests of the paths still alive: 10%, 5 to 30 s. */
export function writeOutAllowanceMs(maxTimeSeconds: number): number {
  return Math.min(30, Math.max(5, maxTimeSeconds * 0.1)) * 1000;
}

/** Solver time per test query during that write-out. */
const WRITE_OUT_QUERY_MS = 1000;

/**
 * Tests written for the live states at a halt, at most (unless EngineOptions.haltWriteOutMaxTests says
 * otherwise): a breadth-first run of a 2^20-path program halted with 126k live states and wrote 1 GB of
 * partial tests in a minute past --max-time. KLEE writes them all; the allowance keeps the halt bounded.
 */
export const HALT_WRITE_OUT_MAX_TESTS = 10_000;

export class RunBudget {
  /** When the run started (performance.now() ms); --max-time and wallSeconds count from here. */
  readonly startTime = performance.now();
  /** When the write-out after --max-time must end (performance.now() ms); undefined before it. */
  private writeOutEnd: number | undefined;
  /** Whether the run has halted and the live states are being written out. */
  private writingOut = false;
  /** Tests the halt write-out has let through, and the live states it gave none (allowance used up). */
  private writeOutTests = 0;
  writeOutSkipped = 0;
  /** States ended as partial at --max-memory: the run is then no longer exhaustive (halt reason max-memory). */
  droppedAtMemoryLimit = 0;
  /** Forks skipped (one side followed at random) while over --max-memory: also no longer exhaustive. */
  forksSkippedAtMemoryLimit = 0;
  /** Whether the last memory check found the process over --max-memory: forking is then inhibited. */
  atMemoryLimit = false;
  private lastTick = performance.now();

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
    this.writingOut = true;
    const maxTime = this.ex.opts.maxTime;
    if (maxTime > 0) this.writeOutEnd = performance.now() + writeOutAllowanceMs(maxTime);
  }

  /**
   * Whether a state cut short by the halt may still get a test: the write-out ends at its time
   * allowance, at its count of tests, or at an interruption (Ctrl-C or SIGTERM while writing out stops
   * the writing; what is written stays). Always true outside the write-out.
   */
  writeOutAllows(): boolean {
    if (!this.writingOut) return true;
    if (this.ex.opts.dumpStatesOnHalt === false) {
      this.writeOutSkipped++;
      return false;
    }
    this.checkInterrupted();
    const max = this.ex.opts.haltWriteOutMaxTests ?? HALT_WRITE_OUT_MAX_TESTS;
    const open =
      !this.ex.interrupted && (this.writeOutEnd === undefined || performance.now() < this.writeOutEnd) && this.writeOutTests < max;
    if (open) this.writeOutTests++;
    else this.writeOutSkipped++;
    return open;
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

  /** Whether a fork of a state must be skipped: the process is over --max-memory (counted as such). */
  inhibitsFork(): boolean {
    if (!this.atMemoryLimit) return false;
    this.forksSkippedAtMemoryLimit++;
    return true;
  }

  /**
   * Between batches: halts the run on interruption or --max-time; enforces --max-memory every TICK_MS
   * or once a sixteenth of it has been allocated in object contents since the last check; every TICK_MS
   * also flushes program output and yields to the event loop (where the CLI's timers read the run's
   * snapshot for the progress line and the live stats.json).
   */
  async tick(): Promise<void> {
    const ex = this.ex;
    const now = performance.now();
    this.checkInterrupted();
    if (this.pastMaxTime(now)) ex.halt('max-time');
    const due = now - this.lastTick >= TICK_MS;
    if (!due) {
      const maxMemory = ex.opts.maxMemory;
      if (maxMemory > 0 && allocatedSinceReset() * 16 >= this.sleepAtMB() * (1 << 20)) this.checkMemory();
      return;
    }
    this.lastTick = now;
    ex.flushOutput();
    this.checkMemory();
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

  /**
   * The footprint (MB) to act at: --hibernate-above's while a waiting state may be awake, else
   * --max-memory. Past the first, footprint() asks for full collections; a run whose few states alone
   * are past it (one large array) would otherwise pay for them with nothing to put to sleep.
   */
  private sleepAtMB(): number {
    const opts = this.ex.opts;
    return this.ex.hibernation?.mayHaveAwakeWaiting ? hibernateAboveMB(opts.maxMemory, opts.hibernateAbove) : opts.maxMemory;
  }

  /**
   * Against --max-memory (the process's footprint: resources.ts). Past --hibernate-above (below it by
   * default) the waiting states are put to sleep (hibernation.ts); over --max-memory when every waiting
   * state already sleeps, KLEE-style: forks are skipped until under it again; over it by DROP_MARGIN_MB,
   * random states are dropped (as partial); a lone state halts the run.
   */
  private checkMemory(): void {
    const ex = this.ex;
    const maxMemory = ex.opts.maxMemory;
    if (maxMemory <= 0) return;
    resetAllocated();
    const sleepAt = this.sleepAtMB();
    const { mb: used, dropsAllowed } = footprint(sleepAt);
    const wasAtLimit = this.atMemoryLimit;
    this.atMemoryLimit = false;
    if (used <= sleepAt) return;
    // Lossless first: waiting states sleep (hibernation.ts). Forks stop only past --max-memory, when none
    // is left to sleep and a full collection has just confirmed the footprint (not garbage of states
    // just put to sleep).
    const h = ex.hibernation;
    if (h) {
      const why = sleepAt < maxMemory ? `${Math.round(used)} MB used, past ${Math.round(sleepAt)} MB (--hibernate-above)` : `memory limit of ${maxMemory} MB reached (${Math.round(used)} MB used)`;
      const slept = h.mayHaveAwakeWaiting ? h.sleepWaiting(ex.lastRan, why) : 0;
      if (slept > 0 || !dropsAllowed) return;
    }
    this.atMemoryLimit = used > maxMemory;
    if (!this.atMemoryLimit) return;
    if (!wasAtLimit) ex.message(`memory limit of ${maxMemory} MB reached (${Math.round(used)} MB used): not forking until under it`);
    // Not for garbage a slow collection has yet to free (resources.ts): forks stop meanwhile.
    if (used <= maxMemory + DROP_MARGIN_MB || !dropsAllowed) return;
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
    this.droppedAtMemoryLimit += victims.length;
    ex.endAsPartial(victims);
  }
}
