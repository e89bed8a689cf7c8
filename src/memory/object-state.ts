// ObjectState: one state's contents of one MemoryObject (KLEE's ObjectState). Concrete bytes live in a
// Uint8Array; bytes written with a symbolic value at a concrete offset sit in a sparse overlay of 8-bit
// expressions. The first write at a *symbolic* offset puts the object in "array mode", as in KLEE: its
// contents become a constant array (the bytes at that moment) plus an update list, and every byte is
// "unknown" — readable only through the list — until a write at a concrete offset makes it known again.
// Known bytes newer than the list are flushed into it only when a symbolic-offset access needs the
// whole array, so concrete accesses after a symbolic write stay O(1). A read at a symbolic offset of an
// object still in byte mode builds (and caches until the next write) the array view without switching.
//
// Copy-on-write: an ObjectState carries the token of the address space that owns it; a state that does
// not own it clones it before its first write (address-space.ts), so a fork never copies bytes.
// The symbolic overlay is chunked and shared copy-on-write between clones (sym-overlay.ts).
//
// Small objects (SMALL_OBJECT bytes or fewer: most are 8-byte stack slots) keep their bytes in two int32
// fields instead of a Uint8Array: a Uint8Array costs ~216 bytes of heap in Node 20 whatever its length up
// to 64 (JSTypedArray, its ArrayBuffer, the backing store), and echo with KLEE's OSDI'08 arguments held
// 143k of these at 20k live states — 83% of its ObjectStates (issue 20). The rarely used array-mode
// fields sit in one lazily made record (ArrayView), so an ObjectState is 7 fields. Semantics are the
// same for both representations: every byte access goes through byteAt/setByteAt or the word paths.
// Large objects (over MIN_CHUNK) keep them in chunks that clones share copy-on-write (chunked-bytes.ts).

import { Expr, Kind, type ArrayDecl, type UpdateNode } from '../expr/expr.js';
import { add, concat, constant, extract, read, readLE, write } from '../expr/build.js';
import type { MemoryObject } from './memory-object.js';
import { noteAllocation } from './allocation-meter.js';
import { SymOverlay } from './sym-overlay.js';
import { constantArray } from './constant-arrays.js';
import { ChunkedBytes, MIN_CHUNK } from './chunked-bytes.js';
import { bigintOf, high32, join64, low32 } from './bigint-bits.js';

/** A byte: concrete (0..255) or an 8-bit expression. */
export type ByteVal = number | Expr;

/** Objects made symbolic whole from this size on are kept as their array (array mode), not byte by byte. */
export const WHOLE_ARRAY_SYMBOLIC = 1 << 16;

// 4- and 8-byte accesses by hand rather than through a DataView: a DataView per object (kept for its
// life) also made V8 move a small typed array's bytes off the heap into their own ArrayBuffer — about
// 330 bytes per object, for objects that are mostly 8-byte stack slots (issue 20).

/** Little-endian 32 bits at `off`, unsigned. */
function u32(b: Uint8Array, off: number): number {
  return (b[off]! | (b[off + 1]! << 8) | (b[off + 2]! << 16) | (b[off + 3]! << 24)) >>> 0;
}

function setU32(b: Uint8Array, off: number, x: number): void {
  b[off] = x & 0xff;
  b[off + 1] = (x >>> 8) & 0xff;
  b[off + 2] = (x >>> 16) & 0xff;
  b[off + 3] = x >>> 24;
}

/** Little-endian n bytes of `b` at `off`. */
function readWord(b: Uint8Array, off: number, n: number): bigint {
  switch (n) {
    case 1:
      return bigintOf(b[off]!);
    case 2:
      return bigintOf(b[off]! | (b[off + 1]! << 8));
    case 4:
      return bigintOf(u32(b, off));
    case 8:
      return join64(u32(b, off), u32(b, off + 4));
    default: {
      let v = 0n;
      for (let i = n - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[off + i]!);
      return v;
    }
  }
}

