// Concolic execution (issue 9 item 3) and the driver runtime around it.
//
// executeConcolic runs the program from its entry under one input: the unmodified executor with the
// ConcolicSolver (every question answered by evaluation under the input, so exactly one direction of a
// symbolic branch is ever feasible and nothing forks), a single-state searcher, and the trace recorder
// (src/engine/trace) observing instructions, blocks and memory. The result is the path's trace with
// every branch instance's own constraint, how it ended, and its test (the input's bytes).
//
// runDriver gives a Driver (driver-api.ts) its DriverContext — execute, solve (the run's real solver),
// emit (the output directory, errors once per location), the static analyses, the budgets — runs it,
// and returns the same RunResult a forking run returns, so `sympath run --driver NAME` writes the same
// stats.json: paths and tests are those the driver emitted, coverage the union of the traces.

import { analyzeModule, type ModuleAnalysis } from '../../analysis/index.js';
import { ArrayDecl, type Expr } from '../../expr/expr.js';
import { collectArrays } from '../../expr/evaluate.js';
import { calledFunction } from '../../ir/index.js';
import type { Instruction, Module } from '../../ir/model.js';
import type { Searcher, SearchState } from '../../search/searcher.js';
import { Coverage } from '../coverage.js';
import { Executor, type RunEnvironment, type RunResult, type RunSnapshot } from '../executor.js';
import type { EngineOptions } from '../options.js';
import type { ExecutionState } from '../state.js';
import type { TestCase } from '../test-case.js';
import type { TraceEnd } from '../trace/model.js';
import { ObservedMemory } from '../trace/observed-memory.js';
import { TraceRecorder } from '../trace/recorder.js';
import { staticDepsOf, type StaticDeps } from '../trace/static-info.js';
import { ConcolicSolver } from './concolic-solver.js';
import type { ConcolicInput, ConcolicResult, Driver, DriverContext, InputAssignment, KTestInput, SolveResult } from './driver-api.js';

/** What a concolic run takes from the run's environment (no searcher, hooks or memory of its own). */
export type ConcolicEnvironment = Pick<RunEnvironment, 'stdout' | 'stderr' | 'message' | 'signal' | 'mainArgs' | 'builtins'> & {
  /** Extra hooks observing the run (they see the single state). */
  hooks?: RunEnvironment['hooks'];
};

/** A concolic run's result plus the condition of a klee_assume the input violated, if that ended it. */
export interface ConcolicOutcome extends ConcolicResult {
  readonly refutedAssumption: Expr | null;
}

const ASSUMING = new Set(['klee_assume', 'klee_range', 'klee_choose']);

function isKTestInput(input: ConcolicInput): input is KTestInput {
  return !(input instanceof Map) && Array.isArray((input as KTestInput).objects);
}

