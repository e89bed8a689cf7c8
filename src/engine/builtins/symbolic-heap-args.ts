// The symbolic arguments of the heap built-ins, handled as KLEE handles them rather than concretised
// to one value (which loses paths and errors):
//   - free()/realloc() of a symbolic pointer fork once per heap object whose start it may be (and NULL),
//     plus one state for "none of them" (an invalid free) — KLEE's resolveExact;
//   - malloc()/calloc()/realloc() of a symbolic size explore several sizes, each in a state of its own:
//     the minimal feasible one and larger ones (engine/symbolic-sizes.ts, --sym-alloc-sizes), a failing
//     allocation (NULL) for sizes above 2^31, and a `model` error "concretized symbolic size" for the
//     unexplored rest — where KLEE's executeAlloc takes one small size.
// Each forked state other than the caller's completes the call through CallContext.completeIn.

import * as B from '../../expr/build.js';
import type { Expr } from '../../expr/expr.js';
import { ObjKind } from '../../memory/memory-object.js';
import type { ExecutionState } from '../state.js';
import type { Val } from '../values.js';
import type { CallContext } from './types.js';
import { splitSizes } from '../symbolic-sizes.js';

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

/** A symbolic size that may exceed this makes malloc fail (NULL) in a state of its own. */
const HUGE_SIZE = 1n << 31n;

/**
 * Runs `body` (an allocation) for each concrete size explored of a symbolic `size` (engine/
 * symbolic-sizes.ts: the minimal one, larger ones up to --sym-alloc-sizes, NULL above 2^31, a model
 * error for the unexplored rest), each in its own state.
 */
export async function forEachSize(c: CallContext, size: Expr, body: Body<bigint>): Promise<Val | void> {
  const split = await splitSizes(c.ex, c.s, size, c.inst, `${c.name}()`, HUGE_SIZE);
  if (split === null) return;
  const cases = split.sized.map(({ state, size: p }) => ({ state, p }));
  const huge = split.huge;
  if (huge) {
    c.ex.message(`NOTE: found a huge ${c.name}() (size > 2^31): it returns NULL on that path`);
    if (huge === c.s) return null0(c, cases, body);
    c.completeIn!(huge, 0n);
  }
  return completeEach(c, cases, body);
}

/** The caller's own state took the NULL result: the other cases complete in their states. */
async function null0(c: CallContext, cases: readonly { state: ExecutionState; p: bigint }[], body: Body<bigint>): Promise<Val | void> {
  await completeEach(c, cases, body);
  return 0n;
}
