// Random operator trees for property tests, with three interpretations:
//  - `ref`:   a tiny reference interpreter written directly over the tree with BigInt.asUintN/asIntN
//             (independent of src/expr: no build.ts, no eval-op.ts);
//  - `build`: the expression through the simplifying constructors of build.ts;
//  - `raw`:   the same operator tree interned node by node with no simplification at all.
// Division by zero and over-wide shifts follow SMT-LIB (what Z3 computes), as src/expr/eval-op.ts.

import fc from 'fast-check';
import { ArrayDecl, Expr, Kind, UpdateNode, intern, internConst, internRead, internUpdate } from '../../src/expr/expr.js';
import * as B from '../../src/expr/build.js';

export const ARRAY_SIZE = 16;
/** Three symbolic arrays and one constant table. */
export const ARRAYS: readonly ArrayDecl[] = [
  new ArrayDecl('a', ARRAY_SIZE),
  new ArrayDecl('b', ARRAY_SIZE),
  new ArrayDecl('c', ARRAY_SIZE),
  new ArrayDecl('table', ARRAY_SIZE, Uint8Array.from({ length: ARRAY_SIZE }, (_, i) => (i * 37 + 11) & 0xff)),
];
export const SYMBOLIC = ARRAYS.slice(0, 3);

export const BINOPS = ['add', 'sub', 'mul', 'udiv', 'sdiv', 'urem', 'srem', 'and', 'or', 'xor', 'shl', 'lshr', 'ashr'] as const;
export type BinOp = (typeof BINOPS)[number];
export const PREDS = ['eq', 'ne', 'ult', 'ule', 'ugt', 'uge', 'slt', 'sle', 'sgt', 'sge'] as const;
export type Pred = (typeof PREDS)[number];

export type Tree =
  | { op: 'const'; w: number; v: bigint }
  /** Bits [0, w) of the little-endian bytes arr[off ..]. */
  | { op: 'var'; w: number; arr: number; off: number }
  | { op: 'bin'; w: number; name: BinOp; a: Tree; b: Tree }
  | { op: 'not' | 'neg'; w: number; a: Tree }
  | { op: 'cmp'; w: 1; pred: Pred; a: Tree; b: Tree }
  | { op: 'zext' | 'sext'; w: number; a: Tree }
  | { op: 'extract'; w: number; off: number; a: Tree }
  | { op: 'concat'; w: number; a: Tree; b: Tree }
  | { op: 'select'; w: number; c: Tree; a: Tree; b: Tree }
  /** arr after `writes` (oldest first) at index i (all indices 32 bits). */
  | { op: 'read'; w: 8; arr: number; writes: { i: Tree; v: Tree }[]; i: Tree };

export const WIDTHS = [1, 8, 16, 32, 64, 128, 3, 7, 13, 33, 65, 127];

// -------------------------------------------------------------------------------------------------
// Reference interpreter

const u = (w: number, v: bigint): bigint => BigInt.asUintN(w, v);
const s = (w: number, v: bigint): bigint => BigInt.asIntN(w, v);

export type Env = readonly Uint8Array[];

function refBin(name: BinOp, w: number, a: bigint, b: bigint): bigint {
  const W = BigInt(w);
  switch (name) {
    case 'add': return u(w, a + b);
    case 'sub': return u(w, a - b);
    case 'mul': return u(w, a * b);
    case 'udiv': return b === 0n ? u(w, -1n) : a / b;
    case 'urem': return b === 0n ? a : a % b;
    case 'sdiv': return b === 0n ? (s(w, a) < 0n ? 1n : u(w, -1n)) : u(w, s(w, a) / s(w, b));
    case 'srem': return b === 0n ? a : u(w, s(w, a) % s(w, b));
    case 'and': return a & b;
    case 'or': return a | b;
    case 'xor': return a ^ b;
    case 'shl': return b >= W ? 0n : u(w, a << b);
    case 'lshr': return b >= W ? 0n : a >> b;
    case 'ashr': return u(w, s(w, a) >> (b >= W ? W - 1n : b));
  }
}

function refCmp(pred: Pred, w: number, a: bigint, b: bigint): boolean {
  switch (pred) {
    case 'eq': return a === b;
    case 'ne': return a !== b;
    case 'ult': return a < b;
    case 'ule': return a <= b;
    case 'ugt': return a > b;
    case 'uge': return a >= b;
    case 'slt': return s(w, a) < s(w, b);
    case 'sle': return s(w, a) <= s(w, b);
    case 'sgt': return s(w, a) > s(w, b);
    case 'sge': return s(w, a) >= s(w, b);
  }
}

