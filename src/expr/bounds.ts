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
      if (!k[0]!.isConst) return full;
      const b = unsignedBounds(k[1]!, depth - 1);
      const c = k[0]!.value;
      return b.hi + c <= full.hi ? { lo: b.lo + c, hi: b.hi + c } : full; // no wrap-around
    }
    case Kind.Select: {
      const t = unsignedBounds(k[1]!, depth - 1);
      const f = unsignedBounds(k[2]!, depth - 1);
      return { lo: t.lo < f.lo ? t.lo : f.lo, hi: t.hi > f.hi ? t.hi : f.hi };
    }
  }
  return full;
}