/** The one state of a concolic run. */
class SinglePath implements Searcher {
  readonly name = 'concolic';
  private readonly states: SearchState[] = [];
  select(): SearchState {
    return this.states[this.states.length - 1]!;
  }
  update(_c: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void {
    this.states.push(...added);
    for (const r of removed) {
      const i = this.states.indexOf(r);
      if (i >= 0) this.states.splice(i, 1);
    }
  }
  empty(): boolean {
    return this.states.length === 0;
  }
}

/**
 * Symbolic arrays shared by the runs of one driver: the same array name and size is the same ArrayDecl in
 * every run, so constraints from different traces (a prefix from one, a negation from another) speak of
 * the same inputs, and expressions built again in a later run are the same hash-consed nodes.
 */
export class ArrayPool {
  private readonly arrays = new Map<string, ArrayDecl>();
  intern(a: ArrayDecl): ArrayDecl {
    const key = `${a.name}\0${a.size}`;
    const known = this.arrays.get(key);
    if (known) return known;
    this.arrays.set(key, a);
    return a;
  }
}

/**
 * The executor of a concolic run: its symbolic arrays come from the driver's pool, and what the path
 * makes observable (stream writes, marked variables) goes to the trace as output events.
 */
class ConcolicExecutor extends Executor {
  constructor(
    module: Module,
    opts: EngineOptions,
    env: RunEnvironment,
    private readonly pool: ArrayPool,
    private readonly recorder: TraceRecorder,
  ) {
    super(module, opts, env);
  }
  override newArray(name: string, size: number): ArrayDecl {
    return this.pool.intern(super.newArray(name, size));
  }
  override write(fd: 1 | 2, bytes: Uint8Array): void {
    super.write(fd, bytes);
    const s = this.recorder.state;
    if (s && bytes.length > 0) this.recorder.output(s, fd === 1 ? 'stdout' : 'stderr', '', Array.from(bytes));
  }
  override async concretize(s: ExecutionState, e: Expr, what: string, inst: Instruction, silent = false): Promise<bigint | null> {
    if (!e.isConst) this.recorder.concretized(s, e);
    return super.concretize(s, e, what, inst, silent);
  }
  override markOutput(s: ExecutionState, name: string, bytes: readonly (number | Expr)[]): void {
    this.recorder.output(s, 'marked', name, bytes);
  }
}

/**
 * Runs `module` from its entry under `input`, following its concrete values; returns the trace. Runs
 * sharing `pool` share their symbolic arrays (give one pool to the runs whose constraints you combine).
 */
export async function executeConcolic(
  module: Module,
  opts: EngineOptions,
  input: ConcolicInput,
  env: ConcolicEnvironment = {},
  pool: ArrayPool = new ArrayPool(),
): Promise<ConcolicOutcome> {
  let recorder: TraceRecorder | null = null;
  const bytesOf = (a: ArrayDecl): Uint8Array | undefined => {
    if (!isKTestInput(input)) return input.get(a.name);
    const st = recorder?.state;
    const k = st ? st.symbolics.findIndex((o) => o.array === a) : -1;
    return k >= 0 ? input.objects[k]?.bytes : undefined;
  };
  const solver = new ConcolicSolver(bytesOf);
  const rec = new TraceRecorder(module, { evaluate: (e) => solver.value(e) });
  recorder = rec;
  let test: TestCase | null = null;
  const runOpts: EngineOptions = {
    ...opts,
    search: ['dfs'],
    prune: [],
    maxTests: 0,
    onlyOutputStatesCoveringNew: false,
    emitAllErrors: true,
  };
  const result = await new ConcolicExecutor(module, runOpts, {
    ...env,
    solver,
    sink: {
      add(t) {
        test = t;
        return null;
      },
    },
    createSearcher: () => new SinglePath(),
    hooks: [rec, ...(env.hooks ?? [])],
    createMemory: (ex) => new ObservedMemory(ex, rec),
  }, pool, rec).run();
  if (result.statesPeak > 1) env.message?.('concolic run: the engine forked a state (only the first path is traced)');
  const trace = rec.finish(endOf(test, result));
  const symbolics = (rec.state?.symbolics ?? []).map((o) => ({ array: o.array.name, name: o.name, size: o.array.size }));
  const assignment = new Map<string, Uint8Array>();
  for (const o of rec.state?.symbolics ?? []) assignment.set(o.array.name, solver.bytesFor(o.array));
  const last = trace.length > 0 ? trace.insts[trace.length - 1]! : undefined;
  const fn = last ? calledFunction(last) : undefined;
  const t = test as TestCase | null;
  // The assumption is the last refuted condition that is not one of the state's preferences (those are
  // queried after it, when the error's test is solved).
  const preferences = new Set(rec.state?.cexPreferences ?? []);
  const assumption = [...solver.refuted].reverse().find((c) => !preferences.has(c)) ?? null;
  const refuted = t?.termination === 'error' && t.error?.kind === 'user' && fn && ASSUMING.has(fn.name) ? assumption : null;
  return { trace, termination: trace.end, test: t, assignment, symbolics, instructions: result.instructions, refutedAssumption: refuted };
}

function endOf(test: TestCase | null, r: RunResult): TraceEnd {
  if (test) {
    if (test.termination === 'exit') return { kind: 'exit', exitCode: test.exitCode ?? 0 };
    if (test.termination === 'error') {
      const e = test.error!;
      return { kind: 'error', errorKind: e.kind, message: e.message, file: e.file, line: e.line };
    }
    return { kind: test.termination };
  }
  if (r.paths.pruned > 0) return { kind: 'pruned' };
  if (r.paths.partial > 0) return { kind: 'partial' };
  return { kind: 'silent' };
}

/** Retries of a run whose input violated a klee_assume satisfiable on its path. */
const MAX_ASSUME_RETRIES = 8;

/** The environment of a driver run: the forking run's, less its searcher. */
export type DriverEnvironment = Omit<RunEnvironment, 'createSearcher' | 'hooks' | 'createMemory'> & { createSearcher?: unknown };

/** The DriverContext of one `runDriver`, with the run's counts. */
class DriverRun implements DriverContext {
  readonly coverage: Coverage;
  instructions = 0;
  executions = 0;
  readonly paths = { completed: 0, errors: 0, partial: 0, pruned: 0 };
  testsWritten = 0;
  private readonly started = performance.now();
  private readonly errorSites = new Set<string>();
  private readonly messages = new Set<string>();
  private analyses: ModuleAnalysis | null = null;
  private statics: StaticDeps | null = null;

