// Dependence-guided symbolic execution (Wang et al., TSE; ../shared/papers/dgse-*.txt), Algorithm 2, as
// a concolic driver (src/engine/concolic/driver-api.ts).
//
// A stack of tasks ⟨relevant path condition, ψ⟩. A popped task is solved (an unsatisfiable one is one of
// the paper's infeasible paths) and its input executed. On the path's decisions ψ₁ … ψₘ (branches,
// switch cases, implicit checks, pointer resolutions, call targets: every negatable constraint):
//   - the first path negates every decision;
//   - a later path finds its initiating decision ψ_d (same static instruction, same occurrence, an
//     outcome the task asked for) and negates only the decisions after it whose negated node is
//     transitively dependent on ψ_d in this path (trace-graph.ts);
//   - each negation ¬ψᵢ becomes the task ⟨π^rpc[¬ψᵢ], ¬ψᵢ⟩: the constraints of the instances ¬ψᵢ
//     transitively depends on (its relevant path slice), plus ¬ψᵢ — not the whole prefix.
// Tasks are pushed in path order, so the latest negation is explored first (the paper's Table 3).
//
// Decisions the paper leaves open, taken here (README.md beside this file):
//   - klee_assume constraints before ¬ψᵢ are always in its task: they restrict the inputs as a
//     precondition does, and leaving them out only makes the solver propose inputs the engine rejects;
//   - a multi-way decision (switch, pointer resolution, call target) is negated as "any other outcome";
//     when the path it started takes outcome o', a continuation task asks for the outcomes still
//     unseen, so each outcome is found once;
//   - a path that does not contain its initiating decision (its relevant path condition left the
//     occurrence count free) is treated as a first path: every decision is negated (counted as a
//     divergence) — more tasks, never fewer;
//   - identical tasks (same initiating decision, same constraints) are pushed once, and a path whose
//     decisions and ending were seen before writes no second test;
//   - in a function larger than --dgse-interactive-limit instructions, interactive dependence is
//     over-approximated (every instance depends on the previous one of its activation): DGSE explores
//     such a function as exhaustive search would, instead of spending minutes on the static relation.

import * as B from '../../expr/build.js';
import type { Expr } from '../../expr/expr.js';
import type { ConcolicInput, Driver, DriverContext, InputAssignment } from '../../engine/concolic/driver-api.js';
import { dynamicDependences } from '../../engine/trace/dynamic-deps.js';
import type { Trace, TraceConstraint } from '../../engine/trace/model.js';
import { DGSE_DEPENDENCES, traceKinds, type DgseDependence } from './dependences.js';
import { InteractiveKeys } from './interactive.js';
import { emptyStats, type DgseStats } from './stats.js';
import { timedStatics } from '../shared/timed-statics.js';
import { TraceGraph } from '../shared/trace-graph.js';

export interface DgseOptions {
  /** The dependences taken into account (default: all four). */
  readonly dependences: ReadonlySet<DgseDependence>;
  /** The first path's input (default: all zero bytes). */
  readonly initial?: ConcolicInput;
  /** Keep every path's trace and tasks in `records` (tests and the paper's tables). */
  readonly record?: boolean;
  /** Instructions above which a function's interactive dependence is over-approximated (0: none). */
  readonly interactiveLimit?: number;
}

/** The decision a task negates, to find it again in the path the task leads to. */
interface Initiator {
  /** `staticId#occurrence` of the deciding instance. */
  readonly key: string;
  readonly kind: TraceConstraint['kind'];
  /** Outcomes already explored at that instance (the task asks for another). */
  readonly blocked: readonly string[];
  /** The negations in the task (¬ψ, and for a multi-way decision one per blocked outcome). */
  readonly negations: readonly Expr[];
}

interface Task {
  readonly constraints: readonly Expr[];
  readonly initiator: Initiator | null;
  /** Bytes for the inputs the constraints leave free: the path that made the task. */
  readonly base: ConcolicInput;
  /** The record of the path that made the task (-1 for the first task). */
  readonly from: number;
  /** For records: the negated decision and its relevant path condition in the path that made it. */
  readonly negated?: TraceConstraint;
  readonly rpc?: readonly TraceConstraint[];
}

