// Path exploration by symbolic output (PESO: Qi, Nguyen, Roychoudhury, TOSEM; ../shared/papers/peso-*.txt),
// Algorithm 1 (RSCExplore), as a concolic driver (src/engine/concolic/driver-api.ts).
//
// Execute(t, n): run t, compute the relevant-slice condition of the output criterion on its trace
// (partition.ts), reorder it (ψ'1 … ψ'm: a branch after the branches in its own relevant slice), and
// push ⟨ψ'1 ∧ … ∧ ψ'(i-1) ∧ ¬ψ'i, i⟩ for i = n+1..m. Pop (depth first), solve, Execute(μ, j); until the
// stack is empty. One test per output partition: a path whose ⟨RSC, symbolic output⟩ was found before
// writes none.
//
// The paper's i = n+1..m assumes the new sequence begins with the task's formula (Lemma 3.13), which
// fails on real code (musl's stdout: issue 17). We push instead, for every position i whose ψ'i is not
// one of the task's conjuncts T, the task T ∪ {ψ'1 … ψ'(i-1)} ∪ {¬ψ'i}: the same tasks as the paper's
// when the prefix property holds, and the part of T it would lose when it does not (tasks.ts argues
// it); a task whose conjuncts include an RSC found before is covered and not solved.
//
// Modes:
//   reorder    — the paper's Algorithm 1 (default);
//   no-reorder — the paper's §2 "simple solution" it shows incomplete (Table I): the RSC in path order,
//                every i = 1..m, until no new sub-formula appears (`--peso-no-reorder`);
//   paths      — DART on whole path conditions (i = n+1..m over every decision): exhaustive path
//                exploration computing the same partitions per path, the baseline of the paper's "RSC
//                coverage" (the tests' and the experiment's reference). Path conditions have the
//                prefix property, so the set rule gives DART's tasks; no task is skipped as covered.
//
// Decisions the paper leaves open (README.md beside this file):
//   - klee_assume constraints of the path are in every task (they restrict the inputs, as DGSE does);
//   - constraints that are not decisions (concretisations) stay in a task's prefix but are never
//     negated themselves;
//   - a multi-way decision (switch, pointer resolution) is negated as "any other outcome"; when the
//     task's path takes another outcome o', the task T ∪ prefix ∪ {¬o'} (the rule above: o' is not in
//     T) asks for the outcomes still unseen, so each outcome is reached;
//   - task formulas equal as sets of conjuncts are pushed once.

import type { Expr } from '../../expr/expr.js';
import type { ConcolicInput, Driver, DriverContext, InputAssignment, RunSymbolic } from '../../engine/concolic/driver-api.js';
import { dynamicDependences } from '../../engine/trace/dynamic-deps.js';
import type { Trace, TraceConstraint } from '../../engine/trace/model.js';
import { timedStatics } from '../shared/timed-statics.js';
import { TraceGraph } from '../shared/trace-graph.js';
import { otherSideDefsOf } from './other-side.js';
import { DEFAULT_CRITERION, OutputEffects, type Criterion } from './criterion.js';
import { canon, partitionOf, prefixNegation, readable, reorderedRsc, smtlib, type OutputPart, type PathPartition } from './partition.js';
import { emptyStats, type PesoStats } from './stats.js';
import { LeakyRscs } from './leaky.js';
import { FoundRscs, tasksAfter } from './tasks.js';
import { RELEVANT_KINDS } from '../../engine/trace/slice.js';

export type PesoMode = 'reorder' | 'no-reorder' | 'paths';

export interface PesoOptions {
  readonly criterion: Criterion;
  readonly mode: PesoMode;
  /** The first path's input (default: all zero bytes). */
  readonly initial?: ConcolicInput;
  /** Keep every path's trace, partition and condition in `records` (tests, the paper's tables). */
  readonly record?: boolean;
  /** Write a test per new partition (default true). */
  readonly emit?: boolean;
}

interface Task {
  readonly constraints: readonly Expr[];
  /** The conjuncts excluding an outcome of a multi-way decision, and the decision (tasks.ts). */
  readonly outcomes: ReadonlyMap<string, string>;
  /** The position negated (Algorithm 1's j). */
  readonly n: number;
  readonly base: ConcolicInput;
  /** The paper's "from" column: `row.position` (rows counted from 1). */
  readonly from: string;
}