/** The low n*8 bits of `v`, little-endian, into `b` at `off`. */
function writeWord(b: Uint8Array, off: number, n: number, v: bigint): void {
  switch (n) {
    case 1:
      b[off] = low32(v) & 0xff;
      return;
    case 2: {
      const x = low32(v);
      b[off] = x & 0xff;
      b[off + 1] = (x >>> 8) & 0xff;
      return;
    }
    case 4:
      setU32(b, off, low32(v));
      return;
    case 8:
      setU32(b, off, low32(v));
      setU32(b, off + 4, high32(v));
      return;
    default:
      for (let i = 0; i < n; i++) {
        b[off + i] = Number(v & 0xffn);
        v >>= 8n;
      }
  }
}

/** Objects of at most this many bytes keep them in two int32 fields (ObjectState.lo/hi), not a Uint8Array. */
export const SMALL_OBJECT = 8;

/** Passed by clone() for contents it sets itself (a large object's chunks are shared, not copied). */
const EMPTY = new Uint8Array(0);

/**
 * The array view of an object's contents: they are `read(root, updates, i)` for bytes that are not known.
 * In byte mode (known null) a cache of the whole contents, dropped (not changed) by the next write; in
 * array mode the object's authoritative state for unknown bytes, owned by one ObjectState.
 */
interface ArrayView {
  root: ArrayDecl;
  updates: UpdateNode | null;
  /** Array mode: per byte, 1 when the concrete bytes/sym hold it (else read it through the array). */
  known: Uint8Array | null;
  /** Array mode: per known byte, 1 when the update list already has its value. */
  flushed: Uint8Array | null;
}

export class ObjectState {
  /**
   * Concrete contents (authoritative for known bytes that `sym` has no entry for): a Uint8Array for an
   * object of SMALL_OBJECT + 1 to MIN_CHUNK bytes, chunks over that, null for small objects (lo/hi).
   * One field for both (read through `big` and `chunks`): one word less in each of ~9 ObjectStates a state.
   */
  private store: Uint8Array | ChunkedBytes | null = null;
  /** A small object's bytes 0-3 and 4-7, little-endian, as int32 (a V8 small integer: no allocation). */
  private lo = 0;
  private hi = 0;
  /** Symbolic bytes at concrete offsets; null when there are none. */
  sym: SymOverlay | null = null;
  /** The array view (cached in byte mode, authoritative in array mode); null when there is none. */
  private view: ArrayView | null = null;

  constructor(
    readonly obj: MemoryObject,
    /** Token of the address space allowed to write this in place. */
    public owner: number,
    bytes?: Uint8Array,
  ) {
    if (bytes === EMPTY) {
      // clone(): it sets the contents itself
    } else if (obj.size > MIN_CHUNK) this.store = ChunkedBytes.of(obj.size, bytes);
    else if (obj.size > SMALL_OBJECT) this.store = bytes ?? new Uint8Array(obj.size);
    else if (bytes !== undefined) for (let i = 0; i < obj.size; i++) this.setByteAt(i, bytes[i]!);
    noteAllocation(obj.size);
  }

  clone(owner: number): ObjectState {
    const c = new ObjectState(this.obj, owner, this.big === null ? EMPTY : this.big.slice());
    if (this.chunks !== null) c.store = this.chunks.clone();
    c.lo = this.lo;
    c.hi = this.hi;
    if (this.sym) c.sym = this.sym.clone();
    const v = this.view;
    if (v !== null) {
      c.view = { root: v.root, updates: v.updates, known: v.known && v.known.slice(), flushed: v.flushed && v.flushed.slice() };
      if (v.known) noteAllocation(2 * this.obj.size);
    }
    return c;
  }

  /** The bytes of a medium object (SMALL_OBJECT + 1 to MIN_CHUNK bytes), else null. */
  private get big(): Uint8Array | null {
    const s = this.store;
    return s instanceof Uint8Array ? s : null;
  }

  /** The chunks of a large object (over MIN_CHUNK bytes), else null. */
  private get chunks(): ChunkedBytes | null {
    const s = this.store;
    return s instanceof ChunkedBytes ? s : null;
  }

