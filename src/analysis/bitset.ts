// Growable bit sets over small non-negative integers (object ids), for points-to sets and their
// deltas: unions are word operations and the members come out sorted. The words live in an Int32Array:
// in a plain array, a word with bit 30 or 31 set is no small integer, and V8 then boxes it or turns
// the whole array into doubles, which made every set operation of the solver several times slower.
//
// A set covers only the word range its members span (`base` is the word index of `words[0]`): most
// points-to sets hold a few objects with nearby ids (a function's allocas are numbered together), and
// a set sized from id 0 allocated an off-heap buffer of the whole id range for each of them, which
// cost the solver a sixth of its time.

const NO_WORDS = new Int32Array(0);

// Word arrays are carved out of shared chunks: an Int32Array of more than 16 words gets its own
// off-heap buffer, and creating one (with the garbage collector's bookkeeping for it) cost more than
// the solver's set operations; a view into a chunk is one small object. A chunk is freed when no view
// into it is left.
const CHUNK_WORDS = 1 << 16;
let chunk = new Int32Array(CHUNK_WORDS);
let chunkTop = 0;
function allocWords(n: number): Int32Array {
  // Small arrays live on the heap anyway, and making one is cheaper than a view (subarray).
  if (n <= 16 || n > CHUNK_WORDS >>> 4) return new Int32Array(n);
  if (chunkTop + n > CHUNK_WORDS) {
    chunk = new Int32Array(CHUNK_WORDS);
    chunkTop = 0;
  }
  const words = chunk.subarray(chunkTop, chunkTop + n);
  chunkTop += n;
  return words;
}

// The range [rangeLo, rangeHi) of a set's nonzero words (indexes into its `words`), as `nonzeroRange`
// leaves it: module scratch rather than a returned pair, which every union of the solver would allocate.
let rangeLo = 0;
let rangeHi = 0;
/** Finds the range of nonzero words; whether there is any. */
function nonzeroRange(words: Int32Array): boolean {
  let hi = words.length;
  while (hi > 0 && words[hi - 1] === 0) hi--;
  let lo = 0;
  while (lo < hi && words[lo] === 0) lo++;
  rangeLo = lo;
  rangeHi = hi;
  return lo < hi;
}

/** Pushes the members a word holds, in increasing order; `at` is the id of its bit 0. */
function pushMembers(out: number[], at: number, bits: number): void {
  while (bits !== 0) {
    const t = bits & -bits;
    out.push(at + 31 - Math.clz32(t));
    bits ^= t;
  }
}

export class BitSet {
  private base = 0;
  private words: Int32Array = NO_WORDS;

  has(i: number): boolean {
    const w = (i >>> 5) - this.base;
    return w >= 0 && w < this.words.length && (this.words[w]! & (1 << (i & 31))) !== 0;
  }

  /** Adds i; whether it was new. */
  add(i: number): boolean {
    const wi = i >>> 5;
    let w = wi - this.base;
    if (w < 0 || w >= this.words.length) {
      this.cover(wi, wi + 1);
      w = wi - this.base;
    }
    const m = 1 << (i & 31);
    const old = this.words[w]!;
    if (old & m) return false;
    this.words[w] = old | m;
    return true;
  }

  /**
   * this ∪= other; the members new to this are also added to `fresh` (word by word: the solver's
   * deltas are sets too, and a delta of hundreds of escaped objects crosses an edge in a few dozen
   * word operations). Whether any member was new.
   */
  unionInto(other: BitSet, fresh: BitSet): boolean {
    if (!nonzeroRange(other.words)) return false;
    const src = other.words;
    const lo = rangeLo;
    const hi = rangeHi;
    const ob = other.base;
    this.coverRange(ob + lo, ob + hi);
    const dst = this.words;
    const shift = ob - this.base;
    let any = false;
    for (let w = lo; w < hi; w++) {
      const d = w + shift;
      const f = src[w]! & ~dst[d]!;
      if (f === 0) continue;
      dst[d] = dst[d]! | f;
      if (!any) {
        any = true;
        // the fresh words lie within [w, hi) of other's range
        if (ob + w < fresh.base || ob + hi > fresh.base + fresh.words.length) fresh.cover(ob + w, ob + hi);
      }
      const fw = ob + w - fresh.base;
      fresh.words[fw] = fresh.words[fw]! | f;
    }
    return any;
  }

