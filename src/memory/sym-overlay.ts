// The symbolic bytes of one ObjectState at concrete offsets (offset -> 8-bit expression), kept in chunks
// of CHUNK slots that clones share copy-on-write: a clone copies only the short chunk directory, and a
// write copies the one chunk it lands in when that chunk is shared. Before this, the overlay was one
// array as long as the object, copied whole by every clone: on Coreutils with KLEE's POSIX arguments the
// environment record (__sp_env, 1,112 bytes, mostly symbolic) and 1 KB buffers were cloned thousands of
// times at ~9 KB each, the largest single item on the heap (issue 20). A Map per overlay was tried
// first and was larger still (these overlays are dense).

import type { Expr } from '../expr/expr.js';

const CHUNK_BITS = 6;
/** Slots per chunk. */
export const CHUNK = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK - 1;

export class SymOverlay {
  /** Number of symbolic bytes held. */
  count = 0;

  private constructor(
    private chunks: (Expr | undefined)[][],
    /** Per chunk, 1 when this overlay alone has it (may write it in place). */
    private owned: Uint8Array,
  ) {}

  /** An empty overlay for an object of `size` bytes. */
  static forSize(size: number): SymOverlay {
    const n = (size + CHUNK_MASK) >>> CHUNK_BITS;
    return new SymOverlay(new Array(n), new Uint8Array(n));
  }

  get(off: number): Expr | undefined {
    const c = this.chunks[off >>> CHUNK_BITS];
    return c === undefined ? undefined : c[off & CHUNK_MASK];
  }

  set(off: number, v: Expr): void {
    const c = this.own(off >>> CHUNK_BITS);
    if (c[off & CHUNK_MASK] === undefined) this.count++;
    c[off & CHUNK_MASK] = v;
  }

  delete(off: number): void {
    const ci = off >>> CHUNK_BITS;
    const shared = this.chunks[ci];
    if (shared === undefined || shared[off & CHUNK_MASK] === undefined) return;
    this.own(ci)[off & CHUNK_MASK] = undefined;
    this.count--;
  }

  /** A copy sharing every chunk; from now on neither this overlay nor the copy writes a chunk in place. */
  clone(): SymOverlay {
    this.owned.fill(0);
    const c = new SymOverlay(this.chunks.slice(), new Uint8Array(this.owned.length));
    c.count = this.count;
    return c;
  }

  /** Chunks this overlay alone holds (a clone holds none until it writes). */
  get ownedChunks(): number {
    let n = 0;
    for (let i = 0; i < this.owned.length; i++) n += this.owned[i]!;
    return n;
  }

  /** Each (offset, expression), in increasing offset order. */
  forEach(f: (off: number, e: Expr) => void): void {
    const chunks = this.chunks;
    for (let ci = 0; ci < chunks.length; ci++) {
      const c = chunks[ci];
      if (c === undefined) continue;
      for (let o = 0; o < CHUNK; o++) {
        const e = c[o];
        if (e !== undefined) f((ci << CHUNK_BITS) | o, e);
      }
    }
  }

  /** Chunk `ci`, made private to this overlay (created, or copied when shared). */
  private own(ci: number): (Expr | undefined)[] {
    let c = this.chunks[ci];
    if (c === undefined) c = new Array(CHUNK);
    else if (this.owned[ci] === 1) return c;
    else c = c.slice();
    this.chunks[ci] = c;
    this.owned[ci] = 1;
    return c;
  }
}
