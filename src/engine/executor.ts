// The executor: runs a module's states under a searcher until none is left or a budget stops the run.
// It owns the run-wide pieces (module image, coverage, the terminator that turns ended paths into tests)
// and the two operations every instruction family shares — forking on a condition and concretising a
// symbolic value. Instruction semantics live in ops/ (one file per family), built-ins in builtins/,
// memory in memory.ts and src/memory, calls and returns in frames.ts, the run's time and memory budgets
// in run-budget.ts, the fork history kept for subpath search in fork-history.ts.
//
// Scheduling: the state the searcher selects runs until it forks or ends, or for a quantum of
// instructions (SOLO_QUANTUM when it is the only state, MULTI_QUANTUM otherwise); then the searcher is
// updated and asked again. KLEE asks after every instruction; asking after a fork, a termination or a
// quantum gives the same choices at every fork point while keeping select() off the hot path, and the
// quantum is counted in instructions, so runs are reproducible.

import { ArrayDecl, type Expr } from '../expr/expr.js';
import * as B from '../expr/build.js';
import type { BasicBlock, Func, Instruction, Module } from '../ir/model.js';
import { AddressSpace } from '../memory/address-space.js';
import { STACK_BASE } from '../memory/allocator.js';
import type { SearcherContext } from '../search/context.js';
import { PTree } from '../search/ptree.js';
import { Rng } from '../search/rng.js';
import type { Searcher, SearchState } from '../search/searcher.js';
import type { Solver } from '../solver/solver.js';
import { defaultMainArgs } from './argv.js';
import { SeedSearcher } from './seeds.js';
import { BuiltinTable } from './builtins/index.js';
import { prepareEntry } from './builtins/runtime-hooks.js';
import { compileFunction } from './compile.js';
import type { CompiledFunction } from './compiled.js';
import { Coverage } from './coverage.js';
import { NO_FORK_HISTORY } from './fork-history.js';
import { Forking } from './forking.js';
import { Frames } from './frames.js';
import { Hibernation } from './hibernation.js';
import type { ExplorationHooks, PrefixFollower, TerminationInfo } from './hooks.js';
import { ModuleImage } from './image.js';
import { Memory } from './memory.js';
import type { EngineOptions } from './options.js';
import { RunBudget } from './run-budget.js';
import { ExecutionState } from './state.js';
import { parkState } from './register-liveness.js';
import { Terminator } from './termination.js';
import type { TestCase } from './test-case.js';
import { useLayout } from './type-layout.js';
import { norm, type Val } from './values.js';
import { ParseError } from '../ir/errors.js';

import type { RunEnvironment, RunResult, RunSnapshot } from './run-environment.js';

export type { RunEnvironment, RunResult, RunSnapshot } from './run-environment.js';

export async function runProgram(module: Module, opts: EngineOptions, env: RunEnvironment): Promise<RunResult> {
  return new Executor(module, opts, env).run();
}

const SOLO_QUANTUM = 20_000;
const MULTI_QUANTUM = 200;

export class Executor implements SearcherContext {
  readonly image: ModuleImage;
  readonly memory: Memory;
  readonly term: Terminator;
  readonly coverage: Coverage;
  readonly frames: Frames;
  readonly builtins: BuiltinTable;
  readonly solver: Solver;
  readonly rng: Rng;
  readonly hooks: readonly ExplorationHooks[];
  /** Called on every block entry when a hook subscribes to blocks; null otherwise (no cost). */
  readonly blockHook: ((s: ExecutionState, bb: BasicBlock) => void) | null;
  readonly branchHooks: ExplorationHooks[];
  /** Hooks asked before a waiting state runs again (onResume); empty for most runs. */
  private readonly resumeHooks: ExplorationHooks[];
  /** Hooks told about forks (onFork); empty for most runs (then a fork calls nothing). */
  private readonly forkHooks: ExplorationHooks[];
  /** Whether states record their branch traces (a hook asked for them). */
  readonly tracing: boolean;
  /**
   * Whether waiting states keep only their live registers (register-liveness.ts): not with hooks, which
   * may read any frame's registers.
   */
  private readonly parking: boolean;
  private readonly forking: Forking;
  /** The state runBatch is running (its instructions are added to the run's when the batch ends). */
  private running: ExecutionState | null = null;