  /**
   * this ∪= (other − except), the members new to this also added to `fresh`; whether any was new.
   */
  unionIntoExcept(other: BitSet, fresh: BitSet, except: BitSet): boolean {
    if (!nonzeroRange(other.words)) return false;
    const src = other.words;
    const lo = rangeLo;
    const hi = rangeHi;
    const ob = other.base;
    const ex = except.words;
    const exShift = ob - except.base;
    let any = false;
    for (let w = lo; w < hi; w++) {
      const e = w + exShift;
      const bits = e >= 0 && e < ex.length ? src[w]! & ~ex[e]! : src[w]!;
      if (bits === 0) continue;
      const i = ob + w;
      if (i < this.base || i >= this.base + this.words.length) this.cover(i, ob + hi);
      const d = i - this.base;
      const f = bits & ~this.words[d]!;
      if (f === 0) continue;
      this.words[d] = this.words[d]! | f;
      if (i < fresh.base || i >= fresh.base + fresh.words.length) fresh.cover(i, ob + hi);
      const fw = i - fresh.base;
      fresh.words[fw] = fresh.words[fw]! | f;
      any = true;
    }
    return any;
  }

  /** Members of this − except, in increasing order. */
  toArrayExcept(except: BitSet): number[] {
    const out: number[] = [];
    const words = this.words;
    const ex = except.words;
    const exShift = this.base - except.base;
    for (let w = 0; w < words.length; w++) {
      const e = w + exShift;
      const bits = e >= 0 && e < ex.length ? words[w]! & ~ex[e]! : words[w]!;
      if (bits === 0) continue;
      pushMembers(out, (this.base + w) << 5, bits);
    }
    return out;
  }

  /** this ∪= other. */
  or(other: BitSet): void {
    if (!nonzeroRange(other.words)) return;
    const src = other.words;
    const lo = rangeLo;
    const hi = rangeHi;
    const ob = other.base;
    this.coverRange(ob + lo, ob + hi);
    const dst = this.words;
    const shift = ob - this.base;
    for (let w = lo; w < hi; w++) dst[w + shift] = dst[w + shift]! | src[w]!;
  }

  /** this −= other; whether anything was removed. */
  subtract(other: BitSet): boolean {
    const a = this.words;
    const b = other.words;
    const lo = Math.max(this.base, other.base);
    const hi = Math.min(this.base + a.length, other.base + b.length);
    let any = false;
    for (let w = lo; w < hi; w++) {
      const x = a[w - this.base]!;
      const y = x & ~b[w - other.base]!;
      if (x !== y) {
        a[w - this.base] = y;
        any = true;
      }
    }
    return any;
  }

  isEmpty(): boolean {
    const words = this.words;
    for (let w = 0; w < words.length; w++) if (words[w] !== 0) return false;
    return true;
  }

  /** Removes every member, keeping the words for reuse. */
  clear(): void {
    this.words.fill(0);
  }

  /** Members in increasing order. */
  toArray(): number[] {
    const out: number[] = [];
    const words = this.words;
    for (let w = 0; w < words.length; w++) {
      const bits = words[w]!;
      if (bits === 0) continue;
      pushMembers(out, (this.base + w) << 5, bits);
    }
    return out;
  }

  /** Makes the words cover word indexes [lo, hi). */
  private coverRange(lo: number, hi: number): void {
    if (lo < this.base || hi > this.base + this.words.length) this.cover(lo, hi);
  }

  /** Extends the words to cover word indexes [lo, hi), at least doubling when it must grow. */
  private cover(lo: number, hi: number): void {
    const len = this.words.length;
    if (len === 0) {
      this.base = lo;
      this.words = allocWords(hi - lo);
      return;
    }
    let from = Math.min(this.base, lo);
    let to = Math.max(this.base + len, hi);
    const size = Math.max(to - from, 2 * len);
    if (lo < this.base) from = Math.max(0, to - size);
    else to = from + size;
    const next = allocWords(to - from);
    next.set(this.words, this.base - from);
    this.base = from;
    this.words = next;
  }
}
