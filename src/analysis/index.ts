// The analyses' façade: `analyzeModule(m)` answers every dependence query by static instruction id (and
// branch direction), with source lines for output. Relations are computed per function on first use
// and cached; `{ eager: true }` computes the core of them up front (points-to, call graph and mod/ref,
// CFG, control dependence, reaching definitions, data dependence as its shared segments); potential and interactive
// dependence, the relations only the DGSE/PESO drivers need and the expensive ones, are always
// computed per function on first query.
//
// Directions: conditional br 0 = true, 1 = false; switch 0 = default, i+1 = i-th case (cfg.ts).

import type { Func, Instruction, Module } from '../ir/model.js';
import { callGraphOf, type CallGraph } from './call-graph.js';
import { cfgOf } from './cfg.js';
import { controlDependenceOf, type CtrlDep } from './control-dependence.js';
import { dataDependenceOf, type DataKind } from './data-dependence.js';
import { impactSet, type Impact, type ImpactOptions } from './impact.js';
import { interactiveDependenceOf, type DepNode } from './interactive-dependence.js';
import { instById, moduleIndex, type ModuleIndex } from './module-index.js';
import { pdgOf, type Pdg } from './pdg.js';
import { gateDeps } from './phi-gating.js';
import { objectName, pointsToOf, type PointsTo } from './points-to.js';
import { potentialDependenceOf } from './potential-dependence.js';
import { reachingDefsOf } from './reaching-defs.js';
import { backwardSlice, forwardSlice, type SliceOptions } from './slicing.js';
import { parseLineSpec, sourceMapOf, type SourceLine, type SourceMap } from './source-map.js';

export type { EdgeKind, Pdg, PdgEdge } from './pdg.js';
export { ALL_KINDS, DATA_KINDS, SLICE_KINDS } from './pdg.js';
export type { DataKind } from './data-dependence.js';
export type { SourceLine } from './source-map.js';
export type { Impact, ImpactOptions } from './impact.js';
export type { SliceOptions } from './slicing.js';

/** A branch direction, by the branch's instruction id (and branch id when lowering gave it one). */
export interface BranchDir {
  readonly instId: number;
  readonly branchId?: number;
  readonly direction: number;
}
export interface DataDepInfo {
  readonly instId: number;
  readonly kind: DataKind;
  readonly loc?: number;
  readonly arg?: number;
}
export interface PotentialDepInfo extends BranchDir {
  readonly loc: number;
}
/** A dependence node: an instruction, or one direction of a deciding terminator. */
export interface NodeRef {
  readonly instId: number;
  readonly direction?: number;
}

export interface AnalyzeOptions {
  /** Compute the core relations of every function now (default: on first query). */
  readonly eager?: boolean;
}

export interface ModuleAnalysis {
  readonly module: Module;
  readonly index: ModuleIndex;
  readonly pointsTo: PointsTo;
  readonly callGraph: CallGraph;
  readonly pdg: Pdg;
  readonly sourceMap: SourceMap;
  inst(id: number): Instruction;
  /** The instruction of a branch id. */
  branch(branchId: number): Instruction;
  controlDeps(id: number): BranchDir[];
  gateDeps(id: number): BranchDir[];
  dataDeps(id: number): DataDepInfo[];
  potentialDeps(id: number): PotentialDepInfo[];
  /** The nodes `node` is interactive-dependent on (DGSE Algorithm 3; intraprocedural). */
  interactiveDeps(node: NodeRef): NodeRef[];
  /** All interactive pairs ⟨nᵢ, nⱼ⟩ of a function. */
  interactivePairs(fn: Func | string): [NodeRef, NodeRef][];
  /** What `node` traditionally depends on (control, data, gating, potential; intraprocedural). */
  traditionalDeps(node: NodeRef): NodeRef[];
  /** Backward static slice of instruction ids or `FILE:LINE` criteria; sorted ids. */
  slice(criteria: readonly number[] | readonly string[], opts?: SliceOptions): number[];
  /** Forward static slice. */
  forwardSlice(criteria: readonly number[] | readonly string[], opts?: SliceOptions): number[];
  /** DiSE impact set of changed instruction ids or `FILE:LINE`s. */
  impact(changed: readonly number[] | readonly string[], opts?: ImpactOptions): Impact;
  /** The instructions a `FILE:LINE` criterion names (throws when none). */
  resolveLines(specs: readonly string[], fn?: Func): Instruction[];
  line(id: number): SourceLine | undefined;
  /** A printable name of an abstract location. */
  locationName(loc: number): string;
  functionNamed(name: string): Func;
}

const cache = new WeakMap<Module, ModuleAnalysis>();

