// DiSE's static impact analysis (Yang, Person, Rungta, Khurshid, TOSEM 2014, §4.1, Fig. 5), on the
// instruction-level dependence graph, in the paper's stages:
//   1. forward: Rules (1) and (2) to a fixed point — what is control dependent on, or reads a value
//      defined at, an impacted node becomes impacted;
//   2. backward control: Rule (3) to a fixed point — the branches an impacted node is control
//      dependent on become impacted;
//   3. backward data: Rule (4) to a fixed point — the definitions an impacted node reads become
//      impacted.
// Changed nodes are given by the caller (source lines map to their instructions, index.ts).
//
// Data dependence is the reaching-definition relation (data-dependence.ts: ssa and mem), which is
// contained in the paper's Def(nᵢ) ∈ Use(nⱼ) ∧ IsCFGPath(nᵢ, nⱼ) (that rule ignores kills). Control
// includes phi gating (at -O0 there are no phis). Like the paper, intraprocedural unless asked: the
// interprocedural option adds the call/parameter/return edges (and `out`, the memory a function leaves
// to its callers, which the intraprocedural analysis deliberately does not treat as a use at `ret`),
// with the care for call sites described at stage 1 and stage 3 below.

import type { Func, Instruction } from '../ir/model.js';
import type { EdgeKind, Pdg } from './pdg.js';

export interface ImpactOptions {
  /** Follow dependences across calls (param, mem-in, ret, out, entry); default false, as in DiSE. */
  readonly interprocedural?: boolean;
  /**
   * Interprocedurally, the functions stage 1 may enter from a call (param, mem-in, entry); default all.
   * DiSE keeps out of the libc: its return and memory edges lead back to every call site of a library
   * function (printf's stdout buffer would carry one impacted printf to every other), while the call
   * site itself already stands for what the callee does (the call's result and the memory it writes).
   */
  readonly enter?: (f: Func) => boolean;
}

export interface Impact {
  /** Every impacted instruction. */
  readonly impacted: ReadonlySet<Instruction>;
  /** Added by each stage (stage 1 includes the changed instructions). */
  readonly forward: ReadonlySet<Instruction>;
  readonly backwardControl: ReadonlySet<Instruction>;
  readonly backwardData: ReadonlySet<Instruction>;
}

const CONTROL: readonly EdgeKind[] = ['control', 'gate'];
const DATA: readonly EdgeKind[] = ['ssa', 'mem'];
const INTER: readonly EdgeKind[] = ['param', 'mem-in', 'ret', 'out'];

export function impactSet(pdg: Pdg, changed: Iterable<Instruction>, opts: ImpactOptions = {}): Impact {
  const inter = opts.interprocedural ?? false;
  const enter = opts.enter;
  const control = new Set<EdgeKind>(inter ? [...CONTROL, 'entry'] : CONTROL);
  const data = new Set<EdgeKind>(inter ? [...DATA, ...INTER] : DATA);
  const both = new Set<EdgeKind>([...control, ...data]);
  const imp = new Set<Instruction>();

  // Stage 1: forward closure over control and data. Interprocedurally a call site is a conduit both
  // ways — down into the callee (`param`, `mem-in`, `entry` edges leave the call) and back up from it
  // (`ret`, `out` edges arrive at the call) — so the closure keeps, per node, how it was reached:
  //   DOWN — as a user of an impacted value (any edge but ret/out): a call reached so passes its
  //          impacted arguments and memory into the callee (param, mem-in);
  //   CTRL — through control (control, gate, entry) or changed itself: whether it runs may change, so
  //          a call reached so also makes the callee's unbranched code impacted (entry).
  // A call reached only through what its callee returns or leaves in memory is impacted, and so are
  // the users of its result, but nothing flows from it back into the callee: following param/entry from
  // it would mark every argument and the whole callee (every other input of the call), which an
  // inlined body — the paper inlines its subjects' calls — would not be.
  const DOWN = 1;
  const CTRL = 2;
  const forward = new Set<Instruction>();
  const mode = new Map<Instruction, number>();
  const work: Instruction[] = [];
  const reach = (i: Instruction, m: number): void => {
    const old = mode.get(i);
    if (old !== undefined && (old | m) === old) return;
    mode.set(i, (old ?? 0) | m);
    if (!imp.has(i)) (imp.add(i), forward.add(i));
    work.push(i);
  };
  for (const c of changed) reach(c, DOWN | CTRL);
  while (work.length) {
    const x = work.pop()!;
    const m = mode.get(x)!;
    for (const e of pdg.users(x, both)) {
      if (e.kind === 'entry' && (m & CTRL) === 0) continue;
      if ((e.kind === 'param' || e.kind === 'mem-in') && (m & DOWN) === 0) continue;
      if ((e.kind === 'param' || e.kind === 'mem-in' || e.kind === 'entry') && enter && !enter(e.to.parent.fn)) continue;
      const up = e.kind === 'ret' || e.kind === 'out';
      reach(e.to, up ? 0 : e.kind === 'control' || e.kind === 'gate' || e.kind === 'entry' ? DOWN | CTRL : DOWN);
    }
  }
  // Stage 2: backward control closure; stage 3: backward data closure.
  const backward = (kinds: ReadonlySet<EdgeKind>): Set<Instruction> => {
    const added = new Set<Instruction>();
    const todo = [...imp];
    while (todo.length) {
      const x = todo.pop()!;
      for (const e of pdg.deps(x, kinds)) if (!imp.has(e.from)) (imp.add(e.from), added.add(e.from), todo.push(e.from));
    }
    return added;
  };
  const backwardControl = backward(control);
  // Rule (4) does not go back through `out` (the memory a function leaves to its callers, one edge per
  // final store into the function's `ret`): the ret stands for every location at once, so one impacted
  // location read after a call would pull in the callee's last store to every other location too.
  const backwardData = backward(new Set([...data].filter((k) => k !== 'out')));
  return { impacted: imp, forward, backwardControl, backwardData };
}