  /** Instructions executed over all states. */
  instructions = 0;
  forks = 0;
  statesPeak = 0;
  interrupted = false;
  haltReason: string | undefined;
  /** --max-time, --max-memory and interruption, checked between batches. */
  readonly budget: RunBudget;
  /** Waiting states put to sleep at --max-memory and rebuilt when selected (hibernation.ts); null when off. */
  readonly hibernation: Hibernation | null;
  /** The state that ran the last batch (the one --max-memory leaves awake). */
  lastRan: ExecutionState | null = null;

  private readonly compiledFns = new Map<Func, CompiledFunction>();
  private searcher!: Searcher;
  private ptree!: PTree;
  private added: ExecutionState[] = [];
  private removed: ExecutionState[] = [];
  private readonly live = new Set<ExecutionState>();
  private nextStateId = 0;
  private readonly arrayNames = new Set<string>();
  private readonly arraySuffix = new Map<string, number>();
  private readonly warnedAt = new Set<string>();
  /** Bodies parsed on first use that did not parse, by message (said once). */
  private readonly invalidBodies = new Set<string>();
  private readonly stdoutSink: (b: Uint8Array) => void;
  private readonly stderrSink: (b: Uint8Array) => void;

  constructor(
    readonly module: Module,
    readonly opts: EngineOptions,
    readonly env: RunEnvironment,
  ) {
    useLayout(module.dataLayout);
    this.solver = env.solver;
    this.rng = new Rng(opts.seed);
    this.budget = new RunBudget(this);
    this.builtins = new BuiltinTable();
    for (const [name, fn] of Object.entries(env.builtins ?? {})) this.builtins.define(name, fn);
    this.image = new ModuleImage(module, (name) => this.builtins.lookup(name) !== null);
    this.memory = env.createMemory?.(this) ?? new Memory(this);
    this.term = new Terminator(this);
    this.frames = new Frames(this);
    this.coverage = new Coverage(module, opts.programSourceFiles, () => this.instructions);
    this.hooks = env.hooks ?? [];
    this.branchHooks = this.hooks.filter((h) => h.onBranch);
    this.forkHooks = this.hooks.filter((h) => h.onFork);
    this.resumeHooks = this.hooks.filter((h) => h.onResume);
    // Not with hooks (pruning techniques keep per-state data a re-execution would not rebuild) nor seeds.
    const hibernates = opts.hibernate !== false && opts.maxMemory > 0 && this.hooks.length === 0 && (opts.seeds?.length ?? 0) === 0 && !env.createMemory;
    this.hibernation = hibernates ? new Hibernation(this) : null;
    this.tracing = this.hooks.some((h) => h.wantsTrace) || this.opts.writePaths === true;
    this.parking = this.hooks.length === 0;
    this.forking = new Forking(this);
    const blockHooks = this.hooks.filter((h) => h.onBlock);
    this.blockHook = blockHooks.length ? (s, bb) => blockHooks.forEach((h) => h.onBlock!(s, bb)) : null;
    this.stdoutSink = env.stdout ?? ((b) => process.stdout.write(b));
    this.stderrSink = env.stderr ?? ((b) => process.stderr.write(b));
  }

  // -------------------------------------------------------------------------------------------
  // SearcherContext

  isCovered(id: number): boolean {
    return this.coverage.isCovered(id);
  }
  executionCount(id: number): number {
    return this.coverage.counts[id] ?? 0;
  }
  callPathInstructionCount(key: string): number {
    return this.coverage.callPathCount(key);
  }
  minDistanceToUncovered(state: SearchState): number {
    return this.coverage.minDistance(state);
  }

