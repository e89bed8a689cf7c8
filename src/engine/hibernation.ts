// Hibernation: at --max-memory, waiting states let go of their machine state and are rebuilt by
// re-executing their path when the searcher selects them again — instead of KLEE's answer, which stops
// forking and then drops states at random (each drop a path never explored, so the run is no longer
// exhaustive and loses coverage: dirname with KLEE's OSDI'08 arguments dropped 68-164k states in 180 s).
//
// A waiting state's memory is almost all machine state: the copy-on-write pages of its address space,
// its frames and their stack objects (issue 20: ~4.3 KB of live heap per state of echo). What a test and
// the searchers need is small and mostly shared with its siblings: the path constraints, the symbolic
// inputs, the branch trace, the counts. Asleep (ExecutionState.sleep), a state keeps only those; it
// still waits in the searcher and the process tree as before, and at a halt its partial test comes from
// its constraints as any live state's does.
//
// Waking re-executes the path from a copy of the initial state up to the state's instruction count —
// exactly where it stopped — guided by one model of its path constraints (one solver query, often a
// cache hit): every symbolic branch takes the side the model satisfies, and every concretisation the
// model's value. Execution is deterministic given those, and a model of the whole path satisfies every
// decision's condition, so the re-execution goes down the same path; no trace has to be kept while
// the run is under the limit (a branch trace per state cost 6-9% of echo's and dirname's instructions
// in 180 s: benchmarks/results/memory/README.md, Session 15). A branch adds its condition to the path
// when the sleeping state's constraint list has it next (a fork side, or a side --max-depth/--max-forks
// chose); a multi-way fork always adds (as forking.ts does). The inputs it
// makes are the sleeping state's own arrays again (takeArray), and constant tables read at symbolic
// indices are one array per contents (src/memory/constant-arrays.ts), so the constraints come out as
// the same hash-consed expressions: the re-execution is checked to end with exactly the sleeping
// state's constraints and inputs at exactly its instruction count, not terminated. One that fails a
// check (a program whose behaviour depends on something outside the path: a value klee_get_value
// picked without constraining it, a non-deterministic built-in) ends its state as partial, its test
// from the constraints it slept with; `hibernation.failed` counts them.
//
// Decisions written down (issue 20 item 3, beyond KLEE):
// - Over the limit, every waiting state sleeps except the one that ran last: memory falls to the awake
//   states plus the sleepers, and the states the searcher picks afterwards wake one at a time. Sleeping a
//   share (KLEE's drop rule) was the overshoot session 14 measured: a state frees only what it does not
//   share with its siblings, so each check freed too little.
// - Forks are not inhibited while states can still be put to sleep; only when all waiting states already
//   sleep and the footprint is still over the limit after a full collection does KLEE's behaviour (no
//   forks, then drops) follow.
// - A woken state then runs on — it and the states it forks, newest first — for as many instructions
//   as its re-execution took, before the searcher chooses again (focused()). Without it, random-path
//   search picked sleeping states as often as awake ones and each ran only until its next fork: 68-76%
//   of echo's and dirname's instructions at --max-memory 600 were re-executions; with it 54-60% (a
//   subtree that ends before its budget is used up hands back to the searcher early). The price is a
//   bias toward the woken state's subtree in that window (as KLEE's --batch-instructions biases toward
//   the current state). Runs that never reach the limit are unchanged.
// - States start to sleep below --max-memory: past --hibernate-above, by default 40% of --max-memory
//   (800 MB at KLEE's default 2,000) and at least 400 MB (the process itself, its code and the program's
//   module, is 100-200 MB; a small --max-memory keeps its own value). A waiting state costs nothing asleep
//   but its re-execution if selected, while tens of thousands of them awake cost gigabytes and the
//   collections of a heap that size: echo, dirname and basename with KLEE's OSDI'08 arguments for 180 s
//   peaked at 1,616, 1,903 and 1,119 MB RSS under the 2,000 MB limit, and at 860, 849 and 837 MB sleeping
//   past 800 MB, with the same lines and +27%, +46%, -6% completed paths, though 44-64% of the
//   instructions were re-executions (benchmarks/results/memory/README.md, Session 18). Past
//   --hibernate-above nothing else changes: forks go on, and only --max-memory stops them.
// - Only for runs without exploration hooks (pruning techniques keep per-state data the re-execution
//   would not rebuild) and without seeds; `--hibernate false` turns it off.