/** One executed path (with `record`). */
export interface PesoRecord {
  readonly from: string;
  readonly trace: Trace;
  readonly assignment: InputAssignment;
  readonly partition: PathPartition;
  /** The condition tasks were made from: reordered RSC, RSC in path order, or the path condition. */
  readonly sequence: readonly TraceConstraint[];
  readonly newPartition: boolean;
}

/** One output partition found: what the semantic signature lists. */
export interface FoundPartition {
  readonly key: string;
  readonly rscKey: string;
  /** The RSC by source line (`file:line T|F`), in path order. */
  readonly rscLines: readonly string[];
  readonly rscSmtlib: string;
  readonly rsc: readonly Expr[];
  readonly output: readonly string[];
  readonly outputParts: readonly OutputPart[];
  /** The symbolic objects of the path that reached it (a test's objects, in creation order). */
  readonly symbolics: readonly RunSymbolic[];
  /** The test written for it (file name), or null. */
  readonly test: string | null;
  /** The input that reached it, by array name. */
  readonly assignment: InputAssignment;
  /** The path's klee_assume constraints (the POSIX model's on n_args, the stat objects, …): an input
   *  built from the RSC alone (augment) must satisfy them too. */
  readonly assumes: readonly Expr[];
}

function taskKey(cs: readonly Expr[]): string {
  return [...new Set(cs.map(canon))].sort().join(' & ');
}

export class PesoDriver implements Driver {
  readonly name = 'peso';
  readonly stats: PesoStats = emptyStats();
  readonly records: PesoRecord[] = [];
  readonly partitions = new Map<string, FoundPartition>();
  private readonly rscs = new Set<string>();
  /** The RSCs found as sets (a task inside one needs no execution: tasks.ts). */
  private readonly found = new FoundRscs();
  /** The RSCs found that reach outside their own task (leaky.ts). */
  private readonly leaky = new LeakyRscs();
  private readonly options: PesoOptions;
  private executed = 0;
  private otherSide: ReturnType<typeof otherSideDefsOf> | undefined;

  constructor(options: Partial<PesoOptions> = {}) {
    this.options = { criterion: DEFAULT_CRITERION, mode: 'reorder', ...options };
  }

  async run(ctx: DriverContext): Promise<void> {
    const s = this.stats;
    const started = performance.now();
    const statics = timedStatics(ctx.staticDeps());
    const effects = new OutputEffects(ctx.module, this.options.criterion, ctx.options.checkOvershift);
    const stack: Task[] = [];
    const pushed = new Set<string>();
    const push = (t: Task): void => {
      const key = taskKey(t.constraints);
      if (pushed.has(key)) {
        s.tasksDuplicate++;
        return;
      }
      pushed.add(key);
      s.tasksPushed++;
      stack.push(t);
    };
    let task: Task | null = { constraints: [], outcomes: new Map(), n: 0, base: this.options.initial ?? new Map(), from: '' };
    while (task !== null && !ctx.stopReason()) {
      let input: ConcolicInput = task.base;
      if (task.n > 0) {
        if (this.options.mode === 'reorder' && this.found.covers(task.constraints)) {
          s.tasksCovered++;
          task = stack.pop() ?? null;
          continue;
        }
        const a = await this.solve(ctx, task.constraints, task.base as InputAssignment);
        if (a === 'unsat' || a === 'unknown') {
          if (a === 'unsat') s.tasksInfeasible++;
          else s.tasksUnknown++;
          task = stack.pop() ?? null;
          continue;
        }
        const b = this.options.mode === 'reorder' ? await this.outsideLeaky(ctx, task, a) : a;
        if (b === null) {
          s.tasksCovered++;
          task = stack.pop() ?? null;
          continue;
        }
        input = b;
      }
      await this.visit(ctx, input, task, statics, effects, push);
      task = stack.pop() ?? null;
    }
    s.staticAnalysisSeconds += effects.millis / 1000;
    s.totalSeconds = (performance.now() - started) / 1000;
  }

