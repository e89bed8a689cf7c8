// Phi gating: a phi depends on the branch directions that decide which of its incoming edges is taken
// (the γ of gated SSA). Plain SSA def-use gives a phi its incoming values only; after mem2reg the
// branches selecting among them would otherwise be lost (NOTES.md, "phi gating").
//
// gate(phi in J) = ⋃ over incoming edges P → J, each direction d of P leading to J, of what decides
// that edge (control-dependence.ts `ofEdge`: (P's terminator, d) when P is deciding, else P's own
// control dependences), minus the control dependences of J itself — those decide whether J runs at
// all, not which edge, and are the phi's ordinary control dependences already.

import type { Instruction } from '../ir/model.js';
import { cfgOf } from './cfg.js';
import { controlDependenceOf, dirKey, type CtrlDep } from './control-dependence.js';

const NONE: readonly CtrlDep[] = [];

export function gateDeps(phi: Instruction): readonly CtrlDep[] {
  if (phi.op !== 'phi' || !phi.incomingBlocks) return NONE;
  const J = phi.parent;
  const cfg = cfgOf(J.fn);
  const cd = controlDependenceOf(J.fn);
  const own = new Set(cd.ofBlock(J).map((c) => dirKey(c.branch, c.direction)));
  const out = new Map<string, CtrlDep>();
  for (const P of new Set(phi.incomingBlocks)) {
    if (!cfg.reachable(P)) continue;
    cfg.targets(P).forEach((s, d) => {
      if (s !== J) return;
      for (const c of cd.ofEdge(P, d)) {
        const k = dirKey(c.branch, c.direction);
        if (!own.has(k)) out.set(k, c);
      }
    });
  }
  return out.size ? [...out.values()] : NONE;
}
