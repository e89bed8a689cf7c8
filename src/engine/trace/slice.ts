// Backward slices on a trace's dynamic dependences (dynamic-deps.ts):
//   dynamic slice   — the instances the criterion transitively depends on through data (ssa, param,
//                     ret, memory), control and phi gating: what affected it by executing;
//   relevant slice  — the same closure with potential dependence added (PESO's Definition 4, the
//                     simplified form PESO uses: a plain transitive closure of the three kinds);
//   slice condition — the path constraints added by the slice's instances, in path order (PESO's
//                     Definitions 2 and 5: the path condition of the projected trace). Our branch
//                     constraints are already expressions over the inputs, so "computing the path
//                     condition over the slice" is selecting the slice instances' own constraints —
//                     never rewritten with constraints from outside the slice.

import type { Trace, TraceConstraint } from './model.js';
import type { DepKind, DynamicDependences } from './dynamic-deps.js';

export const DATA_KINDS: ReadonlySet<DepKind> = new Set<DepKind>(['ssa', 'param', 'ret', 'memory', 'alloc']);
export const SLICE_KINDS: ReadonlySet<DepKind> = new Set<DepKind>([...DATA_KINDS, 'control', 'gate']);
export const RELEVANT_KINDS: ReadonlySet<DepKind> = new Set<DepKind>([...SLICE_KINDS, 'potential']);

export class DynamicSlice {
  private readonly member: Uint8Array;

  constructor(
    readonly trace: Trace,
    /** Instances of the slice, ascending. */
    readonly instances: readonly number[],
  ) {
    this.member = new Uint8Array(trace.length);
    for (const i of instances) this.member[i] = 1;
  }

  has(i: number): boolean {
    return this.member[i] === 1;
  }

  get size(): number {
    return this.instances.length;
  }

  /** The distinct static instructions of the slice, ascending ids. */
  staticIds(): number[] {
    return [...new Set(this.instances.map((i) => this.trace.insts[i]!.id))].sort((a, b) => a - b);
  }

  /** Source lines of the slice (`file:line`, by file then line), optionally of one function only. */
  lines(fn?: string): string[] {
    const keys = new Map<string, [string, number]>();
    for (const i of this.instances) {
      const inst = this.trace.insts[i]!;
      if (fn !== undefined && inst.parent.fn.name !== fn) continue;
      const l = inst.loc;
      if (l && l.line > 0) keys.set(`${l.file}:${l.line}`, [l.file, l.line]);
    }
    return [...keys.entries()].sort((a, b) => (a[1][0] === b[1][0] ? a[1][1] - b[1][1] : a[1][0] < b[1][0] ? -1 : 1)).map((e) => e[0]);
  }

  /** The path constraints the slice's instances added, in path order. */
  condition(opts: { negatableOnly?: boolean } = {}): TraceConstraint[] {
    return this.trace.constraints.filter((c) => c.instance >= 0 && this.member[c.instance] === 1 && (!opts.negatableOnly || c.negatable));
  }
}

/** The backward slice of `criteria` (instances) over dependences of the given kinds (default: dynamic slice). */
export function backwardSlice(deps: DynamicDependences, criteria: readonly number[], kinds: ReadonlySet<DepKind> = SLICE_KINDS): DynamicSlice {
  const trace = deps.trace;
  const seen = new Uint8Array(trace.length);
  const work: number[] = [];
  for (const c of criteria) {
    if (c < 0 || c >= trace.length) throw new Error(`slice: criterion ${c} is not an instance of the trace (0..${trace.length - 1})`);
    if (!seen[c]) {
      seen[c] = 1;
      work.push(c);
    }
  }
  const visit = (from: number): void => {
    if (from < 0 || seen[from]) return;
    seen[from] = 1;
    work.push(from);
  };
  while (work.length > 0) deps.forEachFrom(work.pop()!, kinds, visit);
  const instances: number[] = [];
  for (let i = 0; i < seen.length; i++) if (seen[i]) instances.push(i);
  return new DynamicSlice(trace, instances);
}

/** PESO's relevant slice of `criteria`: data, control, gating and potential dependence. */
export function relevantSlice(deps: DynamicDependences, criteria: readonly number[]): DynamicSlice {
  return backwardSlice(deps, criteria, RELEVANT_KINDS);
}

/** PESO's relevant-slice condition of `criteria`: the constraints of the relevant slice, in path order. */
export function relevantSliceCondition(deps: DynamicDependences, criteria: readonly number[]): TraceConstraint[] {
  return relevantSlice(deps, criteria).condition();
}

/** Instances of the instructions at `file:line` (file matched on its suffix), in order. */
export function instancesAtLine(trace: Trace, file: string, line: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < trace.length; i++) {
    const l = trace.insts[i]!.loc;
    if (l && l.line === line && (l.file === file || l.file.endsWith(`/${file}`))) out.push(i);
  }
  return out;
}
