// Growable bit sets over small non-negative integers (object ids), for points-to sets and their
// deltas: unions are word operations and the members come out sorted. The words live in an Int32Array:
// in a plain array, a word with bit 30 or 31 set is no small integer, and V8 then boxes it or turns
// the whole array into doubles, which made every set operation of the solver several times slower.

export class BitSet {
  private words: Int32Array;

  constructor(capacity = 64) {
    this.words = new Int32Array(Math.max(1, (capacity + 31) >>> 5));
  }

  has(i: number): boolean {
    const w = i >>> 5;
    return w < this.words.length && (this.words[w]! & (1 << (i & 31))) !== 0;
  }

  /** Adds i; whether it was new. */
  add(i: number): boolean {
    const w = i >>> 5;
    if (w >= this.words.length) this.grow(w + 1);
    const m = 1 << (i & 31);
    const old = this.words[w]!;
    if (old & m) return false;
    this.words[w] = old | m;
    return true;
  }

  /** this ∪= other; the members new to this are pushed onto `fresh`, in increasing order. */
  addAll(other: BitSet, fresh: number[]): void {
    const src = other.words;
    let n = src.length;
    while (n > 0 && src[n - 1] === 0) n--;
    if (n > this.words.length) this.grow(n);
    const dst = this.words;
    for (let w = 0; w < n; w++) {
      let f = src[w]! & ~dst[w]!;
      if (f === 0) continue;
      dst[w] = dst[w]! | f;
      while (f !== 0) {
        const t = f & -f;
        fresh.push((w << 5) + 31 - Math.clz32(t));
        f ^= t;
      }
    }
  }

  /** Members in increasing order. */
  toArray(): number[] {
    const out: number[] = [];
    const words = this.words;
    for (let w = 0; w < words.length; w++) {
      let bits = words[w]!;
      while (bits !== 0) {
        const t = bits & -bits;
        out.push((w << 5) + 31 - Math.clz32(t));
        bits ^= t;
      }
    }
    return out;
  }

  private grow(minWords: number): void {
    const next = new Int32Array(Math.max(minWords, this.words.length * 2));
    next.set(this.words);
    this.words = next;
  }
}