  /** Algorithm 1's Execute(t, n). */
  private async visit(
    ctx: DriverContext,
    input: ConcolicInput,
    task: Task,
    statics: ReturnType<typeof timedStatics>,
    effects: OutputEffects,
    push: (t: Task) => void,
  ): Promise<void> {
    const s = this.stats;
    const { mode, criterion } = this.options;
    const tx = performance.now();
    const r = await ctx.execute(input);
    s.executionSeconds += (performance.now() - tx) / 1000;
    s.executions++;
    const row = ++this.executed;
    const trace = r.trace;

    const ts = performance.now();
    const staticBefore = statics.millis;
    const graph = new TraceGraph(trace, dynamicDependences(trace, statics, { allPotentialInstances: true, otherSideDefs: this.otherSide ??= otherSideDefsOf(ctx.module) }), RELEVANT_KINDS, null);
    const staticMs = statics.millis - staticBefore;
    s.staticAnalysisSeconds += staticMs / 1000;
    s.slicingSeconds += (performance.now() - ts - staticMs) / 1000;

    const tc = performance.now();
    const effectsBefore = effects.millis;
    const part = partitionOf(trace, graph, criterion, effects);
    s.conditionSeconds += (performance.now() - tc - (effects.millis - effectsBefore)) / 1000;
    s.rscConstraints += part.rsc.length;
    s.pathConstraints += trace.constraints.length;

    const tr = performance.now();
    const sequence =
      mode === 'reorder' ? reorderedRsc(part.rsc, graph) : mode === 'no-reorder' ? [...part.rsc] : trace.constraints.filter((c) => c.kind !== 'concretize');
    s.reorderSeconds += (performance.now() - tr) / 1000;

    const isNew = !this.partitions.has(part.key);
    if (isNew) {
      let test: string | null = null;
      if (r.test && this.options.emit !== false) test = ctx.emit(r.test);
      this.partitions.set(part.key, {
        key: part.key,
        rscKey: part.rscKey,
        rscLines: part.rsc.map((c) => readable(trace, c)),
        rscSmtlib: smtlib(part.rsc.map((c) => c.expr)),
        rsc: part.rsc.map((c) => c.expr),
        output: part.output,
        outputParts: part.outputParts,
        symbolics: r.symbolics,
        test,
        assignment: r.assignment,
        assumes: trace.constraints.filter((c) => c.kind === 'assume').map((c) => c.expr),
      });
      s.partitions = this.partitions.size;
    } else s.repeatedPartitions++;
    this.rscs.add(part.rscKey);
    this.found.add(part.rsc.map((c) => c.expr));
    if (mode === 'reorder' && task.n > 0) this.leaky.add(task.constraints, task.outcomes, part.rsc, (c) => trace.key(c.instance));
    s.distinctRsc = this.rscs.size;
    if (this.options.record) this.records.push({ from: task.from, trace, assignment: r.assignment, partition: part, sequence, newPartition: isNew });

    const assumes = trace.constraints.filter((c) => c.kind === 'assume').map((c) => c.expr);
    if (mode === 'no-reorder') {
      // The paper's §2 strawman: every position of every path, without the task's conjuncts.
      for (let i = 1; i <= sequence.length; i++) {
        if (!sequence[i - 1]!.negatable) continue;
        push({ constraints: [...assumes, ...prefixNegation(sequence, i)], outcomes: new Map(), n: i, base: r.assignment, from: `${row}.${i}` });
      }
      return;
    }
    for (const t of tasksAfter(task, task.n, sequence, assumes, (c) => trace.key(c.instance))) {
      if (t.beforeN) {
        if (sequence[t.position - 1]!.multiway && t.position === task.n) s.tasksContinuation++;
        else s.tasksBeforeN++;
      }
      push({ constraints: t.constraints, outcomes: t.outcomes, n: t.position, base: r.assignment, from: `${row}.${t.position}` });
    }
  }

  /**
   * The task's input `a` moved out of every RSC found that reaches outside its own task (leaky.ts):
   * re-solved with each one it lands in blocked, at most once each. null: the task's region lies
   * inside RSCs found (covered). An unknown answer keeps the input found so far.
   */
  private async outsideLeaky(ctx: DriverContext, task: Task, a: InputAssignment): Promise<InputAssignment | null> {
    let cs = task.constraints;
    let input = a;
    for (let k = 0; k < this.leaky.size; k++) {
      const block = this.leaky.blockFor(cs, input);
      if (block === null) return input;
      if (block === true) return null;
      cs = [...cs, block];
      this.stats.tasksReblocked++;
      const next = await this.solve(ctx, cs, input);
      if (next === 'unsat') return null;
      if (next === 'unknown') return input;
      input = next;
    }
    return input;
  }

  private async solve(ctx: DriverContext, constraints: readonly Expr[], base: InputAssignment) {
    const s = this.stats;
    s.solverCalls++;
    s.queryConstraints += constraints.length;
    s.formulaBytes += smtlib(constraints).length;
    const t = performance.now();
    const a = await ctx.solve(constraints, base);
    s.solvingSeconds += (performance.now() - t) / 1000;
    return a;
  }
}
