// Canonical test inputs (`--canonical-tests`, implied by `--workers N` with N > 1): each test's bytes are
// the lexicographically smallest inputs of its path (first object's first byte smallest, then the next
// byte, …), not whichever model the solver happened to return.
//
// Why: the solver's models depend on its history — the counterexample cache hands back the newest stored
// model that fits, and the incremental Z3 keeps state between queries — and a worker's history is not
// the one-worker run's (it saw a subtree only, and skipped the solver along its prefix). Whether a set of
// constraints is satisfiable does not depend on history, so a model found by satisfiability questions
// alone is the same in every run: for each byte in order, its smallest value consistent with the path and
// the bytes fixed before it, found by bisection, each query's model narrowing the range at once (a byte
// the model already has at 0 costs nothing). The cost is a few queries per byte the first model has
// nonzero; bytes no constraint mentions stay 0 at no cost.
//
// Wraps any Solver; only getInitialValues (the test-input query of src/engine/termination.ts) changes.

import * as B from '../expr/build.js';
import type { ArrayDecl, Expr } from '../expr/expr.js';
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
      let lo = 0;
      let hi = values[a]![i]!;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const r: Values = await solver.getInitialValues([...fixed, B.ule(byte, B.constant(8, mid))], arrays);
        // The solver gave up: the model found so far is valid, only not canonical.
        if (r === 'unknown') return values;
        if (r === 'unsat') lo = mid + 1;
        else {
          values = r;
          hi = r[a]![i]!;
        }
      }
      // Pinned for the bytes after it (a constant byte of an unconstrained input is sliced away by the solver).
      fixed.push(B.eq(byte, B.constant(8, hi)));
      values[a]![i] = hi;
    }
  }
  return values;
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
