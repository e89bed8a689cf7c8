// The static facts dynamic dependence reads (src/engine/trace/static-info.ts) with the time of computing
// them counted apart: the analyses behind them run per function on first query, inside the dynamic
// pass, and DGSE reports static analysis and dynamic dependence separately (the paper's Table 6
// "overhead"). Answers are kept per instruction, so only a first query is timed.

import type { StaticDeps } from '../../engine/trace/static-info.js';
import type { GlobalVariable, Instruction } from '../../ir/model.js';

export interface TimedStatics extends StaticDeps {
  /** Milliseconds spent in first queries. */
  readonly millis: number;
}

export function timedStatics(inner: StaticDeps): TimedStatics {
  const control: (ReturnType<StaticDeps['controlDeps']> | undefined)[] = [];
  const gate: (ReturnType<StaticDeps['gateDeps']> | undefined)[] = [];
  const potential: (ReturnType<StaticDeps['potentialDeps']> | undefined)[] = [];
  const locs = new Map<Instruction | GlobalVariable, number | undefined>();
  let millis = 0;
  const timed = <T>(f: () => T): T => {
    const t = performance.now();
    const v = f();
    millis += performance.now() - t;
    return v;
  };
  return {
    get millis() {
      return millis;
    },
    controlDeps: (inst) => (control[inst.id] ??= timed(() => inner.controlDeps(inst))),
    gateDeps: (inst) => (gate[inst.id] ??= timed(() => inner.gateDeps(inst))),
    potentialDeps: (inst) => (potential[inst.id] ??= timed(() => inner.potentialDeps(inst))),
    locationOf(site) {
      if (!locs.has(site)) locs.set(site, timed(() => inner.locationOf(site)));
      return locs.get(site);
    },
  };
}
