// Which of DGSE's four dependences a run uses (`--dgse-dependences`), and how each maps onto the
// dynamic dependence kinds of a trace (src/engine/trace/dynamic-deps.ts).
//
// control     — dynamic control dependence (the latest instance of a controlling branch direction, or
//               the call that started the activation) and phi gating (a branch deciding which incoming
//               value a phi takes is control deciding data: it goes with control);
// data        — SSA operands, parameters, returns, memory by concrete address, and the allocation
//               history a heap address depends on ('alloc');
// potential   — PESO/DGSE Definition 3 on the trace;
// interactive — DGSE Definition 4, static pairs (src/analysis) placed on the trace (trace-graph.ts).

import type { DepKind } from '../../engine/trace/dynamic-deps.js';

export const DGSE_DEPENDENCES = ['control', 'data', 'potential', 'interactive'] as const;

/** Instructions above which a function's interactive dependence is over-approximated (interactive.ts). */
export const DEFAULT_INTERACTIVE_LIMIT = 1000;
export type DgseDependence = (typeof DGSE_DEPENDENCES)[number];

const KINDS_OF: Readonly<Record<DgseDependence, readonly DepKind[]>> = {
  control: ['control', 'gate'],
  data: ['ssa', 'param', 'ret', 'memory', 'alloc'],
  potential: ['potential'],
  interactive: [],
};

/** The trace's dependence kinds a set of DGSE dependences takes. */
export function traceKinds(deps: ReadonlySet<DgseDependence>): Set<DepKind> {
  const out = new Set<DepKind>();
  for (const d of deps) for (const k of KINDS_OF[d]) out.add(k);
  return out;
}

/** Parses `control,data,…` (the option's value); throws on an unknown name or an empty list. */
export function parseDependences(spec: string): Set<DgseDependence> {
  const out = new Set<DgseDependence>();
  for (const raw of spec.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    if (!(DGSE_DEPENDENCES as readonly string[]).includes(name)) {
      throw new Error(`unknown dependence '${name}' (expected a comma-separated list of ${DGSE_DEPENDENCES.join(', ')})`);
    }
    out.add(name as DgseDependence);
  }
  if (out.size === 0) throw new Error(`no dependence named (expected a comma-separated list of ${DGSE_DEPENDENCES.join(', ')})`);
  return out;
}