import type { ArrayDecl, Expr } from '../expr/expr.js';
import * as B from '../expr/build.js';
import { Evaluator, collectArrays } from '../expr/evaluate.js';
import type { Instruction } from '../ir/model.js';
import { AddressSpace } from '../memory/address-space.js';
import type { Solver } from '../solver/solver.js';
import type { PrefixFollower } from './hooks.js';
import { PrefixDivergedError } from './path-prefix.js';
import type { ExecutionState } from './state.js';
import type { Terminator } from './termination.js';

/** --hibernate-above's default: this share of --max-memory… */
const HIBERNATE_SHARE = 0.4;
/** …but not below this (MB), nor above --max-memory itself. */
const HIBERNATE_FLOOR_MB = 400;

/**
 * The footprint (MB) past which waiting states sleep (the file comment): `requestedMB` when given
 * (--hibernate-above; 0: at --max-memory), else 40% of `maxMemoryMB` but at least 400 MB; never above
 * `maxMemoryMB`.
 */
export function hibernateAboveMB(maxMemoryMB: number, requestedMB?: number): number {
  if (requestedMB === 0) return maxMemoryMB;
  const at = requestedMB ?? Math.max(HIBERNATE_FLOOR_MB, maxMemoryMB * HIBERNATE_SHARE);
  return Math.min(maxMemoryMB, at);
}

/** Instructions a re-execution runs between two checks of the run's budgets (the executor's SOLO_QUANTUM). */
const REBUILD_BATCH = 20_000;

/** What hibernation needs of the executor. */
export interface HibernationHost {
  readonly solver: Solver;
  readonly term: Terminator;
  readonly haltReason: string | undefined;
  /** The live states, in no particular order (sleeping them all needs none; a sort of 270k states per check would). */
  liveStates(): Iterable<ExecutionState>;
  /** Runs `s` for at most `quantum` instructions (the executor's batch). */
  runBatch(s: ExecutionState, quantum: number): Promise<number>;
  /** Between batches: the run's budgets, interruption and output (RunBudget.tick). */
  tick(): Promise<void>;
  message(text: string): void;
}

/** hibernation.* in stats.json: how often states slept and woke, and what waking cost. */
export interface HibernationStats {
  /** Times a waiting state was put to sleep. */
  slept: number;
  /** Times a sleeping state was rebuilt by re-execution. */
  woken: number;
  /** Re-executions that failed a check (the state then ended as partial). */
  failed: number;
  /** Instructions executed again by the re-executions (counted in the run's instructions too). */
  reexecutedInstructions: number;
}

/**
 * Decides every branch of a re-execution by a model of the sleeping state's path (the file comment),
 * adding each condition the sleeping state's constraint list has next.
 */
class ModelFollower implements PrefixFollower {
  constructor(
    private readonly model: Evaluator,
    /** The sleeping state's path constraints. */
    private readonly path: readonly Expr[],
  ) {}

  active(): boolean {
    return true;
  }

  fork(r: ExecutionState, cond: Expr, _inst: Instruction): [ExecutionState | null, ExecutionState | null] {
    const holds = this.model.isTrue(cond);
    const taken = holds ? cond : B.notB(cond);
    if (this.path[r.constraints.length] === taken) r.addConstraint(taken);
    return holds ? [r, null] : [null, r];
  }

  forkMany(r: ExecutionState, conds: readonly Expr[], inst: Instruction): (ExecutionState | null)[] {
    const i = conds.findIndex((c) => this.model.isTrue(c));
    if (i < 0) throw new PrefixDivergedError(`the model satisfies none of the ${conds.length} conditions of a multi-way fork at instruction ${inst.id}`);
    r.addConstraint(conds[i]!);
    const out: (ExecutionState | null)[] = conds.map(() => null);
    out[i] = r;
    return out;
  }

  /** The model's value of `e` (a concretisation in the re-execution). */
  value(e: Expr): bigint {
    return this.model.value(e);
  }
}