  /** True when every byte is concrete (reads can take the fast path). */
  get isConcrete(): boolean {
    return this.sym === null && (this.view === null || this.view.known === null);
  }

  /** Array mode's per-byte "known" flags, or null in byte mode. */
  private get known(): Uint8Array | null {
    return this.view === null ? null : this.view.known;
  }

  /** The concrete byte at `i` (whatever sym or the array view say about it). */
  private byteAt(i: number): number {
    const st = this.store;
    if (st === null) return i < 4 ? (this.lo >>> (8 * i)) & 0xff : (this.hi >>> (8 * (i - 4))) & 0xff;
    return st instanceof Uint8Array ? st[i]! : st.get(i);
  }

  private setByteAt(i: number, v: number): void {
    const st = this.store;
    if (st !== null) {
      if (st instanceof Uint8Array) st[i] = v;
      else st.put(i, v);
      return;
    }
    if (i < 4) {
      const sh = 8 * i;
      this.lo = (this.lo & ~(0xff << sh)) | ((v & 0xff) << sh);
    } else {
      const sh = 8 * (i - 4);
      this.hi = (this.hi & ~(0xff << sh)) | ((v & 0xff) << sh);
    }
  }

  /** A copy of the concrete bytes (for bytes that are symbolic or unknown, what was last stored there concretely). */
  concreteBytes(): Uint8Array {
    if (this.big !== null) return this.big.slice();
    if (this.chunks !== null) return this.chunks.slice();
    const out = new Uint8Array(this.obj.size);
    for (let i = 0; i < out.length; i++) out[i] = this.byteAt(i);
    return out;
  }

  /** Stores concrete `data` at [off, off + data.length) (initial contents: argv strings, host files, constants). */
  setBytes(off: number, data: Uint8Array): void {
    this.touch(off, data.length);
    if (this.big !== null) this.big.set(data, off);
    else if (this.chunks !== null) this.chunks.set(data, off);
    else for (let i = 0; i < data.length; i++) this.setByteAt(off + i, data[i]!);
  }

  // -------------------------------------------------------------------------------------------
  // Concrete offsets

  /** Little-endian value of bytes [off, off+n): a bigint when all are concrete, else an Expr. */
  read(off: number, n: number): bigint | Expr {
    if (this.sym === null && (this.view === null || this.view.known === null)) return this.readConcrete(off, n);
    if (this.allConcrete(off, n)) return this.readConcrete(off, n);
    let e = this.byteExpr(off);
    for (let i = 1; i < n; i++) e = concat(this.byteExpr(off + i), e);
    return e.kind === Kind.Const ? e.value : e;
  }

  private allConcrete(off: number, n: number): boolean {
    const sym = this.sym;
    const known = this.known;
    for (let i = off; i < off + n; i++) {
      if (sym !== null && sym.get(i) !== undefined) return false;
      if (known !== null && known[i] === 0) return false;
    }
    return true;
  }

  /** Bytes [off, off+n) known to be concrete, little-endian. */
  readConcrete(off: number, n: number): bigint {
    const st = this.store;
    if (st !== null) {
      if (st instanceof Uint8Array) return readWord(st, off, n);
      const co = off & st.mask;
      return co + n <= st.mask + 1 ? readWord(st.chunkOf(off), co, n) : this.readBytes(off, n);
    }
    if (off === 0) {
      if (n === 8) return join64(this.lo >>> 0, this.hi >>> 0);
      if (n === 4) return bigintOf(this.lo >>> 0);
    }
    return this.readBytes(off, n);
  }

  private readBytes(off: number, n: number): bigint {
    if (n <= 6) {
      let x = 0;
      for (let i = n - 1; i >= 0; i--) x = x * 256 + this.byteAt(off + i);
      return bigintOf(x);
    }
    let v = 0n;
    for (let i = n - 1; i >= 0; i--) v = (v << 8n) | BigInt(this.byteAt(off + i));
    return v;
  }