  // -------------------------------------------------------------------------------------------
  // The run

  async run(): Promise<RunResult> {
    // main, or musl's start-up code when the libc is linked (builtins/runtime-hooks.ts).
    const main = prepareEntry(this.module, this.opts.entryPoint);
    if (!main) throw new Error(`the program has no function ${this.opts.entryPoint ?? 'main'}`);
    const space = AddressSpace.empty();
    this.image.load(space);
    this.builtins.prepare(this, space);
    for (const w of this.image.warnings) this.message(w);
    const initial = new ExecutionState(this.nextStateId++, space, STACK_BASE);
    this.live.add(initial);
    this.statesPeak = 1;
    this.ptree = new PTree(initial);
    this.searcher = this.env.createSearcher(this);
    const seeds = this.opts.seeds ?? [];
    if (seeds.length > 0) {
      const base = this.searcher.name;
      this.searcher = new SeedSearcher(this.searcher, seeds, () => {
        if (!this.opts.onlySeed) return this.message(`seeding done: no live path follows any of the ${seeds.length} seed(s); the search goes on with ${base}`);
        this.message(`seeding done: no live path follows any of the ${seeds.length} seed(s); stopping (--only-seed)`);
        this.halt('only-seed');
      });
    }
    // No fork histories when no searcher reads them (issue 20: memory per live state).
    if (this.searcher.readsForkHistory === false) initial.forkHistory = NO_FORK_HISTORY;
    const args = (this.env.mainArgs ?? defaultMainArgs)(this, initial, main);
    this.frames.enter(initial, main, args, null, { types: main.fnType.params });
    this.hibernation?.keepInitial(initial);
    this.searcher.update(null, [initial], []);
    this.env.onStart?.(() => this.snapshot());
    // --max-time bounds the solver too: a query never outlives the budget (see finishRemaining).
    this.solver.setDeadline?.(this.budget.explorationDeadline());
    try {
      await this.loop();
      await this.finishRemaining();
    } finally {
      this.solver.setDeadline?.(Infinity);
      this.flushOutput();
      this.endedAt = performance.now();
    }
    const { liveStates: _, solver: __, ...result } = this.snapshot();
    if (this.haltReason) result.haltReason = this.haltReason;
    // States dropped at the memory limit end the search early even when the searcher then empties:
    // "all paths explored" would be false (dirname: 86 drops, 12,035 partial paths, issue 21 item 17).
    else if (this.budget.droppedAtMemoryLimit > 0 || this.budget.forksSkippedAtMemoryLimit > 0) result.haltReason = 'max-memory';
    if (this.opts.writeCov === true) result.coveredLinesCov = this.coverage.formatCoveredLines();
    return result;
  }

  private async loop(): Promise<void> {
    const searcher = this.searcher;
    // For onResume: a selected state waited unless it is the one that ran last or one its last batch
    // created (under DFS the new side of a fork runs first; the forking state is the waiting sibling).
    let lastCreated: readonly ExecutionState[] = [];
    while (!searcher.empty() && this.haltReason === undefined) {
      const s = this.hibernation?.focused() ?? (searcher.select() as ExecutionState);
      if (s.hibernated && !(await this.hibernation!.wake(s))) {
        // It ended (a failed re-execution: partial) or the run halted while it was being rebuilt.
        this.updateSearcher(null);
        if (this.term.hasPending && !this.budget.pastMaxTime()) await this.term.flush();
        await this.budget.tick();
        continue;
      }
      const last = this.lastRan;
      if (this.resumeHooks.length > 0 && last !== null && s !== last && !lastCreated.includes(s) && !(await this.resumeAllowed(s))) {
        this.term.pruned(s);
        lastCreated = [];
        this.updateSearcher(null);
        if (this.term.hasPending && !this.budget.pastMaxTime()) await this.term.flush();
        continue;
      }
      if (this.parking) {
        if (last !== null && last !== s && !last.terminated) parkState(last);
        s.top?.unparkRegs();
      }
      this.lastRan = s;
      let quantum = this.live.size > 1 ? MULTI_QUANTUM : SOLO_QUANTUM;
      if (this.opts.maxInstructions > 0) quantum = Math.max(1, Math.min(quantum, this.opts.maxInstructions - this.instructions));
      const n = await this.runBatch(s, quantum);
      this.hibernation?.ran(n, this.added);
      if (this.resumeHooks.length > 0) lastCreated = this.added.length > 0 ? [...this.added] : [];
      if (this.parking) for (const a of this.added) if (!a.terminated) parkState(a);
      if (n > 0) searcher.instructionsRun?.(n);
      this.updateSearcher(s);
      // Past --max-time the solver answers nothing: tests of paths ended now are solved for in
      // finishRemaining, under the write-out allowance.
      if (this.term.hasPending && !this.budget.pastMaxTime()) await this.term.flush();
      await this.budget.tick();
    }
  }