function byteOf(arr: number, i: bigint, env: Env): bigint {
  const d = ARRAYS[arr]!;
  const bytes = d.constantValues ?? env[arr];
  return bytes && i < BigInt(bytes.length) ? BigInt(bytes[Number(i)]!) : 0n;
}

export function ref(t: Tree, env: Env): bigint {
  switch (t.op) {
    case 'const': return t.v;
    case 'var': {
      let v = 0n;
      for (let i = Math.ceil(t.w / 8) - 1; i >= 0; i--) v = (v << 8n) | byteOf(t.arr, BigInt(t.off + i), env);
      return u(t.w, v);
    }
    case 'bin': return refBin(t.name, t.w, ref(t.a, env), ref(t.b, env));
    case 'not': return u(t.w, ~ref(t.a, env));
    case 'neg': return u(t.w, -ref(t.a, env));
    case 'cmp': return refCmp(t.pred, t.a.w, ref(t.a, env), ref(t.b, env)) ? 1n : 0n;
    case 'zext': return ref(t.a, env);
    case 'sext': return u(t.w, s(t.a.w, ref(t.a, env)));
    case 'extract': return u(t.w, ref(t.a, env) >> BigInt(t.off));
    case 'concat': return (ref(t.a, env) << BigInt(t.b.w)) | ref(t.b, env);
    case 'select': return ref(t.c, env) ? ref(t.a, env) : ref(t.b, env);
    case 'read': {
      const i = u(32, ref(t.i, env));
      for (let k = t.writes.length - 1; k >= 0; k--) {
        if (u(32, ref(t.writes[k]!.i, env)) === i) return ref(t.writes[k]!.v, env);
      }
      return byteOf(t.arr, i, env);
    }
  }
}

// -------------------------------------------------------------------------------------------------
// Through build.ts

const BUILD_BIN: Record<BinOp, (a: Expr, b: Expr) => Expr> = {
  add: B.add, sub: B.sub, mul: B.mul, udiv: B.udiv, sdiv: B.sdiv, urem: B.urem, srem: B.srem,
  and: B.and, or: B.or, xor: B.xor, shl: B.shl, lshr: B.lshr, ashr: B.ashr,
};

export function build(t: Tree): Expr {
  switch (t.op) {
    case 'const': return B.constant(t.w, t.v);
    case 'var': return B.extract(B.readLE(ARRAYS[t.arr]!, null, B.constant(32, t.off), Math.ceil(t.w / 8)), 0, t.w);
    case 'bin': return BUILD_BIN[t.name](build(t.a), build(t.b));
    case 'not': return B.not(build(t.a));
    case 'neg': return B.neg(build(t.a));
    case 'cmp': return B.icmp(t.pred, build(t.a), build(t.b));
    case 'zext': return B.zext(build(t.a), t.w);
    case 'sext': return B.sext(build(t.a), t.w);
    case 'extract': return B.extract(build(t.a), t.off, t.w);
    case 'concat': return B.concat(build(t.a), build(t.b));
    case 'select': return B.select(build(t.c), build(t.a), build(t.b));
    case 'read': {
      let ups: UpdateNode | null = null;
      for (const w of t.writes) ups = B.write(ups, build(w.i), build(w.v));
      return B.read(ARRAYS[t.arr]!, ups, build(t.i));
    }
  }
}

// -------------------------------------------------------------------------------------------------
// Raw: interned with no folding or rewriting

const RAW_BIN: Record<BinOp, Kind> = {
  add: Kind.Add, sub: Kind.Sub, mul: Kind.Mul, udiv: Kind.UDiv, sdiv: Kind.SDiv, urem: Kind.URem, srem: Kind.SRem,
  and: Kind.And, or: Kind.Or, xor: Kind.Xor, shl: Kind.Shl, lshr: Kind.LShr, ashr: Kind.AShr,
};

function rawCmp(pred: Pred, a: Expr, b: Expr): Expr {
  const c = (k: Kind, x: Expr, y: Expr): Expr => intern(k, 1, [x, y]);
  switch (pred) {
    case 'eq': return c(Kind.Eq, a, b);
    case 'ne': return intern(Kind.Not, 1, [c(Kind.Eq, a, b)]);
    case 'ult': return c(Kind.Ult, a, b);
    case 'ule': return c(Kind.Ule, a, b);
    case 'ugt': return c(Kind.Ult, b, a);
    case 'uge': return c(Kind.Ule, b, a);
    case 'slt': return c(Kind.Slt, a, b);
    case 'sle': return c(Kind.Sle, a, b);
    case 'sgt': return c(Kind.Slt, b, a);
    case 'sge': return c(Kind.Sle, b, a);
  }
}

