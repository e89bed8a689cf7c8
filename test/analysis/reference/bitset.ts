// Growable bit sets over small non-negative integers, as plain arrays of 32-bit words (bit i is in word
// i >>> 5). Used by points-to for points-to sets and their deltas: unions are word operations and the
// members come out sorted.

export type Bits = number[];

export function bitsHas(b: Bits, i: number): boolean {
  return ((b[i >>> 5] ?? 0) & (1 << (i & 31))) !== 0;
}

/** Sets bit i; whether it was new. */
export function bitsAdd(b: Bits, i: number): boolean {
  const w = i >>> 5;
  while (b.length <= w) b.push(0);
  const m = 1 << (i & 31);
  if (b[w]! & m) return false;
  b[w] = b[w]! | m;
  return true;
}

/** dst ∪= src; returns the members that were new in dst (increasing). */
export function bitsUnionInto(dst: Bits, src: Bits): number[] {
  const fresh: number[] = [];
  for (let w = 0; w < src.length; w++) {
    const s = src[w]!;
    if (s === 0) continue;
    while (dst.length <= w) dst.push(0);
    let f = s & ~dst[w]!;
    if (f === 0) continue;
    dst[w] = dst[w]! | f;
    while (f !== 0) {
      const t = f & -f;
      fresh.push((w << 5) + 31 - Math.clz32(t));
      f ^= t;
    }
  }
  return fresh;
}

export function bitsEmpty(b: Bits | undefined): boolean {
  if (!b) return true;
  for (const w of b) if (w !== 0) return false;
  return true;
}

/** Members in increasing order. */
export function bitsToArray(b: Bits | undefined): number[] {
  const out: number[] = [];
  if (!b) return out;
  for (let w = 0; w < b.length; w++) {
    let bits = b[w]!;
    while (bits !== 0) {
      const t = bits & -bits;
      out.push((w << 5) + 31 - Math.clz32(t));
      bits ^= t;
    }
  }
  return out;
}