  private updateSearcher(current: ExecutionState | null): void {
    const added = this.added;
    const removed = this.removed;
    this.added = [];
    this.removed = [];
    if (added.length === 0 && removed.length === 0 && current === null) return;
    this.searcher.update(current, added, removed);
    for (const r of removed) this.ptree.remove(r);
  }

  /** Between batches (hibernation.ts re-executions too): --max-time, --max-memory, interruption, output. */
  tick(): Promise<void> {
    return this.budget.tick();
  }

  /** Runs `s` for at most `quantum` instructions; stops early when it forks or ends. */
  async runBatch(s: ExecutionState, quantum: number): Promise<number> {
    const counts = this.coverage.counts;
    const instHooks = this.hooks.some((h) => h.onInstruction && !h.instructionsPaused);
    // Counted on the state as it goes, so a fork in the batch gives its new state the exact count.
    const start = s.instructions;
    const limit = start + quantum;
    this.running = s;
    try {
      while (s.instructions < limit) {
        const f = s.top;
        const b = f.block;
        const pc = f.pc++;
        const id = b.ids[pc]!;
        s.instructions++;
        s.steps++;
        if (s.instsSinceCovNew !== 0) s.instsSinceCovNew++;
        if (counts[id]++ === 0) this.newlyCovered(s, id);
        if (instHooks) for (const h of this.hooks) h.onInstruction?.(s, b.insts[pc]!);
        const r = b.steps[pc]!(s, f);
        if (r !== undefined) await r;
        if (s.terminated || this.added.length !== 0) break;
      }
    } catch (e) {
      this.internalError(s, e);
    }
    this.running = null;
    const n = s.instructions - start;
    this.instructions += n;
    if (s.top) this.coverage.addCallPath(s.top.callPathKey, n);
    if (this.opts.maxInstructions > 0 && this.instructions >= this.opts.maxInstructions) this.halt('max-instructions');
    return n;
  }

  /** `id` ran for the first time in this engine: new coverage unless another worker covered it first. */
  private newlyCovered(s: ExecutionState, id: number): void {
    if (!this.coverage.claim(id)) return;
    this.coverage.covered(id);
    s.coveredNew = true;
    s.instsSinceCovNew = 1;
    if (this.opts.writeCov === true) {
      const line = this.coverage.lineIndexOf(id);
      if (line >= 0) s.covLines = { line, next: s.covLines };
    }
  }