  /** Writes the low n*8 bits of `v` little-endian at [off, off+n). */
  write(off: number, n: number, v: bigint | Expr): void {
    if (typeof v === 'bigint') {
      this.touch(off, n);
      this.writeConcrete(off, n, v);
      return;
    }
    if (v.kind === Kind.Const) return this.write(off, n, v.value);
    for (let i = 0; i < n; i++) {
      const byte = v.width > 8 * i ? extract(v, 8 * i, Math.min(8, v.width - 8 * i)) : constant(8, 0);
      this.writeByte(off + i, byte.width === 8 ? byte : concat(constant(8 - byte.width, 0), byte));
    }
  }

  writeConcrete(off: number, n: number, v: bigint): void {
    const st = this.store;
    if (st !== null) {
      if (st instanceof Uint8Array) return writeWord(st, off, n, v);
      const co = off & st.mask;
      if (co + n <= st.mask + 1) return writeWord(st.own(off >>> st.bits), co, n, v);
      return this.writeBytes(off, n, v);
    }
    if (off === 0 && n === 8) {
      this.lo = low32(v) | 0;
      this.hi = high32(v) | 0;
      return;
    }
    if (off === 0 && n === 4) {
      this.lo = low32(v) | 0;
      return;
    }
    this.writeBytes(off, n, v);
  }

  private writeBytes(off: number, n: number, v: bigint): void {
    if (n <= 4) {
      const x = low32(v);
      for (let i = 0; i < n; i++) this.setByteAt(off + i, (x >>> (8 * i)) & 0xff);
      return;
    }
    for (let i = 0; i < n; i++) {
      this.setByteAt(off + i, Number(v & 0xffn));
      v >>= 8n;
    }
  }

  /** Bytes [off, off+n) are about to get concrete values: drop overlay entries, mark them known. */
  private touch(off: number, n: number): void {
    const view = this.view;
    if (view !== null) {
      if (view.known === null) this.view = null; // byte mode: the cached array view is stale
      else {
        view.known.fill(1, off, off + n);
        view.flushed!.fill(0, off, off + n);
      }
    }
    if (this.sym !== null) this.clearSym(off, n);
  }

  private clearSym(off: number, n: number): void {
    const sym = this.sym!;
    for (let i = 0; i < n; i++) sym.delete(off + i);
    if (sym.count === 0) this.sym = null;
  }

  /** One byte at a concrete offset. */
  readByte(off: number): ByteVal {
    const view = this.view;
    if (view !== null && view.known !== null && view.known[off] === 0) {
      const e = read(view.root, view.updates, constant(32, off));
      return e.kind === Kind.Const ? Number(e.value) : e;
    }
    const s = this.sym === null ? undefined : this.sym.get(off);
    return s ?? this.byteAt(off);
  }

  writeByte(off: number, v: ByteVal): void {
    if (typeof v !== 'number' && v.kind === Kind.Const) v = Number(v.value);
    if (typeof v === 'number') {
      this.touch(off, 1);
      this.setByteAt(off, v);
      return;
    }
    const view = this.view;
    if (view !== null) {
      if (view.known === null) this.view = null;
      else {
        view.known[off] = 1;
        view.flushed![off] = 0;
      }
    }
    (this.sym ??= SymOverlay.forSize(this.obj.size)).set(off, v);
  }

  private byteExpr(off: number): Expr {
    const b = this.readByte(off);
    return typeof b === 'number' ? constant(8, b) : b;
  }

  // -------------------------------------------------------------------------------------------
  // Symbolic offsets (`index` is a 32-bit expression; the caller has checked it is in bounds)

  /** Little-endian n-byte read at a symbolic offset. */
  readAt(index: Expr, n: number): bigint | Expr {
    const view = this.arrayView();
    const e = readLE(view.root, view.updates, index, n);
    return e.kind === Kind.Const ? e.value : e;
  }

  /** Little-endian n-byte write of `v` (a value of n*8 bits) at a symbolic offset. */
  writeAt(index: Expr, n: number, v: bigint | Expr): void {
    const view = this.arrayView();
    if (view.known === null) {
      view.known = new Uint8Array(this.obj.size);
      view.flushed = new Uint8Array(this.obj.size);
    } else view.known.fill(0);
    this.sym = null;
    const e = typeof v === 'bigint' ? constant(n * 8, v) : v;
    for (let i = 0; i < n; i++) {
      const at = i === 0 ? index : add(index, constant(32, i));
      view.updates = write(view.updates, at, extract(e, 8 * i, 8));
    }
  }