/** A re-execution in progress. */
interface Rebuild {
  readonly state: ExecutionState;
  readonly follower: ModelFollower;
  /** The sleeping state's inputs, handed out again in order as the re-execution makes its symbolic arrays. */
  readonly arrays: readonly ArrayDecl[];
  nextArray: number;
  /** Why it failed, when something inside the engine stopped it. */
  failure: string | null;
}

export class Hibernation {
  readonly stats: HibernationStats = { slept: 0, woken: 0, failed: 0, reexecutedInstructions: 0 };
  /** A copy of the initial state, before it ran: every re-execution starts from a copy of it. */
  private initial: ExecutionState | null = null;
  private readonly empty = AddressSpace.empty();
  private rebuild: Rebuild | null = null;
  private told = false;
  /** After a wake: the woken state's subtree runs on for `budget` instructions (the file comment). */
  private focus: { budget: number; states: ExecutionState[] } | null = null;
  /**
   * False from a sleepWaiting until the next fork or wake: no state but the running one can be awake and
   * waiting, so there is nothing to put to sleep (and no full collection to ask for: run-budget.ts).
   */
  private awakeMayWait = true;

  constructor(private readonly host: HibernationHost) {}

  /** Keeps a copy of the initial state (its frames entered, nothing run yet). */
  keepInitial(initial: ExecutionState): void {
    this.initial = initial.branch(initial.id);
  }

  /** The re-execution in progress when `s` is the state it rebuilds. */
  private rebuildOf(s: ExecutionState): Rebuild | null {
    return this.rebuild !== null && this.rebuild.state === s ? this.rebuild : null;
  }

  /** Whether `s` is the state being rebuilt (not a state of the run: no test, no searcher, no output). */
  isRebuilding(s: ExecutionState): boolean {
    return this.rebuildOf(s) !== null;
  }

  /** Whether a re-execution is in progress (its messages are the original run's, said already). */
  get rebuilding(): boolean {
    return this.rebuild !== null;
  }

  /** What decides the branches of the state being rebuilt (forking.ts). */
  followerFor(s: ExecutionState): PrefixFollower | undefined {
    return this.rebuildOf(s)?.follower;
  }

  /** The value a concretisation of `e` takes in the re-execution of `s` (Executor.concretize), or null when `s` is not one. */
  concreteValue(s: ExecutionState, e: Expr): bigint | null {
    return this.rebuildOf(s)?.follower.value(e) ?? null;
  }

  /**
   * The array the re-execution's next symbolic input must be (Executor.newArray): the sleeping state's
   * next one, when it has the same name and size; null otherwise (a fresh one is made, and the inputs
   * check then fails the re-execution).
   */
  takeArray(name: string, size: number): ArrayDecl | null {
    const r = this.rebuild;
    if (r === null) return null;
    const a = r.arrays[r.nextArray];
    if (a === undefined || a.size !== size || (a.name !== name && !a.name.startsWith(`${name}_`))) return null;
    r.nextArray++;
    return a;
  }

  /** Records why the re-execution stopped (an internal error inside it). */
  fail(why: string): void {
    if (this.rebuild !== null && this.rebuild.failure === null) this.rebuild.failure = why;
  }

  /** Whether a state other than the running one may be awake and waiting (none since the last sleepWaiting). */
  get mayHaveAwakeWaiting(): boolean {
    return this.awakeMayWait;
  }

  /** Puts every awake waiting state but `keep` to sleep; how many went. `why` is said the first time. */
  sleepWaiting(keep: ExecutionState | null, why: string): number {
    let n = 0;
    for (const s of this.host.liveStates()) {
      if (s === keep || s.hibernated || s.terminated) continue;
      s.sleep(this.empty);
      n++;
    }
    this.awakeMayWait = false;
    this.stats.slept += n;
    if (n > 0 && !this.told) {
      this.told = true;
      this.host.message(`${why}: waiting states are put to sleep and re-executed when selected`);
    }
    return n;
  }

