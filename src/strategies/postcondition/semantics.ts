// The instructions' effects as program-state terms: what a backward step substitutes and conjoins.
// Every term is built over leaves (leaves.ts) and constants only — never over the engine's values, which
// are expressions over input symbols — so a summary means the same thing in every state that reaches
// its location. The builders are the engine's own (src/expr/build.ts, the same ones ops/ uses), so the
// terms compute exactly what the engine computes. What is not modelled exactly becomes a fresh value
// (universally quantified: sound, only weaker) or, where control could depend on it, a barrier.

import type { Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import type { BasicBlock, Constant, Func, Instruction, Value } from '../../ir/model.js';
import type { Type } from '../../ir/types.js';
import type { Executor } from '../../engine/executor.js';
import { alignOf, allocSize, elementOffset } from '../../engine/type-layout.js';
import { ObjKind } from '../../memory/memory-object.js';
import { storeSize } from '../../engine/type-layout.js';
import type { Ev } from './events.js';
import { freshValue, isScalar, widthOf, type Leaves, type Region } from './leaves.js';
import { byteOf, type MemWrite, type Subst } from './subst.js';

const INT_BINARY: Record<string, (a: Expr, b: Expr) => Expr> = {
  add: B.add,
  sub: B.sub,
  mul: B.mul,
  udiv: B.udiv,
  sdiv: B.sdiv,
  urem: B.urem,
  srem: B.srem,
  and: B.and,
  or: B.or,
  xor: B.xor,
  shl: B.shl,
  lshr: B.lshr,
  ashr: B.ashr,
};
const DIVS = new Set(['udiv', 'sdiv', 'urem', 'srem']);
const SHIFTS = new Set(['shl', 'lshr', 'ashr']);

/** Whether a Def with this opcode may have implicit checks (implicitChecks is empty for the others). */
export function mayCheck(op: string): boolean {
  return DIVS.has(op) || SHIFTS.has(op);
}

export class Semantics {
  constructor(
    readonly ex: Executor,
    readonly leaves: Leaves,
    /** --check-overshift: shifts have an implicit check. */
    readonly checkOvershift: boolean,
  ) {}

  /** Operand `v` of an instruction of the frame at `depth`, as a term; null for a non-scalar. */
  term(depth: number, v: Value): Expr | null {
    if (v.vk === 'inst' || v.vk === 'arg') {
      const leaf = this.leaves.reg(depth, v);
      return leaf ? leaf.term : null;
    }
    if (v.vk === 'block' || v.vk === 'metadata' || v.vk === 'asm') return null;
    if (!isScalar(v.type)) return null;
    const c = this.ex.image.value(v as Constant);
    if (typeof c !== 'bigint') return null;
    return B.constant(widthOf(v.type), c);
  }

  /** The value an event's instruction defines, or null when it is not modelled (a fresh value then). */
  defTerm(ev: Ev): Expr | null {
    const inst = ev.inst;
    const d = ev.depth;
    if (!isScalar(inst.type)) return null;
    const ops = inst.operands;
    const op = inst.op;
    const bin = INT_BINARY[op];
    if (bin) {
      const a = this.term(d, ops[0]!);
      const b = this.term(d, ops[1]!);
      return a && b ? bin(a, b) : null;
    }
    switch (op) {
      case 'icmp': {
        if (!isScalar(ops[0]!.type)) return null;
        const a = this.term(d, ops[0]!);
        const b = this.term(d, ops[1]!);
        return a && b ? B.icmp(inst.predicate!, a, b) : null;
      }
      case 'select': {
        if (!isScalar(ops[0]!.type)) return null;
        const c = this.term(d, ops[0]!);
        const t = this.term(d, ops[1]!);
        const f = this.term(d, ops[2]!);
        return c && t && f ? B.select(c, t, f) : null;
      }
      case 'trunc':
      case 'zext':
      case 'sext':
      case 'ptrtoint':
      case 'inttoptr': {
        const x = this.term(d, ops[0]!);
        if (!x) return null;
        const to = widthOf(inst.type);
        if (op === 'sext') return to > x.width ? B.sext(x, to) : x;
        if (to < x.width) return B.extract(x, 0, to);
        if (to > x.width) return B.zext(x, to);
        return x;
      }
      case 'bitcast':
      case 'addrspacecast':
      case 'freeze': {
        const x = this.term(d, ops[0]!);
        return x && x.width === widthOf(inst.type) ? x : null;
      }
      case 'getelementptr':
        return this.gep(ev);
      default:
        // Floating point, aggregates and vectors: not modelled.
        return null;
    }
  }

  private gep(ev: Ev): Expr | null {
    const inst = ev.inst;
    if (inst.operands.some((o) => o.type.kind === 'vector')) return null;
    const base = this.term(ev.depth, inst.operands[0]!);
    if (!base) return null;
    let e = base;
    let constOff = 0n;
    let t: Type = inst.sourceElemType!;
    const src = t;
    const rest = inst.operands.slice(1);
    for (let k = 0; k < rest.length; k++) {
      const o = rest[k]!;
      let scale: bigint;
      if (k === 0) scale = BigInt(allocSize(src));
      else if (t.kind === 'struct') {
        if (o.vk !== 'cint') return null;
        const i = Number(o.value);
        constOff += BigInt(elementOffset(t, i));
        t = t.fields[i]!;
        continue;
      } else if (t.kind === 'array' || t.kind === 'vector') {
        t = t.elem;
        scale = BigInt(allocSize(t));
      } else return null;
      const w = widthOf(o.type);
      if (o.vk === 'cint') {
        constOff += BigInt.asIntN(w, o.value) * scale;
        continue;
      }
      const i = this.term(ev.depth, o);
      if (!i) return null;
      const ie = w < 64 ? B.sext(i, 64) : B.extract(i, 0, 64);
      e = B.add(e, B.mul(ie, B.constant(64, scale)));
    }
    // The engine adds the constant part first: base + K + Σ index·scale (the same value either way).
    return B.add(e, B.constant(64, BigInt.asUintN(64, constOff)));
  }

  /** Conditions the engine checks before a Def's result exists (division by zero, overshift). */
  implicitChecks(ev: Ev): Expr[] {
    const op = ev.inst.op;
    if (DIVS.has(op) || (this.checkOvershift && SHIFTS.has(op))) {
      if (ev.inst.type.kind === 'vector') return [B.FALSE];
      const b = this.term(ev.depth, ev.inst.operands[1]!);
      if (!b) return [B.FALSE];
      return DIVS.has(op) ? [B.ne(b, B.constant(b.width, 0))] : [B.ult(b, B.constant(b.width, b.width))];
    }
    return [];
  }

  /**
   * The condition under which the event's instruction ends the path with error `kind` (the error's
   * own check failing); null when the condition is not expressible (then nothing is learnt).
   */
  errorCondition(ev: Ev, kind: string): Expr | null {
    const op = ev.inst.op;
    if (kind === 'div-by-zero' && DIVS.has(op) && ev.inst.type.kind !== 'vector') {
      const b = this.term(ev.depth, ev.inst.operands[1]!);
      return b ? B.eq(b, B.constant(b.width, 0)) : null;
    }
    if (kind === 'overshift' && SHIFTS.has(op) && ev.inst.type.kind !== 'vector') {
      const b = this.term(ev.depth, ev.inst.operands[1]!);
      return b ? B.uge(b, B.constant(b.width, b.width)) : null;
    }
    if (kind === 'unreachable' && op === 'unreachable') return B.TRUE;
    return null;
  }

  /** A fresh value for the event's result (kept on the event, so every walk through it agrees). */
  fresh(ev: Ev): Expr {
    ev.fresh ??= freshValue(`v${ev.id}`, widthOf(ev.inst.type));
    return ev.fresh;
  }

  // -------------------------------------------------------------------------------------------------
  // Memory

  /** The 32-bit offset of address term `a` in region `r`. */
  offset(a: Expr, r: Region): Expr {
    return B.extract(B.sub(a, B.constant(64, r.base)), 0, 32);
  }

  /** The access's checks: the object is there (live) and [a, a + n) lies inside it. */
  accessConjuncts(a: Expr, r: Region, n: number): Expr[] {
    if (r.size < n) return [B.FALSE];
    const inside = B.ule(B.sub(a, B.constant(64, r.base)), B.constant(64, r.size - n));
    // A global lives for the whole run in every state: only the bounds matter.
    return r.kind === ObjKind.Global ? [inside] : [r.liveTerm, inside];
  }

  /** A load's value: n little-endian bytes of the region at `a`, cut to the type's width. */
  loadValue(a: Expr, r: Region, t: Type): Expr {
    const n = storeSize(t);
    const w = widthOf(t);
    const v = B.readLE(r.mem, null, this.offset(a, r), n);
    return w === n * 8 ? v : B.extract(v, 0, w);
  }

  /** A store's writes: the value widened to its store size, byte by byte. */
  storeWrites(a: Expr, r: Region, v: Expr, t: Type): MemWrite[] {
    const n = storeSize(t);
    const wide = v.width < n * 8 ? B.zext(v, n * 8) : v;
    const off = this.offset(a, r);
    const out: MemWrite[] = [];
    for (let k = 0; k < n; k++) out.push({ index: k === 0 ? off : B.add(off, B.constant(32, k)), value: byteOf(wide, k) });
    return out;
  }

  /** A dynamic alloca's pin: its count operand equal to the count this path allocated; null when not
   *  expressible (an element size of 0, a size not a multiple of it, a count the walk cannot name). */
  dynamicAllocaPin(ev: Ev, r: Region): Expr[] | null {
    const inst = ev.inst;
    const elem = allocSize(inst.allocatedType!);
    if (elem <= 0 || r.size % elem !== 0) return null;
    const n = this.term(ev.depth, inst.operands[0]!);
    if (!n) return null;
    return [B.eq(n, B.constant(n.width, BigInt(r.size / elem)))];
  }

  /** The writes that fill a variadic call's varargs area `r` with the arguments beyond the fixed
   *  parameters, laid out as frames.ts does (8-byte slots, 16-aligned for types aligned above 8); the
   *  reason when not modelled. */
  varargsWrites(ev: Ev, r: Region): MemWrite[] | string {
    const args = ev.inst.operands.slice(1);
    const writes: MemWrite[] = [];
    let off = 0;
    for (let k = ev.callee!.params.length; k < args.length; k++) {
      const t = args[k]!.type;
      const align = alignOf(t) > 8 ? 16 : 8;
      off = Math.ceil(off / align) * align;
      const v = this.term(ev.depth, args[k]!);
      if (!v || !isScalar(t)) return 'call: variadic argument not scalar';
      writes.push(...this.storeWrites(B.constant(64, r.base + off), r, v, t));
      off += Math.ceil(storeSize(t) / 8) * 8;
    }
    return Math.max(off, 8) === r.size ? writes : 'call: varargs area layout';
  }

  // -------------------------------------------------------------------------------------------------
  // Control

  /** The phi moves of edge from -> to in the frame at `depth`, for the Reg leaves `want` keeps. */
  phiMoves(depth: number, from: BasicBlock, to: BasicBlock, sigma: Subst, want: (a: import('../../expr/expr.js').ArrayDecl) => boolean): void {
    for (const phi of to.instructions) {
      if (phi.op !== 'phi') break;
      const leaf = this.leaves.reg(depth, phi);
      if (!leaf || !want(leaf.array)) continue;
      const k = phi.incomingBlocks!.indexOf(from);
      const src = k >= 0 ? this.term(depth, phi.operands[k]!) : null;
      sigma.set(leaf.array, { kind: 'value', value: src ?? freshValue(`phi${phi.id}`, leaf.width) });
    }
  }

  /** The condition of taking `taken` at a conditional br or switch (program-state terms); null if not expressible. */
  branchCondition(inst: Instruction, depth: number, taken: BasicBlock): Expr | null {
    const ops = inst.operands;
    if (inst.op === 'br') {
      const T = ops[1] as BasicBlock;
      const F = ops[2] as BasicBlock;
      if (T === F) return B.TRUE;
      const c = this.term(depth, ops[0]!);
      if (!c) return null;
      return taken === T ? c : B.notB(c);
    }
    if (inst.op === 'switch') {
      const x = this.term(depth, ops[0]!);
      if (!x) return null;
      let hit: Expr = B.FALSE;
      let none: Expr = B.TRUE;
      for (let i = 2; i + 1 < ops.length; i += 2) {
        const v = ops[i]!;
        if (v.vk !== 'cint') return null;
        const isCase = B.eq(x, B.constant(x.width, v.value));
        // The engine takes the first case with the value (duplicates cannot occur in valid IR).
        if (ops[i + 1] === taken) hit = B.or(hit, isCase);
        none = B.and(none, B.notB(isCase));
      }
      if (ops[1] === taken) hit = B.or(hit, none);
      return hit;
    }
    return null;
  }

  /** Reg leaves of a defined function's parameters bound to the call's arguments. */
  bindParams(ev: Ev, callee: Func, sigma: Subst, want: (a: import('../../expr/expr.js').ArrayDecl) => boolean): boolean {
    const args = ev.inst.operands.slice(1);
    for (let i = 0; i < callee.params.length; i++) {
      const p = callee.params[i]!;
      const leaf = this.leaves.reg(ev.depth + 1, p);
      if (!leaf || !want(leaf.array)) continue;
      const a = i < args.length ? this.term(ev.depth, args[i]!) : B.constant(leaf.width, 0);
      if (a && a.width !== leaf.width) return false;
      sigma.set(leaf.array, { kind: 'value', value: a ?? freshValue(`arg${ev.id}_${i}`, leaf.width) });
    }
    return true;
  }
}
