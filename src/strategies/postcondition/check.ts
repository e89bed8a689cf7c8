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
import { exprToString, Kind } from '../../expr/expr.js';

/** PSE_DEBUG=1: say which conjunct of each summary disjunct failed in a check (for diagnosis). */
const DEBUG = process.env.PSE_DEBUG === '1' || process.env.PSE_DEBUG === '2';
const DEBUG_FULL = process.env.PSE_DEBUG === '2';
import type { Executor } from '../../engine/executor.js';
import type { ExecutionState } from '../../engine/state.js';
import { FREED } from '../../memory/address-space.js';
import { ObjKind } from '../../memory/memory-object.js';
import type { ObjectState } from '../../memory/object-state.js';
import { LeafKind, type Leaves, type Region } from './leaves.js';
import { Substituter, Unresolvable, type Rewrite, type Subst } from './subst.js';
import type { Summary } from './summary.js';

export type Verdict = 'covered' | 'not-covered' | 'unknown';

/** Π' and, when one disjunct alone became true in the state, that disjunct's index. */
export interface Instance {
  readonly formula: Expr;
  readonly trueDisjunct: number;
}

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
        if (DEBUG && !same) process.stderr.write(`pse-debug: shape ${info.sp} [${info.bases.join(',')}] vs state ${s.sp} [${s.stack.map((f) => `${f.fn.fn.name}:${f.stackBase}`).join(',')}]\n`);
        return { kind: 'bool', value: B.bool(same) };
      }
      case LeafKind.Heap:
        return { kind: 'bool', value: B.bool(s.heapHistory === info.node) };
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
  instantiate(s: ExecutionState, summary: Summary): Instance {
    // Resolve every leaf the summary mentions once; a conjunct with an unresolvable one is false.
    const sigma: Subst = new Map();
    const failed = new Set<number>();
    for (const d of summary.disjuncts) {
      for (const c of d) {
        if (c.kind === Kind.Const) continue;
        for (const a of collectArrays(c)) {
          if (sigma.has(a) || failed.has(a.id) || !this.leaves.isLeaf(a)) continue;
          try {
            const rw = this.rewrite(s, a.id);
            if (rw) sigma.set(a, rw);
            else failed.add(a.id);
          } catch (e) {
            if (!(e instanceof Unresolvable)) throw e;
            failed.add(a.id);
          }
        }
      }
    }
    const sub = new Substituter(sigma);
    const conjunct = new Map<number, Expr>();
    const one = (c: Expr): Expr => {
      let v = conjunct.get(c.id);
      if (v === undefined) {
        v = B.FALSE;
        let ok = true;
        if (c.kind !== Kind.Const) for (const a of collectArrays(c)) if (failed.has(a.id)) ok = false;
        if (ok) {
          try {
            v = sub.apply(c);
          } catch (e) {
            if (!(e instanceof Unresolvable)) throw e;
          }
        }
        conjunct.set(c.id, v);
      }
      return v;
    };
    let result: Expr = B.FALSE;
    for (let k = 0; k < summary.disjuncts.length; k++) {
      let conj: Expr = B.TRUE;
      for (const c of summary.disjuncts[k]!) {
        conj = B.and(conj, one(c));
        if (conj.isFalse) {
          if (DEBUG && k < 3) {
            process.stderr.write(`pse-debug: disjunct ${k}/${summary.disjuncts.length} (${summary.disjuncts[k]!.length} conjuncts) false at: ${exprToString(c).slice(0, 600)}; frames ${s.stack.map((f) => f.fn.fn.name).join(',')}\n`);
            if (DEBUG_FULL) for (const x of summary.disjuncts[k]!) process.stderr.write(`pse-debug:   ${exprToString(x).slice(0, 300)}  ==> ${exprToString(one(x)).slice(0, 200)}\n`);
          }
          break;
        }
      }
      if (conj.isTrue) return { formula: B.TRUE, trueDisjunct: k };
      result = B.or(result, conj);
    }
    return { formula: result, trueDisjunct: -1 };
  }

  /** Whether every state of `s` taking the direction with condition `cond` satisfies the summary. */
  async covered(s: ExecutionState, summary: Summary, cond: Expr): Promise<{ verdict: Verdict; trueDisjunct: number }> {
    const { formula: pi, trueDisjunct } = this.instantiate(s, summary);
    if (pi.isTrue) return { verdict: 'covered', trueDisjunct };
    if (pi.isFalse) return { verdict: 'not-covered', trueDisjunct };
    const r = await this.ex.solver.mustBeTrue([...s.constraints, cond], pi);
    return { verdict: r === 'unknown' ? 'unknown' : r ? 'covered' : 'not-covered', trueDisjunct };
  }
}