/** One popped task and, when it was feasible, the path it led to (with `record`). */
export interface DgseRecord {
  /** Record index of the path that made the task (-1: the first path). */
  readonly from: number;
  /** The decision the task negated, in the trace of `from` (undefined for the first path). */
  readonly negated?: TraceConstraint;
  /** Its relevant path condition in that trace. */
  readonly rpc?: readonly TraceConstraint[];
  /** 'sat' (a path ran), 'unsat' (infeasible) or 'unknown'. */
  readonly outcome: 'sat' | 'unsat' | 'unknown';
  readonly trace?: Trace;
  /** The initiating decision found in `trace` (undefined for the first path or a divergence). */
  initiator?: TraceConstraint;
  /** Tasks the path pushed: the negated decision and its relevant path condition. */
  readonly pushed: { negated: TraceConstraint; rpc: TraceConstraint[] }[];
  /** Decisions after ψ_d that failed the dependence check (transitiveD(ψ_d, ¬ψᵢ) = F). */
  readonly skipped: TraceConstraint[];
}

/**
 * A decision's outcome, stable across runs: the trace's outcome, and for a multi-way decision also its
 * constraint (hash-consed, so the same target is the same node in every run). The trace numbers a
 * call-target decision by its index among the targets the engine found feasible, which is 0 in every
 * concolic run, whatever the target.
 */
function outcomeOf(c: TraceConstraint): string {
  return c.multiway ? `${c.outcome}/${c.expr.id}` : c.outcome;
}

function pathKey(trace: Trace): string {
  const parts: string[] = [];
  for (const c of trace.constraints) if (c.negatable) parts.push(`${trace.key(c.instance)}=${outcomeOf(c)}`);
  const e = trace.end;
  parts.push(e.kind === 'error' ? `error:${e.errorKind}:${e.file}:${e.line}` : e.kind === 'exit' ? `exit:${e.exitCode}` : e.kind);
  return parts.join(' ');
}

function taskKey(t: Task): string {
  const i = t.initiator!;
  const ids = t.constraints.map((c) => c.id).sort((a, b) => a - b);
  return `${i.key}:${i.kind}:${i.blocked.join(',')}|${ids.join(',')}`;
}

export class DgseDriver implements Driver {
  readonly name = 'dgse';
  readonly stats: DgseStats = emptyStats();
  readonly records: DgseRecord[] = [];
  private readonly options: DgseOptions;

  constructor(options: Partial<DgseOptions> = {}) {
    this.options = { dependences: new Set(DGSE_DEPENDENCES), ...options };
  }

