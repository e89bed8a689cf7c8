// The concrete bytes of a large ObjectState (over MIN_CHUNK bytes), in at most 16 chunks that clones
// share copy-on-write: a clone copies the short chunk directory, a write copies the one chunk it lands
// in. Chunks never written are shared zero chunks. Before this, cloning a large object copied all of its
// bytes: echo with KLEE's OSDI'08 arguments held, at 20k live states, 3.6k copies of the POSIX model's
// environment record (1,112 B, mostly symbolic: its bytes sit in the symbolic overlay) and ~5.7k copies
// of 1 KB buffers, each forked state writing a few bytes of them — ~1 KB per live state (issue 20).
// Chunks are MIN_CHUNK (128) bytes, or size / 16 rounded up to a power of two for objects over 2 KB: a
// Uint8Array costs ~190 B of heap besides its bytes in Node 20, so small chunks would cost more than
// they save, and an object written all over (a memset per path) must not cost much more than one array.

/** Chunk size of objects up to 16 * MIN_CHUNK bytes; objects over MIN_CHUNK bytes are chunked. */
export const MIN_CHUNK = 128;
const MIN_BITS = 7;

/** Zero chunks by size (log2), shared by every directory slot never written (own() copies them first). */
const zeros: Uint8Array[] = [];

export class ChunkedBytes {
  private constructor(
    private readonly chunks: Uint8Array[],
    /** Bit i: chunk i is this store's alone (may be written in place). */
    private owned: number,
    readonly length: number,
    /** log2 of the chunk size. */
    readonly bits: number,
  ) {
    this.mask = (1 << bits) - 1;
  }

  /** Chunk size - 1: the offset of byte i in its chunk is i & mask. */
  readonly mask: number;

  /** `size` zero bytes (or a copy of `init`, as long or shorter). */
  static of(size: number, init?: Uint8Array): ChunkedBytes {
    const bits = Math.max(MIN_BITS, Math.ceil(Math.log2(size / 16)));
    const n = Math.ceil(size / 2 ** bits);
    const zero = (zeros[bits] ??= new Uint8Array(2 ** bits));
    const c = new ChunkedBytes(new Array<Uint8Array>(n).fill(zero), 0, size, bits);
    if (init !== undefined) c.set(init, 0);
    return c;
  }

  /** Bytes per chunk. */
  get chunkSize(): number {
    return 1 << this.bits;
  }

  /** A copy sharing every chunk; from now on neither this store nor the copy writes a chunk in place. */
  clone(): ChunkedBytes {
    this.owned = 0;
    return new ChunkedBytes(this.chunks.slice(), 0, this.length, this.bits);
  }

  get(i: number): number {
    return this.chunks[i >>> this.bits]![i & this.mask]!;
  }

  put(i: number, v: number): void {
    this.own(i >>> this.bits)[i & this.mask] = v;
  }

  /** The chunk holding byte `i`, to read (offset of `i` in it: i & (chunkSize - 1)). */
  chunkOf(i: number): Uint8Array {
    return this.chunks[i >>> this.bits]!;
  }

  /** Chunk `ci`, made this store's own (copied when shared) to write. */
  own(ci: number): Uint8Array {
    const c = this.chunks[ci]!;
    if ((this.owned & (1 << ci)) !== 0) return c;
    const mine = c === zeros[this.bits] ? new Uint8Array(1 << this.bits) : c.slice();
    this.chunks[ci] = mine;
    this.owned |= 1 << ci;
    return mine;
  }

  /** Bytes [from, to) set to `v`. */
  fill(v: number, from: number, to: number): void {
    const mask = (1 << this.bits) - 1;
    for (let i = from; i < to; ) {
      const ci = i >>> this.bits;
      const end = Math.min(to, (ci + 1) * 2 ** this.bits);
      this.own(ci).fill(v, i & mask, ((end - 1) & mask) + 1);
      i = end;
    }
  }

  /** `data` stored at [off, off + data.length). */
  set(data: Uint8Array, off: number): void {
    for (let k = 0; k < data.length; ) {
      const i = off + k;
      const ci = i >>> this.bits;
      const n = Math.min(data.length - k, (ci + 1) * 2 ** this.bits - i);
      this.own(ci).set(data.subarray(k, k + n), i & ((1 << this.bits) - 1));
      k += n;
    }
  }

  /** A copy of bytes [from, to). */
  slice(from = 0, to = this.length): Uint8Array {
    // Byte by byte: subarray() would give each chunk an ArrayBuffer (and move its bytes off the heap).
    const out = new Uint8Array(to - from);
    const mask = (1 << this.bits) - 1;
    for (let i = from; i < to; i++) out[i - from] = this.chunks[i >>> this.bits]![i & mask]!;
    return out;
  }

  /** Chunks this store alone holds (a clone holds none until it writes). */
  get ownedChunks(): number {
    let n = 0;
    for (let ci = 0; ci < this.chunks.length; ci++) if ((this.owned & (1 << ci)) !== 0) n++;
    return n;
  }
}