  /**
   * Makes (root, updates) hold the whole contents: in byte mode a constant snapshot plus the overlay
   * (cached until the next write); in array mode, flushes known bytes newer than the list.
   */
  private arrayView(): ArrayView {
    const view = this.view;
    if (view !== null && view.known !== null) {
      const known = view.known;
      const flushed = view.flushed!;
      for (let i = 0; i < known.length; i++) {
        if (known[i] === 1 && flushed[i] === 0) {
          const s = this.sym === null ? undefined : this.sym.get(i);
          view.updates = write(view.updates, constant(32, i), s ?? constant(8, this.byteAt(i)));
          flushed[i] = 1;
        }
      }
      return view;
    }
    if (view !== null) return view;
    const root = constantArray(this.obj.size, this.concreteBytes());
    let u: UpdateNode | null = null;
    if (this.sym !== null) {
      this.sym.forEach((i, s) => (u = write(u, constant(32, i), s)));
    }
    return (this.view = { root, updates: u, known: null, flushed: null });
  }

  /** Copies n bytes from `src` (possibly this object; overlapping ranges are safe, as memmove). */
  copyFrom(src: ObjectState, srcOff: number, dstOff: number, n: number): void {
    if (n <= 0) return;
    if (src.isConcrete && this.isConcrete) {
      const to = this.big;
      if (src === this && to !== null) to.copyWithin(dstOff, srcOff, srcOff + n);
      else {
        // Through a copy (memmove when src is this); slice() rather than subarray(), which would give
        // the source's typed array an ArrayBuffer for good.
        let tmp: Uint8Array;
        if (src.big !== null) tmp = src.big.slice(srcOff, srcOff + n);
        else if (src.chunks !== null) tmp = src.chunks.slice(srcOff, srcOff + n);
        else {
          tmp = new Uint8Array(n);
          for (let i = 0; i < n; i++) tmp[i] = src.byteAt(srcOff + i);
        }
        if (to !== null) to.set(tmp, dstOff);
        else if (this.chunks !== null) this.chunks.set(tmp, dstOff);
        else for (let i = 0; i < n; i++) this.setByteAt(dstOff + i, tmp[i]!);
      }
      this.view = null;
      return;
    }
    const tmp: ByteVal[] = new Array(n);
    for (let i = 0; i < n; i++) tmp[i] = src.readByte(srcOff + i);
    for (let i = 0; i < n; i++) this.writeByte(dstOff + i, tmp[i]!);
  }

  /** Sets n bytes to `v` (memset). */
  fill(off: number, n: number, v: ByteVal): void {
    if (n <= 0) return;
    if (typeof v === 'number') {
      this.touch(off, n);
      if (this.big !== null) this.big.fill(v, off, off + n);
      else if (this.chunks !== null) this.chunks.fill(v, off, off + n);
      else for (let i = off; i < off + n; i++) this.setByteAt(i, v);
      return;
    }
    for (let i = 0; i < n; i++) this.writeByte(off + i, v);
  }

  /** Replace bytes [off, off+size) by the bytes of a fresh symbolic array (klee_make_symbolic). */
  makeSymbolic(off: number, array: ArrayDecl): void {
    if (off === 0 && array.size === this.obj.size && array.size >= WHOLE_ARRAY_SYMBOLIC) {
      // The whole object becomes the array itself, in array mode: no expression per byte (a 16 MB
      // object made 16M of them and ran Node out of heap); a byte's expression is made when it is read.
      this.view = { root: array, updates: null, known: new Uint8Array(this.obj.size), flushed: new Uint8Array(this.obj.size) };
      this.sym = null;
      return;
    }
    for (let i = 0; i < array.size; i++) this.writeByte(off + i, read(array, null, constant(32, i)));
  }
}
