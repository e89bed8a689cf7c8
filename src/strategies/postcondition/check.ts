// The subsumption check at a branch (the paper's pcon ∧ c → Π[l']): the summary's leaves replaced by
// the checking state's values — registers of its frames, the contents of its objects (concrete bytes or
// their symbolic expressions, read at symbolic offsets through the object's array view), whether the
// objects exist, its stack shape — gives Π'; the state's suffix is covered when pc ∧ c ∧ ¬Π' is
// unsatisfiable. A leaf without a counterpart in the state (no such frame, no such live object, a register
// holding an aggregate) makes the conjunct false: Π' only shrinks, so the check only gets harder. An
// 'unknown' solver answer means "not covered".

import type { Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import { collectArrays } from '../../expr/evaluate.js';
import { Kind } from '../../expr/expr.js';
import type { Executor } from '../../engine/executor.js';
import type { ExecutionState } from '../../engine/state.js';
import { FREED } from '../../memory/address-space.js';
import { ObjKind } from '../../memory/memory-object.js';
import type { ObjectState } from '../../memory/object-state.js';
import { LeafKind, type Leaves, type Region } from './leaves.js';
import { newMemo, substitute, Unresolvable, type Rewrite, type Subst } from './subst.js';
import type { Summary } from './summary.js';

export type Verdict = 'covered' | 'not-covered' | 'unknown';

export class Checker {
  constructor(
    private readonly ex: Executor,
    private readonly leaves: Leaves,
  ) {}

  /** The contents of region `r` in state `s`, or null when `s` has no such live object. */
  private objectOf(s: ExecutionState, r: Region): ObjectState | null {
    if (r.kind === ObjKind.Stack) {
      const f = s.stack[r.depth];
      if (!f || !f.allocas) return null;
      for (let i = 0; i < f.allocas.length; i++) {
        const mo = f.allocas[i]!;
        if (mo.address === r.base && mo.size === r.size) return f.allocaStates![i]!;
      }
      return null;
    }
    const mo = this.ex.image.allocator.floor(r.base);
    if (!mo || mo.address !== r.base || mo.size !== r.size || mo.kind !== r.kind) return null;
    const slot = s.space.lookup(mo);
    if (slot === undefined || slot === FREED) return null;
    return slot;
  }

  /** The rewrite giving leaf array `id`'s value in `s`. */
  private rewrite(s: ExecutionState, id: number): Rewrite | null {
    const info = this.leaves.info.get(id);
    if (!info) return null;
    switch (info.kind) {
      case LeafKind.Reg: {
        const f = s.stack[info.depth];
        const slot = f?.fn.slotOf?.get(info.value);
        if (f === undefined || slot === undefined) throw new Unresolvable('no such register');
        const v = f.regs[slot];
        if (typeof v === 'bigint') return { kind: 'value', value: B.constant(info.width, v) };
        if (v === undefined || Array.isArray(v) || v.width !== info.width) throw new Unresolvable('register not scalar');
        return { kind: 'value', value: v };
      }
      case LeafKind.Live:
        return { kind: 'bool', value: B.bool(this.objectOf(s, info.region) !== null) };
      case LeafKind.Shape: {
        let same = s.sp === info.sp && s.stack.length === info.bases.length;
        for (let i = 0; same && i < info.bases.length; i++) same = s.stack[i]!.stackBase === info.bases[i];
        return { kind: 'bool', value: B.bool(same) };
      }
      case LeafKind.Mem: {
        const os = this.objectOf(s, info.region);
        if (os === null) throw new Unresolvable('no such object');
        const size = info.region.size;
        return {
          kind: 'memory',
          byte: (index: Expr): Expr => {
            if (index.isConst) {
              const i = Number(index.value & 0xffffffffn);
              if (i >= size) return B.constant(8, 0);
              const b = os.readByte(i);
              return typeof b === 'number' ? B.constant(8, b) : b;
            }
            const v = os.readAt(index, 1);
            return typeof v === 'bigint' ? B.constant(8, v) : v;
          },
        };
      }
    }
  }

  /** Π[l'] with the leaves of `s` substituted (FALSE for disjuncts with unresolvable leaves). */
  instantiate(s: ExecutionState, summary: Summary): Expr {
    const memo = newMemo();
    const sigma: Subst = new Map();
    const resolved = new Set<number>();
    const conjunct = new Map<number, Expr>();
    let result: Expr = B.FALSE;
    for (const d of summary.disjuncts) {
      let conj: Expr = B.TRUE;
      for (const c of d) {
        let v = conjunct.get(c.id);
        if (v === undefined) {
          v = this.instantiateOne(s, c, sigma, resolved, memo);
          conjunct.set(c.id, v);
        }
        conj = B.and(conj, v);
        if (conj.isFalse) break;
      }
      if (conj.isTrue) return B.TRUE;
      result = B.or(result, conj);
    }
    return result;
  }

  private instantiateOne(s: ExecutionState, c: Expr, sigma: Subst, resolved: Set<number>, memo: ReturnType<typeof newMemo>): Expr {
    if (c.kind === Kind.Const) return c;
    try {
      for (const a of collectArrays(c)) {
        if (resolved.has(a.id) || !this.leaves.isLeaf(a)) continue;
        const rw = this.rewrite(s, a.id);
        resolved.add(a.id);
        if (rw) sigma.set(a, rw);
      }
      // Leaves that failed to resolve before are not in sigma: a conjunct using one is false.
      for (const a of collectArrays(c)) if (this.leaves.isLeaf(a) && !sigma.has(a)) return B.FALSE;
      return substitute(c, sigma, memo);
    } catch (e) {
      if (e instanceof Unresolvable) return B.FALSE;
      throw e;
    }
  }

  /** Whether every state of `s` taking the direction with condition `cond` satisfies the summary. */
  async covered(s: ExecutionState, summary: Summary, cond: Expr): Promise<Verdict> {
    const pi = this.instantiate(s, summary);
    if (pi.isTrue) return 'covered';
    if (pi.isFalse) return 'not-covered';
    const r = await this.ex.solver.mustBeTrue([...s.constraints, cond], pi);
    if (r === 'unknown') return 'unknown';
    return r ? 'covered' : 'not-covered';
  }
}
