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
// to its callers, which the intraprocedural analysis deliberately does not treat as a use at `ret`).

import type { Instruction } from '../ir/model.js';
import type { EdgeKind, Pdg } from './pdg.js';

export interface ImpactOptions {
  /** Follow dependences across calls (param, mem-in, ret, out, entry); default false, as in DiSE. */
  readonly interprocedural?: boolean;
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
  const control = new Set<EdgeKind>(inter ? [...CONTROL, 'entry'] : CONTROL);
  const data = new Set<EdgeKind>(inter ? [...DATA, ...INTER] : DATA);
  const both = new Set<EdgeKind>([...control, ...data]);
  const imp = new Set<Instruction>();

  // Stage 1: forward closure over control and data.
  const forward = new Set<Instruction>();
  const work: Instruction[] = [];
  for (const c of changed) if (!imp.has(c)) (imp.add(c), forward.add(c), work.push(c));
  while (work.length) {
    const x = work.pop()!;
    for (const e of pdg.users(x, both)) if (!imp.has(e.to)) (imp.add(e.to), forward.add(e.to), work.push(e.to));
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
  const backwardData = backward(data);
  return { impacted: imp, forward, backwardControl, backwardData };
}