  /** Coverage and instruction counts of the phis executed on a CFG edge. */
  countPhis(s: ExecutionState, ids: Int32Array): void {
    const counts = this.coverage.counts;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (counts[id]++ === 0) this.newlyCovered(s, id);
    }
    s.instructions += ids.length;
    // The running state's count goes to the run's at the end of its batch; a state a fork just made
    // takes its first edge inside that batch, and its phis are counted here.
    if (s !== this.running) this.instructions += ids.length;
  }

  /** An exception inside the engine ends only the state that hit it. */
  private internalError(s: ExecutionState, e: unknown): void {
    const msg = e instanceof Error ? e.message : String(e);
    if (this.hibernation?.isRebuilding(s)) {
      // A re-execution that went wrong fails the waking (hibernation.ts), which says so.
      this.hibernation.fail(msg);
      s.terminated = true;
      return;
    }
    const f = s.top;
    const inst = f ? f.block.insts[f.pc - 1] ?? null : null;
    if (e instanceof ParseError) {
      // A body parsed on first use (ir/parse-lazy.ts) that does not parse: the input's fault, located,
      // like an error at load would be; every path that reaches it ends there.
      if (!this.invalidBodies.has(e.message)) this.message(`invalid IR in a function the path calls: ${e.message}`);
      this.invalidBodies.add(e.message);
      if (!s.terminated) this.term.error(s, 'exec', `invalid IR: ${e.file}:${e.short}`, inst);
      return;
    }
    this.message(`internal error: ${msg}${e instanceof Error && e.stack ? `\n${e.stack}` : ''}`);
    if (s.terminated) return;
    this.term.error(s, 'exec', `internal error: ${msg}`, inst);
  }

  /** Stops the run after the current step (remaining states end as partial). */
  halt(reason: string): void {
    if (this.haltReason === undefined) this.haltReason = reason;
  }

  /** States still alive when the run stops: partial paths, with tests unless interrupted. */
  private async finishRemaining(): Promise<void> {
    const rest = this.liveStatesOldestFirst();
    if (rest.length > 0 && this.haltReason) this.message(`run halted (${this.haltReason}) with ${rest.length} live states`);
    this.endAsPartial(rest);
    this.budget.startWriteOut();
    await this.term.flush();
    const skipped = this.budget.writeOutSkipped;
    const why = this.opts.dumpStatesOnHalt === false ? '--dump-states-on-halt=false' : this.interrupted ? 'interrupted' : 'allowance used up';
    if (skipped > 0) this.message(`write-out after the halt: ${skipped} live states got no test (${why})`);
  }

  /** When the run ended (performance.now() ms): a snapshot read later keeps its time. */
  private endedAt: number | undefined;

  /** What the run has done so far (its result at the end; see RunEnvironment.onStart). */
  snapshot(): RunSnapshot {
    const cov = this.coverage;
    return {
      instructions: this.instructions,
      paths: { ...this.term.paths },
      statesPeak: this.statesPeak,
      coverage: {
        instructionsCovered: cov.instructionsCovered,
        instructionsTotal: cov.instructionsTotal,
        linesCovered: cov.linesCovered,
        linesTotal: cov.linesTotal,
        branchesCovered: cov.branchesCovered,
        branchesTotal: cov.branchesTotal,
      },
      wallSeconds: ((this.endedAt ?? performance.now()) - this.budget.startTime) / 1000,
      ...(this.hibernation && this.hibernation.stats.slept > 0 ? { hibernation: { ...this.hibernation.stats } } : {}),
      liveStates: this.live.size,
      solver: { ...this.solver.stats },
    };
  }

  get liveStateCount(): number {
    return this.live.size;
  }

  /** The live states, in no particular order. */
  liveStates(): Iterable<ExecutionState> {
    return this.live;
  }

  /** The live states in creation order (so what is done to them does not depend on Set order). */
  liveStatesOldestFirst(): ExecutionState[] {
    return [...this.live].sort((a, b) => a.id - b.id);
  }

  /** Ends `states` as partial paths, in order, without a reason, and tells the searcher. */
  endAsPartial(states: readonly ExecutionState[]): void {
    for (const s of states) this.term.partial(s, '');
    this.updateSearcher(null);
  }

  // -------------------------------------------------------------------------------------------
  // States

  compiled(fn: Func): CompiledFunction {
    let cf = this.compiledFns.get(fn);
    if (!cf) {
      cf = compileFunction(this, fn);
      this.compiledFns.set(fn, cf);
    }
    return cf;
  }

  /** Called by the terminator when `s` ends. */
  stateTerminated(s: ExecutionState): void {
    this.live.delete(s);
    const i = this.added.indexOf(s);
    if (i >= 0) {
      // Never handed to the searcher: take it back and free its process-tree leaf now.
      this.added.splice(i, 1);
      this.ptree.remove(s);
    } else {
      this.removed.push(s);
    }
  }

  hookTerminate(s: ExecutionState, test: TestCase | null, end?: TerminationInfo): void {
    for (const h of this.hooks) h.onTerminate?.(s, test, end);
  }

  /** A copy of `s` for the other side of a fork, registered with the searcher and the process tree (forking.ts). */
  branchState(s: ExecutionState): ExecutionState {
    const ns = s.branch(this.nextStateId++);
    if (this.forkHooks.length > 0) for (const h of this.forkHooks) h.onFork!(s, ns);
    this.added.push(ns);
    this.live.add(ns);
    this.ptree.split(s, ns);
    this.forks++;
    if (this.live.size > this.statesPeak) this.statesPeak = this.live.size;
    return ns;
  }

  /** The recorded decisions that decide `s`'s branches now, if any (forking.ts): a state being rebuilt, a --workers job, --replay-path. */
  followerFor(s: ExecutionState): PrefixFollower | undefined {
    return this.hibernation?.followerFor(s) ?? (this.env.prefix?.active() ? this.env.prefix : undefined);
  }

  /** Whether `s` may not fork now (forking.ts): one feasible side is then taken at random. */
  forkLimited(s: ExecutionState): boolean {
    const o = this.opts;
    return (
      s.forkingDisabled || (o.maxDepth > 0 && s.depth >= o.maxDepth) || (o.maxForks > 0 && this.forks >= o.maxForks) || this.budget.inhibitsFork()
    );
  }

  /** Whether hooks let the waiting state `s` run again (onResume). */
  private async resumeAllowed(s: ExecutionState): Promise<boolean> {
    for (const h of this.resumeHooks) {
      const r = h.onResume!(s);
      if (!(typeof r === 'boolean' ? r : await r)) return false;
    }
    return true;
  }

  /** Forks `s` on a symbolic condition (forking.ts): [true side, false side], null for an infeasible side. */
  fork(s: ExecutionState, cond: Expr, inst: Instruction): Promise<[ExecutionState | null, ExecutionState | null]> {
    return this.forking.fork(s, cond, inst);
  }

  /** A multi-way fork (forking.ts): one state per feasible condition; `s` takes the first. */
  forkMany(s: ExecutionState, conds: readonly Expr[], inst: Instruction, feasible?: readonly boolean[]): Promise<(ExecutionState | null)[]> {
    return this.forking.forkMany(s, conds, inst, feasible);
  }

  /**
   * One value of symbolic `e` under `s`'s constraints, bound to it by an equality constraint (and
   * reported once per instruction unless `silent`); null if the solver could not answer (`s` ends).
   */
  async concretize(s: ExecutionState, e: Expr, what: string, inst: Instruction, silent = false): Promise<bigint | null> {
    if (e.isConst) return e.value;
    // A re-execution takes the value of the model it follows (hibernation.ts): the one the path took.
    const v = this.hibernation?.concreteValue(s, e) ?? (await this.solver.getValue(s.constraints, e));
    if (v === 'unknown') {
      this.term.partial(s, `the solver could not concretise a symbolic ${what}`, inst);
      return null;
    }
    s.addConstraint(B.eq(e, B.constant(e.width, v)));
    if (!silent) this.warnOnce(`${inst.id}:${what}`, `concretised symbolic ${what} to ${v}${at(inst)}`);
    return v;
  }

  /** concretize() for any register value (lanes and elements one by one). */
  async concretizeVal(s: ExecutionState, v: Val, what: string, inst: Instruction): Promise<Val | null> {
    if (typeof v === 'bigint') return v;
    if (Array.isArray(v)) {
      const out: Val[] = [];
      for (const x of v) {
        const c = await this.concretizeVal(s, x, what, inst);
        if (c === null) return null;
        out.push(c);
      }
      return out;
    }
    return this.concretize(s, v, what, inst);
  }

  /** concretizeVal() for several values in order; null if `s` ended. */
  async concretizeVals(s: ExecutionState, vs: readonly Val[], what: string, inst: Instruction): Promise<Val[] | null> {
    const out: Val[] = [];
    for (const v of vs) {
      const c = await this.concretizeVal(s, v, what, inst);
      if (c === null) return null;
      out.push(c);
    }
    return out;
  }

  /** A fresh symbolic array named after `name`, unique over the run (`name`, `name_1`, …). */
  newArray(name: string, size: number): ArrayDecl {
    // A state being rebuilt makes its inputs again: the same arrays (hibernation.ts).
    const again = this.hibernation?.takeArray(name, size);
    if (again) return again;
    let k = this.arraySuffix.get(name) ?? 0;
    let unique = k === 0 ? name : `${name}_${k}`;
    while (this.arrayNames.has(unique)) unique = `${name}_${++k}`;
    this.arrayNames.add(unique);
    this.arraySuffix.set(name, k + 1);
    return new ArrayDecl(unique, size);
  }

  /** The value of `v` as an expression if symbolic, for messages. */
  show(v: Val): string {
    if (typeof v === 'bigint') return v.toString();
    if (Array.isArray(v)) return `[${v.map((x) => this.show(x)).join(', ')}]`;
    return norm(v).toString();
  }

  // -------------------------------------------------------------------------------------------
  // Output and messages

  private outFd = 0;
  private outChunks: Uint8Array[] = [];
  private outBytes = 0;

  /**
   * A variable marked as an output with sympath_output(ptr, size, name): nothing to do in a forking run;
   * a traced (concolic) run records it as an output event of the path (PESO's output criterion).
   */
  markOutput(_s: ExecutionState, _name: string, _bytes: readonly (number | Expr)[]): void {}

  /** A write of path `s` (a program's stdout/stderr): to the terminal, and to the path's log with --write-test-output. */
  writeFrom(s: ExecutionState, fd: 1 | 2, bytes: Uint8Array): void {
    // A re-execution's output was written when the path first ran (its state keeps its own record).
    if (this.hibernation?.isRebuilding(s)) return;
    if (this.opts.writeTestOutput && bytes.length > 0) s.output = { fd, bytes: Uint8Array.from(bytes), prev: s.output };
    this.write(fd, bytes);
  }

  /** Program output to fd 1 or 2 (buffered; flushed in order when the stream changes and regularly). */
  write(fd: 1 | 2, bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    if (this.outFd !== fd) this.flushOutput();
    this.outFd = fd;
    this.outChunks.push(bytes);
    this.outBytes += bytes.length;
    if (this.outBytes > 1 << 16) this.flushOutput();
  }

  flushOutput(): void {
    if (this.outChunks.length === 0) return;
    const all = Buffer.concat(this.outChunks);
    this.outChunks = [];
    this.outBytes = 0;
    (this.outFd === 2 ? this.stderrSink : this.stdoutSink)(all);
  }

  message(text: string): void {
    // A re-execution's warnings were given when the path first ran (hibernation.ts).
    if (this.hibernation?.rebuilding) return;
    if (this.env.message) this.env.message(text);
  }

  /** A message given once per key (klee_warning_once, concretisation reports). */
  warnOnce(key: string, text: string): void {
    if (this.warnedAt.has(key)) return;
    this.warnedAt.add(key);
    this.message(text);
  }
}

function at(inst: Instruction): string {
  return inst.loc ? ` at ${inst.loc.file}:${inst.loc.line}` : ` in @${inst.parent.fn.name}`;
}
