// The symbolic arguments of the heap built-ins, handled as KLEE handles them rather than concretised
// to one value (which loses paths and errors):
//   - free()/realloc() of a symbolic pointer fork once per heap object whose start it may be (and NULL),
//     plus one state for "none of them" (an invalid free) — KLEE's resolveExact;
//   - malloc() of a symbolic size takes a small concrete size (the solver's example, halved while the
//     size can equal the half, down to 128) in one state; a forked state gets the one other value the
//     size can have, or else, for sizes above 2^31, a failing malloc (NULL) and, for the rest, a `model`
//     error "concretized symbolic size" — KLEE's executeAlloc.
// Each forked state other than the caller's completes the call through CallContext.completeIn.

import * as B from '../../expr/build.js';
import type { Expr } from '../../expr/expr.js';
import { ObjKind } from '../../memory/memory-object.js';
import type { ExecutionState } from '../state.js';
import type { Val } from '../values.js';
import type { CallContext } from './types.js';

type Body<T> = (c: CallContext, value: T) => Promise<Val | void> | Val | void;

/**
 * The concrete pointers a symbolic `ptr` passed to free/realloc may be — the start of each heap object of
 * this state (live or freed: a double free is an error to find) and NULL — one forked state each, `c.s`
 * the first; a state for "none of them" ends with an invalid-free error. [] when every state ended.
 */
async function resolveExact(c: CallContext, ptr: Expr, what: string): Promise<{ state: ExecutionState; p: bigint }[]> {
  const { ex, s, inst } = c;
  const range = await ex.solver.getRange(s.constraints, ptr);
  if (range === 'unknown') {
    ex.term.partial(s, `the solver could not resolve the pointer passed to ${what}()`, inst);
    return [];
  }
  const max = ex.opts.maxSymbolicPointerTargets > 0 ? ex.opts.maxSymbolicPointerTargets : Infinity;
  const starts: bigint[] = range.min === 0n ? [0n] : [];
  for (const mo of ex.image.allocator.overlapping(Number(range.min), Number(range.max), Number.isFinite(max) ? max * 4 : 1 << 20)) {
    if (mo.kind === ObjKind.Heap && BigInt(mo.address) <= range.max && s.space.lookup(mo) !== undefined) starts.push(BigInt(mo.address));
  }
  const conds: Expr[] = [];
  const values: bigint[] = [];
  for (const p of starts) {
    const cond = B.eq(ptr, B.constant(64, p));
    const may = await ex.solver.mayBeTrue(s.constraints, cond);
    if (may === 'unknown') {
      ex.term.partial(s, `the solver could not resolve the pointer passed to ${what}()`, inst);
      return [];
    }
    if (!may) continue;
    conds.push(cond);
    values.push(p);
  }
  if (values.length > max) {
    ex.term.error(s, 'model', `symbolic pointer passed to ${what}() may be ${values.length} objects, more than the limit of ${max} (--max-sym-ptr-targets)`, inst);
    return [];
  }
  const none = conds.reduce((a, b) => B.and(a, B.notB(b)), B.TRUE);
  const states = await ex.forkMany(s, [...conds, none], inst);
  const out: { state: ExecutionState; p: bigint }[] = [];
  states.forEach((st, i) => {
    if (!st) return;
    if (i === values.length) ex.term.error(st, 'invalid-free', `memory error: invalid pointer passed to ${what}()`, inst, [`symbolic address ${ptr}`, 'it may be the start of no heap object']);
    else out.push({ state: st, p: values[i]! });
  });
  return out;
}

/** Runs `body` for every concrete value of a symbolic pointer argument, each in its own state. */
export async function forEachPointer(c: CallContext, ptr: Expr, what: string, body: Body<bigint>): Promise<Val | void> {
  return completeEach(c, await resolveExact(c, ptr, what), body);
}

/** Runs `body` in each (state, value); the caller's state gets its result back, the others complete. */
async function completeEach(c: CallContext, cases: readonly { state: ExecutionState; p: bigint }[], body: Body<bigint>): Promise<Val | void> {
  let mine: Val | void = undefined;
  for (const { state, p } of cases) {
    const v = await body({ ...c, s: state }, p);
    if (state === c.s) mine = v;
    else if (!state.terminated) c.completeIn!(state, v);
  }
  return mine;
}

/** Sizes below this are not halved further when looking for a small concrete size. */
const SMALL_SIZE = 128n;
/** A symbolic size that may exceed this makes malloc fail (NULL) in a state of its own. */
const HUGE_SIZE = 1n << 31n;

/** Runs `body` (an allocation) for the concrete sizes KLEE's executeAlloc gives a symbolic `size`. */
export async function forEachSize(c: CallContext, size: Expr, body: Body<bigint>): Promise<Val | void> {
  const { ex, s, inst } = c;
  const w = size.width;
  const unknown = (st: ExecutionState): void => ex.term.partial(st, `the solver could not decide a symbolic size of ${c.name}()`, inst);
  const first = await ex.solver.getValue(s.constraints, size);
  if (first === 'unknown') return unknown(s);
  let example: bigint = first;
  while (example > SMALL_SIZE) {
    const half = example >> 1n;
    const may = await ex.solver.mayBeTrue(s.constraints, B.eq(size, B.constant(w, half)));
    if (may !== true) break;
    example = half;
  }
  const isExample = B.eq(size, B.constant(w, example));
  ex.warnOnce(`symbolic-size:${inst.id}`, `${c.name}() of a symbolic size: ${example} bytes, other sizes on a forked path`);
  const [fixed, other] = await ex.fork(s, isExample, inst);
  const cases: { state: ExecutionState; p: bigint }[] = [];
  if (fixed) cases.push({ state: fixed, p: example });
  if (other) {
    const second = await ex.solver.getValue(other.constraints, size);
    if (second === 'unknown') unknown(other);
    else {
      const only = await ex.solver.mustBeTrue(other.constraints, B.eq(size, B.constant(w, second)));
      if (only === 'unknown') unknown(other);
      else if (only) cases.push({ state: other, p: second });
      else {
        const [huge, rest] = await ex.fork(other, B.ult(B.constant(w, HUGE_SIZE), size), inst);
        if (huge) {
          ex.message(`NOTE: found a huge ${c.name}() (size > 2^31): it returns NULL on that path`);
          if (huge === s) return null0(c, cases, body);
          c.completeIn!(huge, 0n);
        }
        if (rest) {
          ex.term.error(rest, 'model', `concretized symbolic size of ${c.name}()`, inst, [`concretization: ${example}`, `unbound example: ${second}`]);
        }
      }
    }
  }
  return completeEach(c, cases, body);
}

/** The caller's own state took the NULL result: the other cases complete in their states. */
async function null0(c: CallContext, cases: readonly { state: ExecutionState; p: bigint }[], body: Body<bigint>): Promise<Val | void> {
  await completeEach(c, cases, body);
  return 0n;
}