export function raw(t: Tree): Expr {
  switch (t.op) {
    case 'const': return internConst(t.w, t.v);
    case 'var': {
      const n = Math.ceil(t.w / 8);
      let e = internRead(ARRAYS[t.arr]!, null, internConst(32, BigInt(t.off)));
      for (let i = 1; i < n; i++) {
        const r = internRead(ARRAYS[t.arr]!, null, internConst(32, BigInt(t.off + i)));
        e = intern(Kind.Concat, e.width + 8, [r, e]);
      }
      return e.width === t.w ? e : intern(Kind.Extract, t.w, [e], 0);
    }
    case 'bin': return intern(RAW_BIN[t.name], t.w, [raw(t.a), raw(t.b)]);
    case 'not': return intern(Kind.Not, t.w, [raw(t.a)]);
    case 'neg': return intern(Kind.Sub, t.w, [internConst(t.w, 0n), raw(t.a)]);
    case 'cmp': return rawCmp(t.pred, raw(t.a), raw(t.b));
    case 'zext': return t.w === t.a.w ? raw(t.a) : intern(Kind.ZExt, t.w, [raw(t.a)]);
    case 'sext': return t.w === t.a.w ? raw(t.a) : intern(Kind.SExt, t.w, [raw(t.a)]);
    case 'extract': return intern(Kind.Extract, t.w, [raw(t.a)], t.off);
    case 'concat': return intern(Kind.Concat, t.w, [raw(t.a), raw(t.b)]);
    case 'select': return intern(Kind.Select, t.w, [raw(t.c), raw(t.a), raw(t.b)]);
    case 'read': {
      let ups: UpdateNode | null = null;
      for (const w of t.writes) ups = internUpdate(raw(w.i), raw(w.v), ups);
      return internRead(ARRAYS[t.arr]!, ups, raw(t.i));
    }
  }
}

// -------------------------------------------------------------------------------------------------
// Generators

const mask = (w: number): bigint => (1n << BigInt(w)) - 1n;

export function constArb(w: number): fc.Arbitrary<Tree> {
  const special = [0n, 1n, mask(w), 1n << BigInt(w - 1), mask(w - 1), BigInt(w - 1), BigInt(w), 2n, 0x80n, 0xffn].map((v) => u(w, v));
  return fc.oneof(fc.bigUintN(w), fc.constantFrom(...special)).map((v) => ({ op: 'const', w, v }) as Tree);
}

function varArb(w: number): fc.Arbitrary<Tree> {
  const n = Math.ceil(w / 8);
  return fc.record({ arr: fc.integer({ min: 0, max: 3 }), off: fc.integer({ min: 0, max: ARRAY_SIZE - n }) })
    .map(({ arr, off }) => ({ op: 'var', w, arr, off }) as Tree);
}

/** In-range symbolic base index shared by many reads/writes, so base+c1 vs base+c2 patterns occur. */
const BASE: Tree = { op: 'bin', w: 32, name: 'and', a: { op: 'const', w: 32, v: 7n }, b: { op: 'var', w: 32, arr: 2, off: 0 } };

export interface GenOptions {
  /** Allow constant indices past the arrays' end (reads of 0 in the evaluator; unspecified in Z3). */
  outOfRange: boolean;
  /** Division, remainder and multiplication only up to this width (wide ones are slow in Z3). */
  maxDivWidth: number;
}

export class TreeGen {
  private readonly memo = new Map<string, fc.Arbitrary<Tree>>();
  constructor(private readonly opts: GenOptions) {}

  private indexArb(depth: number): fc.Arbitrary<Tree> {
    const hi = this.opts.outOfRange ? 40 : ARRAY_SIZE - 1;
    const small = fc.integer({ min: 0, max: hi }).map((v) => ({ op: 'const', w: 32, v: BigInt(v) }) as Tree);
    const onBase = fc.integer({ min: 0, max: 8 }).map((c) => ({ op: 'bin', w: 32, name: 'add', a: { op: 'const', w: 32, v: BigInt(c) }, b: BASE }) as Tree);
    const masked = this.tree(32, Math.max(0, depth - 1)).map((t) => ({ op: 'bin', w: 32, name: 'and', a: { op: 'const', w: 32, v: 15n }, b: t }) as Tree);
    return fc.oneof(small, onBase, fc.constant(BASE), masked);
  }

