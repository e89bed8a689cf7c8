// The SV-COMP / Test-Comp input model (sv-benchmarks' tasks): `__VERIFIER_nondet_<kind>()` returns a
// fresh symbolic value per call, `__VERIFIER_assume(c)` restricts the inputs (a path whose assumption
// cannot hold ends silently: it is not an execution of the program), and reaching `reach_error()` (or the
// older `__VERIFIER_error()`) is the error of kind `reach-error`. `__VERIFIER_atomic_*` functions are
// plain calls (a task's own definition runs; a declared one does nothing), since sympath is sequential.
//
// Each nondet call makes one symbolic object named `nondet_<kind>#<n>`, n its 1-based position among the
// test's objects, so a test lists its inputs in call order, as Test-Comp's test format wants them
// (src/testcomp turns the objects into <input> elements) and native replay reads them back in that order
// (runtime/replay/intrinsics.c). The size comes from the call's return type in the module, so `long` is 4
// bytes in an ILP32 module and 8 in an LP64 one without a table of data models here.

import * as B from '../../expr/build.js';
import type { Expr } from '../../expr/expr.js';
import type { Type } from '../../ir/types.js';
import { currentLayout } from '../type-layout.js';
import { norm, toExpr, type Scalar } from '../values.js';
import type { Builtin, BuiltinTableEntries, CallContext } from './types.js';

export const NONDET_PREFIX = '__VERIFIER_nondet_';
export const ATOMIC_PREFIX = '__VERIFIER_atomic_';
/** The ktest object name prefix of a nondet value; the kind and call position follow. */
export const NONDET_OBJECT_PREFIX = 'nondet_';

/**
 * Functions handled as built-ins even when the program defines them: sv-benchmarks' tasks define
 * `reach_error` themselves (usually as `__assert_fail(...)`), and reaching it is the finding.
 */
export const PREEMPTED_DEFINITIONS: ReadonlySet<string> = new Set(['reach_error']);

/** Bytes of a value of type `t` returned by a nondet function, or null for a type with no input. */
function valueBytes(t: Type): number | null {
  switch (t.kind) {
    case 'int':
      return Math.ceil(t.bits / 8);
    case 'ptr':
      return currentLayout().pointerSizeInBits(t.addrSpace) / 8;
    case 'float':
      return t.name === 'float' ? 4 : t.name === 'double' ? 8 : null;
    default:
      return null;
  }
}

/** `nondet_<kind>#<n>`: the object's name for the n-th object of the test. */
export function nondetObjectName(kind: string, n: number): string {
  return `${NONDET_OBJECT_PREFIX}${kind}#${n}`;
}

/** The kind and position encoded by nondetObjectName, or null for any other object name. */
export function parseNondetObjectName(name: string): { kind: string; n: number } | null {
  if (!name.startsWith(NONDET_OBJECT_PREFIX)) return null;
  const hash = name.lastIndexOf('#');
  if (hash < 0) return null;
  const n = Number(name.slice(hash + 1));
  if (!Number.isInteger(n) || n < 1) return null;
  return { kind: name.slice(NONDET_OBJECT_PREFIX.length, hash), n };
}

const nondet: Builtin = (c) => {
  const kind = c.name.slice(NONDET_PREFIX.length);
  const t = c.retType;
  const bytes = valueBytes(t);
  if (bytes === null) {
    c.ex.term.error(c.s, 'exec', `${c.name} returns a value of a type sympath cannot make symbolic`, c.inst);
    return;
  }
  const name = nondetObjectName(kind, c.s.symbolics.length + 1);
  const array = c.ex.newArray(name, bytes);
  c.s.addSymbolic({ array, name });
  const v = B.readLE(array, null, B.constant(32, 0), bytes);
  if (t.kind === 'int' && t.bits === 1) {
    // _Bool: one byte that is 0 or 1 (the test's byte is then the value Test-Comp's <input> shows).
    c.s.addConstraint(B.ult(v, B.constant(8, 2)));
    return norm(B.extract(v, 0, 1));
  }
  if (t.kind === 'int' && t.bits !== bytes * 8) return norm(B.extract(v, 0, t.bits));
  // The engine keeps every pointer in a 64-bit register (ops/lanes.ts bitWidth); an ILP32 module's
  // 4-byte pointer input is widened, as a load of a 4-byte pointer is.
  if (t.kind === 'ptr' && bytes < 8) return norm(B.zext(v, 64));
  return norm(v);
};

function assumeOrEnd(c: CallContext, cond: Expr): void | Promise<void> {
  if (cond.isConst) {
    if (!cond.value) c.ex.term.silentExit(c.s);
    return;
  }
  return c.ex.solver.mayBeTrue(c.s.constraints, cond).then((may) => {
    if (may === 'unknown') c.ex.term.partial(c.s, 'the solver could not decide a __VERIFIER_assume', c.inst);
    else if (!may) c.ex.term.silentExit(c.s);
    else c.s.addConstraint(cond);
  });
}

function reachError(c: CallContext): void {
  c.ex.term.error(c.s, 'reach-error', `${c.name}() reached`, c.inst);
}

export const TESTCOMP: BuiltinTableEntries = {
  __VERIFIER_assume(c, [x]) {
    const t = c.argTypes[0];
    const w = t && t.kind === 'int' ? t.bits : 32;
    return assumeOrEnd(c, B.ne(toExpr(x as Scalar, w), B.constant(w, 0)));
  },
  __VERIFIER_error: reachError,
  reach_error: reachError,
};

/** The built-in for a Test-Comp function known by its prefix (nondet kinds, atomic sections), or null. */
export function testcompByPrefix(name: string): Builtin | null {
  if (name.startsWith(NONDET_PREFIX) && name.length > NONDET_PREFIX.length) return nondet;
  if (name.startsWith(ATOMIC_PREFIX)) return () => {};
  return null;
}
