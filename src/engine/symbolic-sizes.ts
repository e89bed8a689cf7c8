// Allocations of a symbolic size (malloc, calloc, realloc, alloca of a symbolic count): which concrete
// sizes are explored, each on a path of its own (issue 23 item 4; the decision and its
// reasons are in src/engine/README.md). KLEE takes one size (a small example) and reports the rest as a
// "concretized symbolic size" model error, so a bug that needs a larger buffer is never reached. Here:
//   - the minimal feasible size, then sizes at least doubling (the least feasible size >= 2x the last),
//     and the maximal feasible size — `--sym-alloc-sizes N` sizes in all (default 4; 1 = KLEE's one);
//   - sizes above the bound (2^31 bytes for the heap: malloc returns NULL; 2^32 for alloca: a model
//     error "too large") on a path of their own;
//   - the sizes left between them on one more path that ends with the `model` error "concretized
//     symbolic size", as KLEE's, so what was not explored is said.

import * as B from '../expr/build.js';
import type { Expr } from '../expr/expr.js';
import type { Instruction } from '../ir/model.js';
import { ConcolicSolver } from './concolic/concolic-solver.js';
import type { Executor } from './executor.js';
import type { ExecutionState } from './state.js';

/** `--sym-alloc-sizes` default. */
export const DEFAULT_SYM_ALLOC_SIZES = 4;

export interface SizeCases {
  /** One state per explored size (the caller's state, if still alive, among them or in `huge`). */
  sized: { state: ExecutionState; size: bigint }[];
  /** The state whose size is above the bound, if feasible. */
  huge: ExecutionState | null;
}

/**
 * Splits `s` over the sizes `size` (bytes) may take: see the header. `what` names the allocation in
 * messages; the unexplored rest ends with a model error here. null when the solver gave up (the state
 * ended as partial).
 */
export async function splitSizes(ex: Executor, s: ExecutionState, size: Expr, inst: Instruction, what: string, bound: bigint): Promise<SizeCases | null> {
  if (ex.solver instanceof ConcolicSolver) {
    // A concolic run (--driver) follows one input: the size is the input's, bound by an equality as a
    // concretisation (not a fork: a decision its drivers would see differ from one execution to the next).
    const v = await ex.concretize(s, size, `symbolic size of ${what}`, inst, true);
    if (v === null) return null;
    return v > bound ? { sized: [], huge: s } : { sized: [{ state: s, size: v }], huge: null };
  }
  const w = size.width;
  const k = (v: bigint): Expr => B.constant(w, v);
  const unknown = (): null => {
    ex.term.partial(s, `the solver could not decide a symbolic size of ${what}`, inst);
    return null;
  };
  const wanted = Math.max(1, ex.opts.symAllocSizes ?? DEFAULT_SYM_ALLOC_SIZES);
  const bounded = B.ule(size, k(bound));
  const picks: bigint[] = [];
  const boundedOk = await ex.solver.mayBeTrue(s.constraints, bounded);
  if (boundedOk === 'unknown') return unknown();
  if (boundedOk) {
    const range = await ex.solver.getRange([...s.constraints, bounded], size);
    if (range === 'unknown') return unknown();
    picks.push(range.min);
    while (picks.length < wanted - 1) {
      const last = picks[picks.length - 1]!;
      const lower = last === 0n ? 1n : last * 2n;
      if (lower > range.max) break;
      const next = await ex.solver.getRange([...s.constraints, bounded, B.uge(size, k(lower))], size);
      if (next === 'unknown') return unknown();
      picks.push(next.min);
    }
    if (picks.length < wanted && !picks.includes(range.max)) picks.push(range.max);
  }
  const eqs = picks.map((p) => B.eq(size, k(p)));
  const huge = B.ult(k(bound), size);
  const rest = eqs.reduce((acc, e) => B.andB(acc, B.notB(e)), bounded);
  if (picks.length > 0) {
    ex.warnOnce(`symbolic-size:${inst.id}`, `${what} of a symbolic size: ${picks.join(', ')} bytes on paths of their own (--sym-alloc-sizes ${wanted}), sizes above ${bound} on another`);
  }
  // The rest first, then the huge sizes: the caller's state takes the first feasible condition, and a
  // state forked and ended in the same step must have a surviving fork after it, or random-path's
  // marks of the process tree lose the caller's state (the tree drops such a state's leaf at once).
  const states = await ex.forkMany(s, [rest, huge, ...eqs], inst, [false, false, ...picks.map(() => true)]);
  const sized: SizeCases['sized'] = [];
  picks.forEach((p, i) => {
    const st = states[i + 2];
    if (st) sized.push({ state: st, size: p });
  });
  const restState = states[0];
  if (restState) {
    ex.term.error(restState, 'model', `concretized symbolic size of ${what}`, inst, [`explored sizes: ${picks.join(', ') || 'none'} (--sym-alloc-sizes ${wanted})`]);
  }
  return { sized, huge: states[1] ?? null };
}
