// The program dependence graph of a module: nodes are static instruction ids, edges the union of the
// dependence relations, each labelled with its kind:
//   control   — the instruction's block is control dependent on (branch, direction);
//   gate      — a phi's incoming edge is decided by (branch, direction) (phi-gating.ts);
//   potential — potential dependence on (branch, direction) (potential-dependence.ts);
//   entry     — an instruction of f that no branch of f controls depends on the call sites of f
//               (f runs only when called: the interprocedural half of control dependence);
//   ssa, mem, out, param, mem-in, ret — data dependence (data-dependence.ts).
// Interactive dependence is not an edge here: it is a relation between pairs that DGSE adds to the
// transitive closure itself (interactive-dependence.ts). Potential edges are computed only for queries
// whose kinds include them.

import type { Func, Instruction, Module } from '../ir/model.js';
import { callGraphOf } from './call-graph.js';
import { controlDependenceOf } from './control-dependence.js';
import { dataDependenceOf, type DataKind } from './data-dependence.js';
import { moduleIndex } from './module-index.js';
import { gateDeps } from './phi-gating.js';
import { potentialDependenceOf } from './potential-dependence.js';

export type EdgeKind = DataKind | 'control' | 'gate' | 'potential' | 'entry';

export const ALL_KINDS: readonly EdgeKind[] = ['ssa', 'mem', 'out', 'param', 'mem-in', 'ret', 'control', 'gate', 'potential', 'entry'];
/** Intraprocedural data dependence. */
export const DATA_KINDS: readonly EdgeKind[] = ['ssa', 'mem', 'out'];
/** The kinds of a classic static slice (data, control, gating, interprocedural plumbing). */
export const SLICE_KINDS: readonly EdgeKind[] = ['ssa', 'mem', 'out', 'param', 'mem-in', 'ret', 'control', 'gate', 'entry'];

export interface PdgEdge {
  /** The instruction depended on (for control/gate/potential: the branch). */
  readonly from: Instruction;
  /** The dependent instruction. */
  readonly to: Instruction;
  readonly kind: EdgeKind;
  /** The branch direction, for control / gate / potential. */
  readonly direction?: number;
  /** The abstract location, for mem / out / mem-in / potential. */
  readonly loc?: number;
  /** The parameter index, for param. */
  readonly arg?: number;
}

export interface Pdg {
  readonly module: Module;
  /** The edges into `u` (what it depends on), of the given kinds (all when omitted). */
  deps(u: Instruction, kinds?: ReadonlySet<EdgeKind>): readonly PdgEdge[];
  /** The edges out of `d` (what depends on it), of the given kinds; builds a module-wide index once. */
  users(d: Instruction, kinds?: ReadonlySet<EdgeKind>): readonly PdgEdge[];
  /** Every edge into an instruction of `fn`. */
  edgesOf(fn: Func, kinds?: ReadonlySet<EdgeKind>): PdgEdge[];
}

const cache = new WeakMap<Module, Pdg>();

export function pdgOf(m: Module): Pdg {
  let g = cache.get(m);
  if (!g) {
    g = build(m);
    cache.set(m, g);
  }
  return g;
}

function build(m: Module): Pdg {
  const cg = callGraphOf(m);
  // Potential dependence is the expensive relation and only some clients want it: its edges are kept
  // apart and computed only when asked for.
  const memo = new Map<Instruction, readonly PdgEdge[]>();
  const potMemo = new Map<Instruction, readonly PdgEdge[]>();
  const base = (u: Instruction): readonly PdgEdge[] => {
    let edges = memo.get(u);
    if (edges) return edges;
    const fn = u.parent.fn;
    const out: PdgEdge[] = [];
    // From the segments, one object per edge: spreading the flattened DataDeps (`{ ...d, to: u }`) made
    // listing the libc's whole PDG about ten times slower (10.5-11.3 s against 1.0-1.5 s of CPU).
    for (const seg of dataDependenceOf(m, fn).groups(u)) {
      const { kind, locs, arg } = seg;
      if (locs !== undefined) for (const loc of locs) for (const from of seg.from) out.push({ from, kind, loc, to: u });
      else if (arg !== undefined) for (const from of seg.from) out.push({ from, kind, arg, to: u });
      else for (const from of seg.from) out.push({ from, kind, to: u });
    }
    const cds = controlDependenceOf(fn).ofInst(u);
    for (const c of cds) out.push({ from: c.branch, to: u, kind: 'control', direction: c.direction });
    for (const c of gateDeps(u)) out.push({ from: c.branch, to: u, kind: 'gate', direction: c.direction });
    if (cds.length === 0) for (const c of cg.callersOf(fn)) out.push({ from: c, to: u, kind: 'entry' });
    memo.set(u, out);
    return out;
  };
  const potential = (u: Instruction): readonly PdgEdge[] => {
    let edges = potMemo.get(u);
    if (!edges) {
      edges = potentialDependenceOf(m, u.parent.fn)
        .of(u)
        .map((p) => ({ from: p.branch, to: u, kind: 'potential' as const, direction: p.direction, loc: p.loc }));
      potMemo.set(u, edges);
    }
    return edges;
  };
  const deps = (u: Instruction, kinds?: ReadonlySet<EdgeKind>): readonly PdgEdge[] => {
    const b = base(u);
    const withPot = !kinds || kinds.has('potential');
    const all = withPot ? [...b, ...potential(u)] : b;
    return kinds ? all.filter((e) => kinds.has(e.kind)) : all;
  };
  const reverse = new Map<boolean, Map<Instruction, PdgEdge[]>>();
  return {
    module: m,
    deps,
    users(d, kinds) {
      const withPot = !kinds || kinds.has('potential');
      let rev = reverse.get(withPot);
      if (!rev) {
        rev = new Map();
        reverse.set(withPot, rev);
        for (const fn of moduleIndex(m).defined) {
          for (const b of fn.blocks) {
            for (const u of b.instructions) {
              for (const e of withPot ? deps(u) : base(u)) {
                let list = rev.get(e.from);
                if (!list) rev.set(e.from, (list = []));
                list.push(e);
              }
            }
          }
        }
      }
      const list = rev.get(d) ?? [];
      return kinds ? list.filter((e) => kinds.has(e.kind)) : list;
    },
    edgesOf(fn, kinds) {
      const out: PdgEdge[] = [];
      for (const b of fn.blocks) for (const u of b.instructions) out.push(...deps(u, kinds));
      return out;
    },
  };
}
