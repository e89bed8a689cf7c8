// Cheap syntactic bounds on the unsigned value of an expression (no solver): the starting interval
// for the solver's getRange binary search. Sound for every assignment; deliberately shallow.

import { Expr, Kind, mask } from './expr.js';

export interface Interval {
  readonly lo: bigint;
  readonly hi: bigint;
}

/** An interval containing every unsigned value `e` can take. */
export function unsignedBounds(e: Expr, depth = 6): Interval {
  const full: Interval = { lo: 0n, hi: mask(e.width) };
  if (e.kind === Kind.Const) return { lo: e.value, hi: e.value };
  if (depth === 0) return full;
  const k = e.kids;
  switch (e.kind) {
    case Kind.Read:
      return { lo: 0n, hi: 255n };
    case Kind.ZExt:
      return unsignedBounds(k[0]!, depth - 1);
    case Kind.Concat: {
      const h = unsignedBounds(k[0]!, depth - 1);
      const l = unsignedBounds(k[1]!, depth - 1);
      const s = BigInt(k[1]!.width);
      return { lo: (h.lo << s) | l.lo, hi: (h.hi << s) | l.hi };
    }
    case Kind.And: {
      const a = unsignedBounds(k[0]!, depth - 1);
      const b = unsignedBounds(k[1]!, depth - 1);
      return { lo: 0n, hi: a.hi < b.hi ? a.hi : b.hi };
    }
    case Kind.URem: {
      const a = unsignedBounds(k[0]!, depth - 1);
      if (!k[1]!.isConst || k[1]!.value === 0n) return { lo: 0n, hi: a.hi }; // x % y <= x (x % 0 = x)
      const m = k[1]!.value - 1n;
      return { lo: 0n, hi: a.hi < m ? a.hi : m };
    }
    case Kind.UDiv: {
      if (!k[1]!.isConst || k[1]!.value === 0n) return full;
      const a = unsignedBounds(k[0]!, depth - 1);
      return { lo: a.lo / k[1]!.value, hi: a.hi / k[1]!.value };
    }
    case Kind.Add: {
      // Sum of the intervals, when it wraps around 2^w for no assignment or for every one.
      const a = unsignedBounds(k[0]!, depth - 1);
      const b = unsignedBounds(k[1]!, depth - 1);
      const lo = a.lo + b.lo;
      const hi = a.hi + b.hi;
      if (hi <= full.hi) return { lo, hi };
      if (lo > full.hi) return { lo: lo - full.hi - 1n, hi: hi - full.hi - 1n };
      return full;
    }
    case Kind.Mul: {
      if (!k[0]!.isConst) return full;
      const b = unsignedBounds(k[1]!, depth - 1);
      const c = k[0]!.value;
      return b.hi * c <= full.hi ? { lo: b.lo * c, hi: b.hi * c } : full; // no wrap-around
    }
    case Kind.Shl: {
      if (!k[1]!.isConst || k[1]!.value >= BigInt(e.width)) return full;
      const a = unsignedBounds(k[0]!, depth - 1);
      const sh = k[1]!.value;
      return a.hi << sh <= full.hi ? { lo: a.lo << sh, hi: a.hi << sh } : full;
    }
    case Kind.Or: {
      // max(a, b) <= a | b <= a + b, and a | b has no more bits than the wider of a and b.
      const a = unsignedBounds(k[0]!, depth - 1);
      const b = unsignedBounds(k[1]!, depth - 1);
      const top = a.hi > b.hi ? a.hi : b.hi;
      const ones = (1n << BigInt(top.toString(2).length)) - 1n;
      const sum = a.hi + b.hi;
      return { lo: a.lo > b.lo ? a.lo : b.lo, hi: sum < ones ? sum : ones };
    }
    case Kind.Extract: {
      // Bits offset.. of x: x >> offset when that fits the width (monotone), else anything.
      const a = unsignedBounds(k[0]!, depth - 1);
      const off = BigInt(e.offset);
      return a.hi >> off <= full.hi ? { lo: a.lo >> off, hi: a.hi >> off } : full;
    }
    case Kind.Select: {
      const t = unsignedBounds(k[1]!, depth - 1);
      const f = unsignedBounds(k[2]!, depth - 1);
      return { lo: t.lo < f.lo ? t.lo : f.lo, hi: t.hi > f.hi ? t.hi : f.hi };
    }
  }
  return full;
}
