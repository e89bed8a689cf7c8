// A set of pairs of small non-negative integers (the points-to solver's copy edges, node → node), in
// one open-addressing table of Int32Arrays. It replaced a Set per node: tens of thousands of small
// Sets, and the garbage collector's work promoting them, cost more than the lookups.

const EMPTY = -1;

export class PairSet {
  private keysA: Int32Array;
  private keysB: Int32Array;
  private mask: number;
  private count = 0;

  constructor(capacity = 1024) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.keysA = new Int32Array(size).fill(EMPTY);
    this.keysB = new Int32Array(size);
    this.mask = size - 1;
  }

  /** Adds (a, b); whether it was new. */
  add(a: number, b: number): boolean {
    const ka = this.keysA;
    const kb = this.keysB;
    const mask = this.mask;
    let i = hash(a, b) & mask;
    for (;;) {
      const x = ka[i]!;
      if (x === EMPTY) break;
      if (x === a && kb[i] === b) return false;
      i = (i + 1) & mask;
    }
    ka[i] = a;
    kb[i] = b;
    if (++this.count * 2 > mask) this.grow();
    return true;
  }

  /** Drops the table (the set is empty after). */
  release(): void {
    this.keysA = new Int32Array(16).fill(EMPTY);
    this.keysB = new Int32Array(16);
    this.mask = 15;
    this.count = 0;
  }

  private grow(): void {
    const oa = this.keysA;
    const ob = this.keysB;
    const size = oa.length * 2;
    const ka = new Int32Array(size).fill(EMPTY);
    const kb = new Int32Array(size);
    const mask = size - 1;
    for (let j = 0; j < oa.length; j++) {
      const a = oa[j]!;
      if (a === EMPTY) continue;
      const b = ob[j]!;
      let i = hash(a, b) & mask;
      while (ka[i] !== EMPTY) i = (i + 1) & mask;
      ka[i] = a;
      kb[i] = b;
    }
    this.keysA = ka;
    this.keysB = kb;
    this.mask = mask;
  }
}

function hash(a: number, b: number): number {
  const h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca6b);
  return h ^ (h >>> 15);
}
