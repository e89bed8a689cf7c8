// Canonical test inputs (`--canonical-tests`, implied by `--workers N` with N > 1): each test's bytes are
// the lexicographically smallest inputs of its path (first object's first byte smallest, then the next
// byte, …), not whichever model the solver happened to return.
//
// Why: the solver's models depend on its history — the counterexample cache hands back the newest stored
// model that fits, and the incremental Z3 keeps state between queries — and a worker's history is not
// the one-worker run's (it saw a subtree only, and skipped the solver along its prefix). Whether a set of
// constraints is satisfiable does not depend on history, so a model found by satisfiability questions
// alone is the same in every run: for each byte in order, its smallest value consistent with the path and
// the bytes fixed before it.
//
// Finding that value cheaply matters: every test pays it (on bench:parallel's program, bisection alone
// made the run's solver queries 13x those of the search). Per byte, cheapest first:
//   1. 0 by evaluation: the current model with this byte set to 0 satisfies every constraint (no query;
//      a byte that only has to differ from something is usually settled here);
//   2. forced: "byte < its model value" is unsatisfiable (one query; a byte the path fixes to one value);
//   3. otherwise bisection between 0 and the model value, each model narrowing the range at once.
// Any route ends at the same value, the smallest feasible one, so the result still depends on nothing
// but the constraints. Bytes no constraint mentions stay 0 at no cost.
//
// Wraps any Solver; only getInitialValues (the test-input query of src/engine/termination.ts) changes.

import * as B from '../expr/build.js';
import type { ArrayDecl, Expr } from '../expr/expr.js';
import { Evaluator } from '../expr/evaluate.js';
import type { Solver } from '../solver/solver.js';

type Values = Uint8Array[] | 'unsat' | 'unknown';

/** The lexicographically smallest assignment of `arrays` under `constraints` (see the file comment). */
export async function canonicalInitialValues(solver: Solver, constraints: readonly Expr[], arrays: readonly ArrayDecl[]): Promise<Values> {
  let values = await solver.getInitialValues(constraints, arrays);
  if (typeof values === 'string') return values;
  const fixed: Expr[] = [...constraints];
  for (let a = 0; a < arrays.length; a++) {
    const array = arrays[a]!;
    if (!array.isSymbolic) continue;
    for (let i = 0; i < array.size; i++) {
      const byte = B.read(array, null, B.constant(32, i));
      let hi = values[a]![i]!;
      if (hi > 0 && zeroSatisfies(constraints, arrays, values, a, i)) {
        values[a]![i] = 0;
        hi = 0;
      }
      if (hi > 0) {
        const below = await solver.getInitialValues([...fixed, B.ult(byte, B.constant(8, hi))], arrays);
        // The solver gave up: the model found so far is valid, only not canonical.
        if (below === 'unknown') return values;
        if (below !== 'unsat') {
          values = below;
          hi = below[a]![i]!;
          let lo = 0;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            const r: Values = await solver.getInitialValues([...fixed, B.ule(byte, B.constant(8, mid))], arrays);
            if (r === 'unknown') return values;
            if (r === 'unsat') lo = mid + 1;
            else {
              values = r;
              hi = r[a]![i]!;
            }
          }
        }
      }
      // Pinned for the bytes after it (a constant byte of an unconstrained input is sliced away by the solver).
      fixed.push(B.eq(byte, B.constant(8, hi)));
      values[a]![i] = hi;
    }
  }
  return values;
}

/** Whether `values` with byte `i` of array `a` set to 0 satisfies every constraint (values is left as it was). */
function zeroSatisfies(constraints: readonly Expr[], arrays: readonly ArrayDecl[], values: Uint8Array[], a: number, i: number): boolean {
  const bytes = values[a]!;
  const was = bytes[i]!;
  bytes[i] = 0;
  const assignment = new Map<ArrayDecl, Uint8Array>();
  arrays.forEach((array, k) => assignment.set(array, values[k]!));
  const evaluator = new Evaluator(assignment);
  const holds = constraints.every((c) => evaluator.isTrue(c));
  bytes[i] = was;
  return holds;
}

/** `solver` with canonical test inputs; every other query passes through. */
export function withCanonicalTests(solver: Solver): Solver {
  return {
    mayBeTrue: (c, e) => solver.mayBeTrue(c, e),
    mustBeTrue: (c, e) => solver.mustBeTrue(c, e),
    mayBeFalse: (c, e) => solver.mayBeFalse(c, e),
    branch: (c, e) => solver.branch(c, e),
    getValue: (c, e) => solver.getValue(c, e),
    getRange: (c, e) => solver.getRange(c, e),
    getInitialValues: (c, arrays) => canonicalInitialValues(solver, c, arrays),
    get stats() {
      return solver.stats;
    },
    ...(solver.setDeadline ? { setDeadline: (d: number) => solver.setDeadline!(d) } : {}),
    close: () => solver.close(),
  };
}
