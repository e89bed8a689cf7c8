// Regression debugging: DARWIN (Qi et al., FSE'09) with relevant-slice conditions (the PESO paper's
// §5.2). One test runs concolically on OLD and NEW (one pool of symbolic arrays: the same inputs);
// g and g' are its relevant-slice conditions in the two versions (or, with pathConditions, its whole
// path conditions: the original DARWIN). For g' = ψ1 ∧ … ∧ ψm the formulas g ∧ ψ1 ∧ … ∧ ψi ∧ ¬ψ(i+1)
// (i = 0..m-1) are solved; each satisfiable one names the branch of ψ(i+1) in NEW as a potential root
// cause; symmetrically g' ∧ φ1 ∧ … ∧ ¬φ(i+1) over g's constraints names branches of OLD. The report
// ranks source lines by how many satisfiable formulas name them (then by first appearance). A program
// linked with musl and the POSIX model runs with its program arguments (--sym-args, …): the test's
// objects are matched to the model's symbolic objects in creation order, as the engine replays a .ktest.

import * as B from '../../expr/build.js';
import { collectArrays } from '../../expr/evaluate.js';
import type { Expr } from '../../expr/expr.js';
import { ArrayPool, executeConcolic } from '../../engine/concolic/driver.js';
import type { KTestInput } from '../../engine/concolic/driver-api.js';
import { dynamicDependences } from '../../engine/trace/dynamic-deps.js';
import type { Trace, TraceConstraint } from '../../engine/trace/model.js';
import { RELEVANT_KINDS } from '../../engine/trace/slice.js';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from '../../engine/options.js';
import type { Module } from '../../ir/model.js';
import type { Solver } from '../../solver/index.js';
import { staticDepsOf } from '../../engine/trace/static-info.js';
import { TraceGraph } from '../shared/trace-graph.js';
import { otherSideDefsOf } from './other-side.js';
import { OutputEffects, type Criterion } from './criterion.js';
import { partitionOf, readable, smtlib } from './partition.js';

export interface RegressionEntry {
  /** `old` or `new`: the version whose branch is named. */
  readonly version: 'old' | 'new';
  /** `file:line`. */
  readonly line: string;
  /** Satisfiable formulas naming it. */
  readonly formulas: number;
  /** The branch as `file:line T|F` (the direction the test took). */
  readonly branch: string;
}

export interface RegressionReport {
  readonly conditions: 'relevant-slice' | 'path';
  /** What the test did on each version (its symbolic output under the criterion). */
  readonly oldOutput: readonly string[];
  readonly newOutput: readonly string[];
  readonly oldCondition: readonly string[];
  readonly newCondition: readonly string[];
  readonly formulasSolved: number;
  readonly formulaBytes: number;
  readonly seconds: number;
  /** Ranked: most formulas first. */
  readonly report: readonly RegressionEntry[];
}

interface Side {
  trace: Trace;
  condition: TraceConstraint[];
  output: string[];
}

async function side(module: Module, opts: EngineOptions, test: KTestInput, criterion: Criterion, pool: ArrayPool, pathConditions: boolean): Promise<Side> {
  const r = await executeConcolic(module, opts, test, { stdout: () => {}, stderr: () => {} }, pool);
  const statics = staticDepsOf(module);
  const graph = new TraceGraph(r.trace, dynamicDependences(r.trace, statics, { allPotentialInstances: true, otherSideDefs: otherSideDefsOf(module) }), RELEVANT_KINDS, null);
  const p = partitionOf(r.trace, graph, criterion, new OutputEffects(module, criterion, DEFAULT_ENGINE_OPTIONS.checkOvershift));
  const condition = pathConditions ? r.trace.constraints.filter((c) => c.kind !== 'concretize') : [...p.rsc];
  return { trace: r.trace, condition, output: [...p.output] };
}

function lineOf(t: Trace, c: TraceConstraint): string {
  const l = t.inst(c.instance).loc;
  return l ? `${l.file.split('/').pop()}:${l.line}` : `#${t.staticId(c.instance)}`;
}

export async function debugRegression(args: {
  old: Module;
  new: Module;
  test: KTestInput;
  criterion: Criterion;
  solver: Solver;
  pathConditions: boolean;
  /** The program's arguments (POSIX model options included) and argv[0]; none for a bare program. */
  program?: { programArgs: readonly string[]; programName: string };
}): Promise<RegressionReport> {
  const t0 = performance.now();
  const pool = new ArrayPool();
  const opts: EngineOptions = args.program ? { ...DEFAULT_ENGINE_OPTIONS, programArgs: [...args.program.programArgs], programName: args.program.programName } : DEFAULT_ENGINE_OPTIONS;
  const o = await side(args.old, opts, args.test, args.criterion, pool, args.pathConditions);
  const n = await side(args.new, opts, args.test, args.criterion, pool, args.pathConditions);
  let solved = 0;
  let bytes = 0;
  const named = new Map<string, RegressionEntry & { first: number }>();
  let order = 0;
  // f ∧ ψ1 ∧ … ∧ ψi ∧ ¬ψ(i+1) over the constraints of `other`, naming other's branches.
  const darwin = async (f: readonly Expr[], other: Side, version: 'old' | 'new'): Promise<void> => {
    const cs = other.condition;
    for (let i = 0; i < cs.length; i++) {
      const c = cs[i]!;
      if (!c.negatable) continue;
      const q = [...f, ...cs.slice(0, i).map((x) => x.expr), B.notB(c.expr)].filter((e) => !e.isTrue);
      solved++;
      bytes += smtlib(q).length;
      if (q.some((e) => e.isFalse)) continue;
      const arrays = [...new Set(q.flatMap((e) => [...collectArrays(e)]))].filter((a) => a.isSymbolic);
      const r = arrays.length === 0 ? [] : await args.solver.getInitialValues(q, arrays);
      if (r === 'unsat' || r === 'unknown') continue;
      const line = lineOf(other.trace, c);
      const key = `${version}:${line}`;
      const e = named.get(key);
      if (e) named.set(key, { ...e, formulas: e.formulas + 1 });
      else named.set(key, { version, line, formulas: 1, branch: readable(other.trace, c), first: order++ });
    }
  };
  await darwin(o.condition.map((c) => c.expr), n, 'new');
  await darwin(n.condition.map((c) => c.expr), o, 'old');
  const report = [...named.values()].sort((a, b) => b.formulas - a.formulas || a.first - b.first).map(({ first: _, ...e }) => e);
  return {
    conditions: args.pathConditions ? 'path' : 'relevant-slice',
    oldOutput: o.output,
    newOutput: n.output,
    oldCondition: o.condition.map((c) => readable(o.trace, c)),
    newCondition: n.condition.map((c) => readable(n.trace, c)),
    formulasSolved: solved,
    formulaBytes: bytes,
    seconds: (performance.now() - t0) / 1000,
    report,
  };
}
