// A small seeded PRNG (SplitMix32-style mixing over a 32-bit counter) so `--seed N` makes every
// random choice, and hence every run, reproducible. Math.random is never used by the engine.

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** Uniform 32-bit unsigned integer. */
  nextU32(): number {
    let z = (this.s = (this.s + 0x9e3779b9) >>> 0);
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  }
  /** Uniform float in [0, 1). */
  nextFloat(): number {
    return this.nextU32() / 0x100000000;
  }
  /** Uniform integer in [0, n). */
  nextInt(n: number): number {
    return Math.floor(this.nextFloat() * n);
  }
  nextBool(): boolean {
    return (this.nextU32() & 1) === 1;
  }
}