  async run(ctx: DriverContext): Promise<void> {
    const s = this.stats;
    const started = performance.now();
    const statics = timedStatics(ctx.staticDeps());
    s.staticAnalysisSeconds += (performance.now() - started) / 1000;
    const deps = this.options.dependences;
    const interactive = deps.has('interactive') ? new InteractiveKeys(ctx.module, this.options.interactiveLimit) : null;
    const kinds = traceKinds(deps);
    const stack: Task[] = [{ constraints: [], initiator: null, base: this.options.initial ?? new Map(), from: -1 }];
    const seenPaths = new Set<string>();
    const seenTasks = new Set<string>();
    const push = (t: Task): void => {
      const key = taskKey(t);
      if (seenTasks.has(key)) {
        s.tasksDuplicate++;
        return;
      }
      seenTasks.add(key);
      s.tasksPushed++;
      stack.push(t);
    };

    while (stack.length > 0 && !ctx.stopReason()) {
      const task = stack.pop()!;
      let input: ConcolicInput = task.base;
      if (task.initiator !== null) {
        const a = await this.solve(ctx, task.constraints, task.base as InputAssignment);
        if (a === 'unsat' || a === 'unknown') {
          if (a === 'unsat') s.tasksInfeasible++;
          else s.tasksUnknown++;
          if (this.options.record) this.records.push({ from: task.from, negated: task.negated, rpc: task.rpc, outcome: a, pushed: [], skipped: [] });
          continue;
        }
        input = a;
      }
      const tx = performance.now();
      const r = await ctx.execute(input);
      s.executionSeconds += (performance.now() - tx) / 1000;
      s.executions++;
      s.traceEvents += r.trace.length;
      const key = pathKey(r.trace);
      if (seenPaths.has(key)) s.duplicatePaths++;
      else {
        seenPaths.add(key);
        if (r.test) ctx.emit(r.test);
      }
      const record: DgseRecord | null = this.options.record
        ? { from: task.from, negated: task.negated, rpc: task.rpc, outcome: 'sat', trace: r.trace, pushed: [], skipped: [] }
        : null;
      const here = this.records.length;
      if (record) this.records.push(record);

      const td = performance.now();
      const staticBefore = statics.millis + (interactive?.millis ?? 0);
      const dyn = dynamicDependences(r.trace, statics);
      const graph = new TraceGraph(r.trace, dyn, kinds, interactive);
      this.expand(r.trace, graph, task, r.assignment, here, record, push);
      s.dependenceVisits += graph.visits;
      const staticMs = statics.millis + (interactive?.millis ?? 0) - staticBefore;
      s.staticAnalysisSeconds += staticMs / 1000;
      s.dynamicDependenceSeconds += (performance.now() - td - staticMs) / 1000;
    }
    s.interactiveFunctions = interactive?.functions ?? 0;
    s.approximatedFunctions = [...(interactive?.approximatedFunctions ?? [])].sort();
    s.costliestInteractive = [...(interactive?.perFunction ?? [])]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, ms]) => ({ name, seconds: ms / 1000 }));
    s.totalSeconds = (performance.now() - started) / 1000;
  }

  /** Pushes the tasks of one executed path (Algorithm 2, lines 15–29). */
  private expand(
    trace: Trace,
    graph: TraceGraph,
    task: Task,
    assignment: InputAssignment,
    here: number,
    record: DgseRecord | null,
    push: (t: Task) => void,
  ): void {
    const cs = trace.constraints;
    const init = task.initiator;
    let psi: TraceConstraint | undefined;
    if (init !== null) {
      psi = cs.find((c) => c.negatable && c.kind === init.kind && !init.blocked.includes(outcomeOf(c)) && trace.key(c.instance) === init.key);
      if (psi === undefined) this.stats.divergences++;
    }
    if (record && psi) record.initiator = psi;
    const marks = psi ? graph.dependentsOf(psi.instance) : null;
    // Assumptions are in every task (the header's first decision): merged by index with the slice's
    // constraints, without a scan of the whole path per task.
    const assumes = cs.filter((x) => x.kind === 'assume').map((x) => x.index);
    const rpcOf = (c: TraceConstraint): TraceConstraint[] => {
      const slice = graph.sliceConstraints(c.index);
      const out: TraceConstraint[] = [];
      let a = 0;
      for (let k = 0; k < slice.length || (a < assumes.length && assumes[a]! < c.index); ) {
        const next = k < slice.length ? slice[k]! : Infinity;
        const asm = a < assumes.length && assumes[a]! < c.index ? assumes[a]! : Infinity;
        if (asm < next) (out.push(cs[asm]!), a++);
        else {
          if (asm === next) a++;
          out.push(cs[next]!);
          k++;
        }
      }
      return out;
    };
    const taskFor = (c: TraceConstraint, negations: Expr[], blocked: string[]): Task => {
      const rpc = rpcOf(c);
      if (record) record.pushed.push({ negated: c, rpc });
      return {
        constraints: [...rpc.map((x) => x.expr), ...negations],
        initiator: { key: trace.key(c.instance), kind: c.kind, blocked, negations },
        base: assignment,
        from: here,
        ...(record ? { negated: c, rpc } : {}),
      };
    };
    // The outcomes of a multi-way ψ_d not seen yet (explored after this path's own tasks).
    if (psi && init && psi.multiway) push(taskFor(psi, [...init.negations, B.notB(psi.expr)], [...init.blocked, outcomeOf(psi)]));
    for (const c of cs) {
      if (!c.negatable || (psi && c.index <= psi.index)) continue;
      if (marks && !graph.negationDependsOn(c.index, marks)) {
        record?.skipped.push(c);
        continue;
      }
      push(taskFor(c, [B.notB(c.expr)], [outcomeOf(c)]));
    }
  }

  private async solve(ctx: DriverContext, constraints: readonly Expr[], base: InputAssignment) {
    const s = this.stats;
    s.solverCalls++;
    s.queryConstraints += constraints.length;
    const t = performance.now();
    const a = await ctx.solve(constraints, base);
    const secs = (performance.now() - t) / 1000;
    if (a === 'unsat') s.unsatSeconds += secs;
    else if (a === 'unknown') s.unknownSeconds += secs;
    else s.satSeconds += secs;
    return a;
  }
}
