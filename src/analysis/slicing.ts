// Static slicing over the program dependence graph (pdg.ts), by instruction.
//
// Backward slice: every instruction the criteria transitively depend on through the chosen edge kinds
// (SLICE_KINDS by default: data, control, phi gating and the interprocedural edges; add 'potential' for
// a static relevant slice). Calls and returns are followed by demand, so that a call in the slice does
// not drag in everything its callees compute:
//   - a call whose result is needed needs its callees' `ret` values;
//   - a call needed as a definition of location ℓ needs what reaches the callees' returns for ℓ;
//   - a call needed for its i-th argument (a callee reads parameter i) needs that argument only;
//   - a call needed for location ℓ at a callee's entry needs the definitions of ℓ reaching the call;
//   - a call needed because the callee runs at all needs what decides that the call executes.
// Calls to code without a body (library models, unknown externals) are needed whole. Context-
// insensitive (a callee's parameter leads to every call site), like the relations underneath.
//
// A `ret` given as a criterion stands for the returned value. Forward slice: every instruction
// transitively depending on the criteria (all edges of the kinds).

import type { Instruction } from '../ir/model.js';
import { SLICE_KINDS, type EdgeKind, type Pdg, type PdgEdge } from './pdg.js';
import { pointsToOf, type PointsTo } from './points-to.js';

export interface SliceOptions {
  /** Edge kinds to follow (default SLICE_KINDS). */
  readonly kinds?: readonly EdgeKind[];
}

type Demand =
  | { readonly k: 'full' }
  | { readonly k: 'value' }
  | { readonly k: 'ctrl' }
  | { readonly k: 'arg'; readonly i: number }
  | { readonly k: 'memIn'; readonly loc: number }
  | { readonly k: 'memOut'; readonly loc: number };

const FULL: Demand = { k: 'full' };
const VALUE: Demand = { k: 'value' };
const CTRL: Demand = { k: 'ctrl' };

function demandFor(e: PdgEdge): Demand {
  switch (e.kind) {
    case 'ssa':
    case 'ret':
      return VALUE;
    case 'param':
      return { k: 'arg', i: e.arg! };
    case 'mem':
    case 'out':
      return { k: 'memOut', loc: e.loc! };
    case 'mem-in':
      return { k: 'memIn', loc: e.loc! };
    case 'entry':
      return CTRL;
    default:
      return FULL;
  }
}

const CONTROL_KINDS: ReadonlySet<EdgeKind> = new Set(['control', 'gate', 'potential', 'entry']);

/** The backward slice of `criteria` (the criteria included). */
export function backwardSlice(pdg: Pdg, criteria: Iterable<Instruction>, opts: SliceOptions = {}): Set<Instruction> {
  const kinds: ReadonlySet<EdgeKind> = new Set(opts.kinds ?? SLICE_KINDS);
  const pt = pointsToOf(pdg.module);
  const slice = new Set<Instruction>();
  const done = new Set<string>();
  const work: [Instruction, Demand][] = [];
  const need = (x: Instruction, d: Demand): void => {
    // Instructions other than calls and rets are needed whole.
    const isCall = x.op === 'call' || x.op === 'invoke';
    if (!isCall && x.op !== 'ret') d = FULL;
    else if (isCall && !callsOnlyBodies(pt, x)) d = FULL;
    if (done.has(`${x.id}|full|`)) return;
    const key = `${x.id}|${d.k}|${'i' in d ? d.i : 'loc' in d ? d.loc : ''}`;
    if (done.has(key)) return;
    done.add(key);
    slice.add(x);
    work.push([x, d]);
  };
  // A `ret` criterion asks for the returned value, not for the memory the function leaves behind.
  for (const c of criteria) need(c, c.op === 'ret' ? VALUE : FULL);
  while (work.length) {
    const [x, d] = work.pop()!;
    const edges = pdg.deps(x, kinds);
    const follow = (e: PdgEdge): void => need(e.from, demandFor(e));
    if (d.k === 'full') {
      edges.forEach(follow);
      continue;
    }
    // Partial demand on a call or a ret: what decides it always, then what the demand asks for.
    for (const e of edges) if (CONTROL_KINDS.has(e.kind)) follow(e);
    const callee = x.operands[0];
    if ((x.op === 'call' || x.op === 'invoke') && callee?.vk === 'inst') need(callee, VALUE);
    switch (d.k) {
      case 'ctrl':
        break;
      case 'value':
        if (x.op === 'ret') {
          for (const e of edges) if (e.kind === 'ssa' || e.kind === 'param') follow(e);
        } else {
          for (const e of edges) if (e.kind === 'ret') need(e.from, VALUE);
        }
        break;
      case 'arg': {
        const a = x.operands[1 + d.i];
        if (a?.vk === 'inst') need(a, VALUE);
        else if (a?.vk === 'arg') for (const e of edges) if (e.kind === 'param' && e.arg === a.index) follow(e);
        break;
      }
      case 'memIn':
        for (const e of edges) if ((e.kind === 'mem' || e.kind === 'mem-in') && e.loc === d.loc) follow(e);
        break;
      case 'memOut':
        if (x.op === 'ret') {
          for (const e of edges) if (e.kind === 'out' && e.loc === d.loc) follow(e);
        } else {
          for (const e of edges) if (e.kind === 'ret') need(e.from, d);
        }
        break;
    }
  }
  return slice;
}

/** The forward slice of `criteria`: everything transitively depending on them (criteria included). */
export function forwardSlice(pdg: Pdg, criteria: Iterable<Instruction>, opts: SliceOptions = {}): Set<Instruction> {
  const kinds: ReadonlySet<EdgeKind> = new Set(opts.kinds ?? SLICE_KINDS);
  const out = new Set<Instruction>(criteria);
  const work = [...out];
  while (work.length) {
    const x = work.pop()!;
    for (const e of pdg.users(x, kinds)) {
      if (out.has(e.to)) continue;
      out.add(e.to);
      work.push(e.to);
    }
  }
  return out;
}

/** Whether every target of a call has a body (so demands can be split across its returns). */
function callsOnlyBodies(pt: PointsTo, call: Instruction): boolean {
  if (pt.callsUnknown(call)) return false;
  const cs = pt.callees(call);
  return cs.length > 0 && cs.every((g) => !g.isDeclaration);
}