  constructor(
    readonly module: Module,
    readonly options: EngineOptions,
    private readonly env: DriverEnvironment,
    private readonly pool: ArrayPool,
  ) {
    this.coverage = new Coverage(module, options.programSourceFiles, () => this.instructions);
  }

  analysis(): ModuleAnalysis {
    return (this.analyses ??= analyzeModule(this.module));
  }

  staticDeps(): StaticDeps {
    return (this.statics ??= staticDepsOf(this.module, this.analysis()));
  }

  async execute(input: ConcolicInput): Promise<ConcolicResult> {
    let r = await this.once(input);
    // Every assumption refuted so far goes into the next solve (a path condition need not hold the
    // assumptions of the runs before).
    const refuted: Expr[] = [];
    for (let k = 0; k < MAX_ASSUME_RETRIES && r.refutedAssumption !== null && !this.stopReason(); k++) {
      refuted.push(r.refutedAssumption);
      const a = await this.solve([...r.trace.pathCondition(), ...refuted], r.assignment);
      if (!(a instanceof Map)) break;
      r = await this.once(a);
    }
    const { refutedAssumption: _, ...result } = r;
    return result;
  }

  private async once(input: ConcolicInput): Promise<ConcolicOutcome> {
    const o = this.options;
    const elapsed = (performance.now() - this.started) / 1000;
    const opts: EngineOptions = {
      ...o,
      maxTime: o.maxTime > 0 ? Math.max(0.001, o.maxTime - elapsed) : 0,
      maxInstructions: o.maxInstructions > 0 ? Math.max(1, o.maxInstructions - this.instructions) : 0,
    };
    const r = await executeConcolic(this.module, opts, input, {
      stdout: this.env.stdout,
      stderr: this.env.stderr,
      signal: this.env.signal,
      mainArgs: this.env.mainArgs,
      builtins: this.env.builtins,
      message: (m) => this.message(m),
    }, this.pool);
    this.executions++;
    this.instructions += r.instructions;
    let coveredNew = false;
    const counts = this.coverage.counts;
    const { insts, dirs } = r.trace;
    for (let i = 0; i < insts.length; i++) {
      const inst = insts[i]!;
      if (counts[inst.id]++ === 0) {
        this.coverage.covered(inst.id);
        coveredNew = true;
      }
      // A deciding terminator's direction (branch coverage).
      if (dirs[i]! >= 0) this.coverage.direction(inst.id, dirs[i]!);
    }
    if (r.test) r.test.coveredNew = coveredNew;
    return r;
  }