  private readArb(depth: number): fc.Arbitrary<Tree> {
    const write = fc.record({ i: this.indexArb(depth), v: this.tree(8, depth - 1) });
    return fc.record({ arr: fc.integer({ min: 0, max: 3 }), writes: fc.array(write, { maxLength: 3 }), i: this.indexArb(depth) })
      .map(({ arr, writes, i }) => ({ op: 'read', w: 8, arr, writes, i }) as Tree);
  }

  private widthArb(min: number, max: number): fc.Arbitrary<number> {
    const listed = WIDTHS.filter((w) => w >= min && w <= max);
    return listed.length ? fc.oneof(fc.constantFrom(...listed), fc.integer({ min, max })) : fc.integer({ min, max });
  }

  tree(w: number, depth: number): fc.Arbitrary<Tree> {
    const key = `${w}:${depth}`;
    let arb = this.memo.get(key);
    if (arb) return arb;
    const leaf = fc.oneof(constArb(w), varArb(w));
    if (depth <= 0) {
      this.memo.set(key, leaf);
      return leaf;
    }
    const sub = (x: number): fc.Arbitrary<Tree> => fc.constant(null).chain(() => this.tree(x, depth - 1));
    const divOk = w <= this.opts.maxDivWidth;
    const names = BINOPS.filter((n) => divOk || !['udiv', 'sdiv', 'urem', 'srem', 'mul'].includes(n));
    const choices: fc.WeightedArbitrary<Tree>[] = [
      { weight: 3, arbitrary: leaf },
      { weight: 6, arbitrary: fc.record({ name: fc.constantFrom(...names), a: sub(w), b: sub(w) }).map((r) => ({ op: 'bin', w, ...r }) as Tree) },
      // the same operand twice (x - x, x ^ x, x & x ...)
      { weight: 1, arbitrary: fc.record({ name: fc.constantFrom(...names), a: sub(w) }).map((r) => ({ op: 'bin', w, name: r.name, a: r.a, b: r.a }) as Tree) },
      { weight: 1, arbitrary: fc.record({ op: fc.constantFrom('not' as const, 'neg' as const), a: sub(w) }).map((r) => ({ w, ...r }) as Tree) },
      { weight: 1, arbitrary: fc.record({ c: sub(1), a: sub(w), b: sub(w) }).map((r) => ({ op: 'select', w, ...r }) as Tree) },
      {
        weight: 2,
        arbitrary: this.widthArb(w, 128).chain((kw) =>
          fc.record({ off: fc.integer({ min: 0, max: kw - w }), a: sub(kw) }).map((r) => ({ op: 'extract', w, ...r }) as Tree)),
      },
    ];
    if (w === 1) {
      choices.push({
        weight: 6,
        arbitrary: this.widthArb(1, 128).chain((kw) =>
          fc.record({ pred: fc.constantFrom(...PREDS), a: sub(kw), b: fc.oneof(sub(kw), constArb(kw)) }).map((r) => ({ op: 'cmp', w: 1, ...r }) as Tree)),
      });
    } else {
      choices.push({
        weight: 2,
        arbitrary: this.widthArb(1, w - 1).chain((kw) =>
          fc.record({ op: fc.constantFrom('zext' as const, 'sext' as const), a: sub(kw) }).map((r) => ({ w, ...r }) as Tree)),
      });
      choices.push({
        weight: 2,
        arbitrary: this.widthArb(1, w - 1).chain((hw) =>
          fc.record({ a: sub(hw), b: sub(w - hw) }).map((r) => ({ op: 'concat', w, ...r }) as Tree)),
      });
    }
    if (w === 8) choices.push({ weight: 3, arbitrary: fc.constant(null).chain(() => this.readArb(depth)) });
    arb = fc.oneof(...choices);
    this.memo.set(key, arb);
    return arb;
  }

  /** A tree of a random width. */
  anyWidth(depth: number): fc.Arbitrary<Tree> {
    return this.widthArb(1, 128).chain((w) => this.tree(w, depth));
  }
}

export const envArb: fc.Arbitrary<Uint8Array[]> = fc.tuple(
  ...SYMBOLIC.map(() =>
    fc.oneof(
      fc.uint8Array({ minLength: ARRAY_SIZE, maxLength: ARRAY_SIZE }),
      fc.array(fc.constantFrom(0, 1, 0x7f, 0x80, 0xff), { minLength: ARRAY_SIZE, maxLength: ARRAY_SIZE }).map((a) => Uint8Array.from(a)),
    )),
);

export function assignmentOf(env: Env): Map<ArrayDecl, Uint8Array> {
  return new Map(SYMBOLIC.map((a, i) => [a, env[i]!] as [ArrayDecl, Uint8Array]));
}