function branchDir(c: CtrlDep): BranchDir {
  return c.branch.branchId === undefined
    ? { instId: c.branch.id, direction: c.direction }
    : { instId: c.branch.id, branchId: c.branch.branchId, direction: c.direction };
}

function toNode(n: DepNode): NodeRef {
  return n.direction === undefined ? { instId: n.inst.id } : { instId: n.inst.id, direction: n.direction };
}

export function analyzeModule(m: Module, opts: AnalyzeOptions = {}): ModuleAnalysis {
  let a = cache.get(m);
  if (!a) {
    a = build(m);
    cache.set(m, a);
  }
  if (opts.eager) {
    for (const fn of a.index.defined) {
      cfgOf(fn);
      controlDependenceOf(fn);
      reachingDefsOf(m, fn);
      const dd = dataDependenceOf(m, fn);
      // The factored relation (shared segments), not the flat lists: those are a product of call sites
      // and locations (data-dependence.ts) that a client flattens for the instructions it asks about.
      for (const b of fn.blocks) for (const inst of b.instructions) dd.groups(inst);
    }
  }
  return a;
}

function build(m: Module): ModuleAnalysis {
  const index = moduleIndex(m);
  const pt = pointsToOf(m);
  const cg = callGraphOf(m);
  const pdg = pdgOf(m);
  // Built on first use: only FILE:LINE criteria and printed lines need it.
  const sm = (): SourceMap => sourceMapOf(m);
  const inst = (id: number): Instruction => instById(index, id);
  const functionNamed = (name: string): Func => {
    const f = m.functions.find((g) => g.name === name && !g.isDeclaration);
    if (!f) throw new Error(`analysis: no function @${name} with a body in ${m.file}`);
    return f;
  };
  const resolveLines = (specs: readonly string[], fn?: Func): Instruction[] => {
    const out: Instruction[] = [];
    for (const spec of specs) {
      const l = parseLineSpec(spec);
      if (!l) throw new Error(`analysis: '${spec}' is not FILE:LINE`);
      const found = sm().instsAt(l.file, l.line, fn);
      if (found.length === 0) throw new Error(`analysis: no instruction at ${spec}`);
      out.push(...found);
    }
    return out;
  };
  const criteria = (c: readonly number[] | readonly string[]): Instruction[] =>
    c.length > 0 && typeof c[0] === 'string' ? resolveLines(c as readonly string[]) : (c as readonly number[]).map(inst);
  const depNode = (n: NodeRef): DepNode => (n.direction === undefined ? { inst: inst(n.instId) } : { inst: inst(n.instId), direction: n.direction });
  const ids = (s: Iterable<Instruction>): number[] => [...s].map((i) => i.id).sort((x, y) => x - y);
  return {
    module: m,
    index,
    pointsTo: pt,
    callGraph: cg,
    pdg,
    get sourceMap() {
      return sm();
    },
    inst,
    branch(branchId) {
      const b = index.branches[branchId];
      if (!b) throw new Error(`analysis: no branch with id ${branchId}`);
      return b;
    },
    controlDeps: (id) => controlDependenceOf(inst(id).parent.fn).ofInst(inst(id)).map(branchDir),
    gateDeps: (id) => gateDeps(inst(id)).map(branchDir),
    dataDeps: (id) => {
      const u = inst(id);
      return dataDependenceOf(m, u.parent.fn)
        .of(u)
        .map((d) => ({ instId: d.from.id, kind: d.kind, ...(d.loc !== undefined ? { loc: d.loc } : {}), ...(d.arg !== undefined ? { arg: d.arg } : {}) }));
    },
    potentialDeps: (id) => {
      const u = inst(id);
      return potentialDependenceOf(m, u.parent.fn)
        .of(u)
        .map((p) => ({ ...branchDir(p), loc: p.loc }));
    },
    interactiveDeps: (n) => {
      const node = depNode(n);
      return interactiveDependenceOf(m, node.inst.parent.fn).of(node).map(toNode);
    },
    interactivePairs: (fn) => {
      const f = typeof fn === 'string' ? functionNamed(fn) : fn;
      return interactiveDependenceOf(m, f).pairs.map(([i, j]) => [toNode(i), toNode(j)]);
    },
    traditionalDeps: (n) => {
      const node = depNode(n);
      return interactiveDependenceOf(m, node.inst.parent.fn).traditional(node).map(toNode);
    },
    slice: (c, o) => ids(backwardSlice(pdg, criteria(c), o)),
    forwardSlice: (c, o) => ids(forwardSlice(pdg, criteria(c), o)),
    impact: (c, o) => impactSet(pdg, criteria(c), o),
    resolveLines,
    line: (id) => sm().lineOf(inst(id)),
    locationName: (loc) => objectName(pt, loc),
    functionNamed,
  };
}