  /**
   * Rebuilds sleeping `s` by re-executing its path (the file comment). True when `s` is awake; false when
   * it ended (a failed check: partial, with its test) or the run halted first (it sleeps on; the halt
   * gives it its partial test).
   */
  async wake(s: ExecutionState): Promise<boolean> {
    const model = await this.modelOf(s);
    if (typeof model === 'string') return this.failed(s, model);
    const r = this.initial!.branch(s.id);
    const follower = new ModelFollower(model, s.constraints);
    this.rebuild = { state: r, follower, arrays: s.symbolics.map((o) => o.array), nextArray: 0, failure: null };
    let failure: string | null;
    try {
      while (r.instructions < s.instructions && !r.terminated && this.host.haltReason === undefined) {
        // In batches, so that a long path's re-execution still sees --max-time and Ctrl-C.
        await this.host.runBatch(r, Math.min(REBUILD_BATCH, s.instructions - r.instructions));
        if (r.instructions < s.instructions) await this.host.tick();
      }
      failure = this.rebuild.failure;
    } finally {
      this.rebuild = null;
    }
    this.stats.reexecutedInstructions += r.instructions;
    // Dropped meanwhile (the memory budget's last resort, between two batches): it ended as partial.
    if (s.terminated) return false;
    if (failure === null && !r.terminated && r.instructions < s.instructions) return false;
    failure ??= this.check(s, r);
    if (failure !== null) return this.failed(s, failure);
    s.wake(r);
    this.awakeMayWait = true;
    this.stats.woken++;
    this.focus = r.instructions > 0 ? { budget: r.instructions, states: [s] } : null;
    return true;
  }

  /** The state to run next instead of the searcher's choice: the newest awake one of a woken state's subtree, while its budget lasts. */
  focused(): ExecutionState | null {
    const f = this.focus;
    if (f === null) return null;
    const states = f.states;
    while (states.length > 0 && (states[states.length - 1]!.terminated || states[states.length - 1]!.hibernated)) states.pop();
    if (f.budget <= 0 || states.length === 0) {
      this.focus = null;
      return null;
    }
    return states[states.length - 1]!;
  }

  /** A batch ran `n` instructions and forked `added` (the executor's loop): the focus's budget and subtree, and whether a state may now wait awake. */
  ran(n: number, added: readonly ExecutionState[]): void {
    if (added.length > 0) this.awakeMayWait = true;
    const f = this.focus;
    if (f === null) return;
    f.budget -= n;
    // Ended states go at once: one kept here would keep its whole machine state alive.
    const states = f.states.filter((s) => !s.terminated && !s.hibernated);
    for (const a of added) if (!a.terminated) states.push(a);
    f.states = states;
  }

  /** A model of `s`'s path over every array its constraints and inputs read, or why there is none. */
  private async modelOf(s: ExecutionState): Promise<Evaluator | string> {
    const arrays = new Set<ArrayDecl>(s.symbolics.map((o) => o.array));
    for (const c of s.constraints) for (const a of collectArrays(c)) if (a.isSymbolic) arrays.add(a);
    const list = [...arrays];
    const values = await this.host.solver.getInitialValues(s.constraints, list);
    if (values === 'unsat' || values === 'unknown') return `the solver answered ${values} for a model of its path`;
    return new Evaluator(new Map(list.map((a, i) => [a, values[i]!] as const)));
  }

  private failed(s: ExecutionState, why: string): false {
    this.stats.failed++;
    this.host.term.partial(s, `re-executing a state put to sleep at the memory limit failed: ${why}`);
    return false;
  }

  /** What is wrong with the finished re-execution `r` of `s`, or null. */
  private check(s: ExecutionState, r: ExecutionState): string | null {
    if (r.terminated) return 'the path ended before it reached the state';
    if (r.instructions !== s.instructions) return `it ran ${r.instructions} instructions, not ${s.instructions}`;
    const a = r.symbolics;
    const b = s.symbolics;
    if (a.length !== b.length || a.some((o, i) => o.array !== b[i]!.array || o.name !== b[i]!.name)) return 'it made other symbolic inputs';
    const rc = r.constraints;
    const sc = s.constraints;
    if (rc.length !== sc.length || rc.some((c, i) => c !== sc[i])) return 'its path constraints came out different';
    return null;
  }
}