  async solve(constraints: readonly Expr[], base?: InputAssignment): Promise<SolveResult> {
    const arrays: ArrayDecl[] = [];
    const seen = new Set<ArrayDecl>();
    for (const c of constraints) {
      if (c.isConst) {
        if (!c.value) return 'unsat';
        continue;
      }
      for (const a of collectArrays(c)) {
        if (!seen.has(a)) {
          seen.add(a);
          arrays.push(a);
        }
      }
    }
    const out = new Map<string, Uint8Array>(base ?? []);
    if (arrays.length === 0) return out;
    const r = await this.env.solver.getInitialValues(constraints.filter((c) => !c.isConst), arrays);
    if (r === 'unsat' || r === 'unknown') return r;
    arrays.forEach((a, k) => out.set(a.name, r[k]!));
    return out;
  }

  emit(test: TestCase): string | null {
    const o = this.options;
    if (test.termination === 'exit') this.paths.completed++;
    else if (test.termination === 'error') this.paths.errors++;
    else if (test.termination === 'pruned') this.paths.pruned++;
    else this.paths.partial++;
    if (test.termination === 'error' && !o.emitAllErrors) {
      const key = `${test.error!.kind}:${test.error!.file}:${test.error!.line}`;
      if (this.errorSites.has(key)) return null;
      this.errorSites.add(key);
    }
    if (o.onlyOutputStatesCoveringNew && !test.coveredNew && test.termination !== 'error') return null;
    if (o.maxTests > 0 && this.testsWritten >= o.maxTests) return null;
    const name = this.env.sink.add(test);
    if (name !== null) this.testsWritten++;
    return name;
  }

  stopReason(): string | undefined {
    const o = this.options;
    const signal = this.env.signal;
    if (signal?.aborted) return typeof signal.reason === 'string' ? signal.reason : 'interrupted';
    if (o.maxTime > 0 && (performance.now() - this.started) / 1000 >= o.maxTime) return 'max-time';
    if (o.maxTests > 0 && this.testsWritten >= o.maxTests) return 'max-tests';
    if (o.maxInstructions > 0 && this.instructions >= o.maxInstructions) return 'max-instructions';
    return undefined;
  }

  message(text: string): void {
    if (this.messages.has(text)) return;
    this.messages.add(text);
    this.env.message?.(text);
  }

  /** The run so far (RunEnvironment.onStart): no live states in a driver, one execution at a time. */
  snapshot(): RunSnapshot {
    return { ...this.result(undefined), liveStates: 0, solver: { ...this.env.solver.stats } };
  }

  result(haltReason: string | undefined): RunResult {
    const c = this.coverage;
    const r: RunResult = {
      instructions: this.instructions,
      paths: { ...this.paths },
      statesPeak: this.executions > 0 ? 1 : 0,
      coverage: {
        instructionsCovered: c.instructionsCovered,
        instructionsTotal: c.instructionsTotal,
        linesCovered: c.linesCovered,
        linesTotal: c.linesTotal,
        branchesCovered: c.branchesCovered,
        branchesTotal: c.branchesTotal,
      },
      wallSeconds: (performance.now() - this.started) / 1000,
    };
    if (haltReason) r.haltReason = haltReason;
    return r;
  }
}

/**
 * Runs `driver` on `module`: the driver decides the inputs, the engine runs them concolically. Runs
 * given one `pool` share their symbolic arrays (two versions of a program compared: PESO's augment).
 */
export async function runDriver(
  module: Module,
  opts: EngineOptions,
  env: DriverEnvironment,
  driver: Driver,
  pool: ArrayPool = new ArrayPool(),
): Promise<RunResult & { executions: number; covered: Coverage }> {
  const ctx = new DriverRun(module, opts, env, pool);
  env.onStart?.(() => ctx.snapshot());
  await driver.run(ctx);
  return { ...ctx.result(ctx.stopReason()), executions: ctx.executions, covered: ctx.coverage };
}
