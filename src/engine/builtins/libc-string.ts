// String and memory built-ins: memcpy, memmove, memset (shared with llvm.memcpy/memmove/memset),
// memcmp, memchr, strlen, strnlen, strcmp, strncmp, strcpy, strncpy, strcat, strchr, strrchr, strdup,
// abs/labs/llabs and the <ctype.h> classifiers. Concrete bytes take a direct path. Symbolic contents do
// not fork: memcmp, strcmp, strncmp and strlen return if-then-else expressions over the bytes (what
// the C loops would compute, without a fork per byte); ctype functions and abs become expressions too.
// A symbolic length for memcpy/memmove/memset is handled exactly when its range is at most
// SYMBOLIC_LENGTH_SPAN bytes wide (byte i is copied under `i < n`), and concretised otherwise.

import type { Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import type { ByteVal } from '../../memory/object-state.js';
import { norm, type Scalar, type Val } from '../values.js';
import { concreteArg, concreteArgs, cString, objectAt, type BuiltinTableEntries, type CallContext } from './types.js';
import { HEAP } from './libc-memory.js';
import { addressOf } from '../../memory/bigint-bits.js';

export const SYMBOLIC_LENGTH_SPAN = 4096;

function byteExpr(b: ByteVal): Expr {
  return typeof b === 'number' ? B.constant(8, b) : b;
}

/** Copies n bytes src -> dst (memmove semantics); false when an error ended the state. */
function copyConcrete(c: CallContext, dst: bigint, src: bigint, n: bigint): boolean {
  if (n === 0n) return true;
  const N = Number(n);
  const d = objectAt(c, dst, N, true);
  if (d === null) return false;
  const s = objectAt(c, src, N, false);
  if (s === null) return false;
  d.copyFrom(s, Number(src) - s.obj.address, Number(dst) - d.obj.address, N);
  return true;
}

function setConcrete(c: CallContext, dst: bigint, v: Scalar, n: bigint): boolean {
  if (n === 0n) return true;
  const N = Number(n);
  const d = objectAt(c, dst, N, true);
  if (d === null) return false;
  const b: ByteVal = typeof v === 'bigint' ? Number(v & 0xffn) : B.extract(v, 0, 8);
  d.fill(Number(dst) - d.obj.address, N, b);
  return true;
}

/**
 * The part of a memory operation with a symbolic length `n`: bounds-checks (an error state when n
 * may exceed what the objects hold), then calls `apply(i, cond)` for each byte index that may be
 * inside [0, n), where `cond` is null when the byte is always written.
 */
async function symbolicLength(
  c: CallContext,
  n: Expr,
  avail: number,
  apply: (i: number, cond: Expr | null) => void,
): Promise<boolean> {
  const ex = c.ex;
  const w = n.width;
  const [ok, bad] = await ex.fork(c.s, B.ule(n, B.constant(w, avail)), c.inst);
  if (bad) ex.term.error(bad, 'out-of-bounds', `memory error: out of bound pointer (${c.name} with a symbolic length)`, c.inst);
  if (ok !== c.s) {
    // The current state took the error side (possible under --max-forks): nothing more to do here.
    if (ok) ex.term.partial(ok, `${c.name}: symbolic length handled in another state`, c.inst);
    return false;
  }
  const r = await ex.solver.getRange(c.s.constraints, n);
  if (r === 'unknown') {
    ex.term.partial(c.s, 'the solver could not bound a symbolic length', c.inst);
    return false;
  }
  let lo = Number(r.min);
  let hi = Math.min(Number(r.max), avail);
  if (hi - lo > SYMBOLIC_LENGTH_SPAN) {
    const v = await ex.concretize(c.s, n, `length of ${c.name}()`, c.inst);
    if (v === null) return false;
    lo = hi = Number(v);
  }
  for (let i = 0; i < lo; i++) apply(i, null);
  for (let i = lo; i < hi; i++) apply(i, B.ult(B.constant(w, i), n));
  return true;
}

async function memCopy(c: CallContext, args: Val[]): Promise<Val | void> {
  const p = await concreteArgs(c, args.slice(0, 2), 'pointer');
  if (p === null) return;
  const [dst, src] = p as [bigint, bigint];
  const n = args[2] as Scalar;
  if (typeof n === 'bigint') return copyConcrete(c, dst, src, n) ? dst : undefined;
  const d = objectAt(c, dst, 1, true);
  const s = d && objectAt(c, src, 1, false);
  if (!d || !s) return;
  const doff = Number(dst) - d.obj.address;
  const soff = Number(src) - s.obj.address;
  const avail = Math.min(d.obj.size - doff, s.obj.size - soff);
  const bytes: ByteVal[] = [];
  const plan: [number, Expr | null][] = [];
  const ok = await symbolicLength(c, n, avail, (i, cond) => plan.push([i, cond]));
  if (!ok) return;
  // Re-fetch after forking (the state's objects may have been cloned).
  const d2 = objectAt(c, dst, 1, true)!;
  const s2 = objectAt(c, src, 1, false)!;
  for (const [i] of plan) bytes.push(s2.readByte(soff + i));
  plan.forEach(([i, cond], k) => {
    const b = bytes[k]!;
    d2.writeByte(doff + i, cond === null ? b : B.select(cond, byteExpr(b), byteExpr(d2.readByte(doff + i))));
  });
  return dst;
}

async function memSet(c: CallContext, args: Val[]): Promise<Val | void> {
  const dst = await concreteArg(c, args[0]!, 'pointer');
  if (dst === null) return;
  const v = args[1] as Scalar;
  const n = args[2] as Scalar;
  if (typeof n === 'bigint') return setConcrete(c, dst, v, n) ? dst : undefined;
  const d = objectAt(c, dst, 1, true);
  if (!d) return;
  const doff = Number(dst) - d.obj.address;
  const b: ByteVal = typeof v === 'bigint' ? Number(v & 0xffn) : B.extract(v, 0, 8);
  const plan: [number, Expr | null][] = [];
  if (!(await symbolicLength(c, n, d.obj.size - doff, (i, cond) => plan.push([i, cond])))) return;
  const d2 = objectAt(c, dst, 1, true)!;
  for (const [i, cond] of plan) d2.writeByte(doff + i, cond === null ? b : B.select(cond, byteExpr(b), byteExpr(d2.readByte(doff + i))));
  return dst;
}

/** Synchronous fast path for all-concrete memcpy/memmove/memset (the -O0 struct copies). */
export function memCopyBuiltin(c: CallContext, args: Val[]): Val | void | Promise<Val | void> {
  const [d, s, n] = args;
  if (typeof d === 'bigint' && typeof s === 'bigint' && typeof n === 'bigint') return copyConcrete(c, d, s, n) ? d : undefined;
  return memCopy(c, args);
}
export function memSetBuiltin(c: CallContext, args: Val[]): Val | void | Promise<Val | void> {
  const [d, v, n] = args;
  if (typeof d === 'bigint' && typeof n === 'bigint') return setConcrete(c, d, v as Scalar, n) ? d : undefined;
  return memSet(c, args);
}

/** The bytes of [p, p+n) with their object (n bytes must be inside one object). */
function bytesOf(c: CallContext, p: bigint, n: number): ByteVal[] | null {
  if (n === 0) return [];
  const os = objectAt(c, p, n, false);
  if (os === null) return null;
  const off = addressOf(p) - os.obj.address;
  const out: ByteVal[] = [];
  for (let i = 0; i < n; i++) out.push(os.readByte(off + i));
  return out;
}

/** The bytes from p up to and including the first concrete NUL, or to the end of the object. */
function stringBytes(c: CallContext, p: bigint, limit = Infinity): { bytes: ByteVal[]; terminated: boolean } | null {
  const os = objectAt(c, p, 1, false);
  if (os === null) return null;
  const off = addressOf(p) - os.obj.address;
  const bytes: ByteVal[] = [];
  for (let i = off; i < os.obj.size && bytes.length < limit; i++) {
    const b = os.readByte(i);
    bytes.push(b);
    if (b === 0) return { bytes, terminated: true };
  }
  return { bytes, terminated: bytes.length >= limit };
}

function unterminated(c: CallContext): void {
  c.ex.term.error(c.s, 'out-of-bounds', `memory error: out of bound pointer (${c.name}: string not terminated inside its object)`, c.inst);
}

/** i32 result of comparing byte sequences (memcmp/strcmp semantics; `stopAtNul` for strings). */
function compareBytes(a: ByteVal[], b: ByteVal[], n: number, stopAtNul: boolean): Scalar {
  let r: Expr = B.constant(32, 0);
  for (let i = n - 1; i >= 0; i--) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined) continue;
    if (typeof x === 'number' && typeof y === 'number') {
      if (x !== y) r = B.constant(32, x - y);
      else if (stopAtNul && x === 0) r = B.constant(32, 0);
      continue;
    }
    const xe = byteExpr(x);
    const ye = byteExpr(y);
    const diff = B.sub(B.zext(xe, 32), B.zext(ye, 32));
    const same = stopAtNul ? B.select(B.eq(xe, B.constant(8, 0)), B.constant(32, 0), r) : r;
    r = B.select(B.eq(xe, ye), same, diff);
  }
  return norm(r);
}

async function ptrs(c: CallContext, args: Val[], k: number): Promise<bigint[] | null> {
  return concreteArgs(c, args.slice(0, k), 'pointer');
}

function strlenOf(bytes: ByteVal[], w: number): Scalar {
  // length = index of the first zero byte: ite(b0 == 0, 0, ite(b1 == 0, 1, …))
  let r: Expr = B.constant(w, bytes.length - 1);
  for (let i = bytes.length - 2; i >= 0; i--) {
    const b = bytes[i]!;
    if (b === 0) r = B.constant(w, i);
    else if (typeof b !== 'number') r = B.select(B.eq(b, B.constant(8, 0)), B.constant(w, i), r);
  }
  return norm(r);
}

function retBits(c: CallContext): number {
  return c.retType.kind === 'int' ? c.retType.bits : 64;
}

type Ranges = [number, number][];
const CTYPE: Record<string, Ranges> = {
  isdigit: [[48, 57]],
  isalpha: [[65, 90], [97, 122]],
  isalnum: [[48, 57], [65, 90], [97, 122]],
  isupper: [[65, 90]],
  islower: [[97, 122]],
  isxdigit: [[48, 57], [65, 70], [97, 102]],
  isspace: [[9, 13], [32, 32]],
  isprint: [[32, 126]],
  isgraph: [[33, 126]],
  ispunct: [[33, 47], [58, 64], [91, 96], [123, 126]],
  iscntrl: [[0, 31], [127, 127]],
  isblank: [[9, 9], [32, 32]],
};

function ctype(ranges: Ranges) {
  return (_c: CallContext, [x]: Val[]): Val => {
    const v = x as Scalar;
    if (typeof v === 'bigint') {
      const n = Number(BigInt.asIntN(32, v));
      return ranges.some(([a, b]) => n >= a && n <= b) ? 1n : 0n;
    }
    const cond = ranges.map(([a, b]) => B.ule(B.sub(v, B.constant(32, a)), B.constant(32, b - a))).reduce((p, q) => B.or(p, q));
    return norm(B.select(cond, B.constant(32, 1), B.constant(32, 0)));
  };
}

function caseMap(from: number, delta: number) {
  return (_c: CallContext, [x]: Val[]): Val => {
    const v = x as Scalar;
    if (typeof v === 'bigint') {
      const n = Number(BigInt.asIntN(32, v));
      return n >= from && n < from + 26 ? BigInt.asUintN(32, BigInt(n + delta)) : v;
    }
    const inRange = B.ult(B.sub(v, B.constant(32, from)), B.constant(32, 26));
    return norm(B.select(inRange, B.add(v, B.constant(32, delta)), v));
  };
}

function absOf(w: number) {
  return (_c: CallContext, [x]: Val[]): Val => {
    const v = x as Scalar;
    if (typeof v === 'bigint') return BigInt.asIntN(w, v) < 0n ? BigInt.asUintN(w, -BigInt.asIntN(w, v)) : v;
    return norm(B.select(B.slt(v, B.constant(w, 0)), B.neg(v), v));
  };
}

export const STRING: BuiltinTableEntries = {
  memcpy: memCopyBuiltin,
  memmove: memCopyBuiltin,
  memset: memSetBuiltin,
  async memcmp(c, args) {
    const p = await ptrs(c, args, 2);
    const n = await concreteArg(c, args[2]!, 'length');
    if (p === null || n === null) return;
    const a = bytesOf(c, p[0]!, Number(n));
    const b = a && bytesOf(c, p[1]!, Number(n));
    if (!a || !b) return;
    return compareBytes(a, b, Number(n), false);
  },
  async memchr(c, args) {
    const p = await concreteArg(c, args[0]!, 'pointer');
    const ch = await concreteArg(c, args[1]!, 'character');
    const n = await concreteArg(c, args[2]!, 'length');
    if (p === null || ch === null || n === null) return;
    const bytes = bytesOf(c, p, Number(n));
    if (!bytes) return;
    for (let i = 0; i < bytes.length; i++) {
      let b = bytes[i]!;
      if (typeof b !== 'number') {
        const v = await c.ex.concretize(c.s, b, 'byte searched by memchr()', c.inst);
        if (v === null) return;
        b = Number(v);
      }
      if (b === Number(ch & 0xffn)) return p + BigInt(i);
    }
    return 0n;
  },
  async strlen(c, args) {
    const p = await concreteArg(c, args[0]!, 'pointer');
    if (p === null) return;
    const r = stringBytes(c, p);
    if (!r) return;
    if (!r.terminated && !r.bytes.some((b) => typeof b !== 'number')) return unterminated(c);
    return strlenOf(r.terminated ? r.bytes : [...r.bytes, 0], retBits(c));
  },
  async strnlen(c, args) {
    const p = await concreteArg(c, args[0]!, 'pointer');
    const max = await concreteArg(c, args[1]!, 'length');
    if (p === null || max === null) return;
    const r = stringBytes(c, p, Number(max));
    if (!r) return;
    return strlenOf(r.bytes[r.bytes.length - 1] === 0 ? r.bytes : [...r.bytes, 0], retBits(c));
  },
  async strcmp(c, args) {
    const p = await ptrs(c, args, 2);
    if (p === null) return;
    const a = stringBytes(c, p[0]!);
    const b = a && stringBytes(c, p[1]!);
    if (!a || !b) return;
    return compareBytes(a.bytes, b.bytes, Math.min(a.bytes.length, b.bytes.length), true);
  },
  async strncmp(c, args) {
    const p = await ptrs(c, args, 2);
    const n = await concreteArg(c, args[2]!, 'length');
    if (p === null || n === null) return;
    const a = stringBytes(c, p[0]!, Number(n));
    const b = a && stringBytes(c, p[1]!, Number(n));
    if (!a || !b) return;
    return compareBytes(a.bytes, b.bytes, Math.min(a.bytes.length, b.bytes.length, Number(n)), true);
  },
  async strcpy(c, args) {
    const p = await ptrs(c, args, 2);
    if (p === null) return;
    const n = await concreteLength(c, p[1]!);
    if (n === null) return;
    return copyConcrete(c, p[0]!, p[1]!, BigInt(n + 1)) ? p[0]! : undefined;
  },
  async strncpy(c, args) {
    const p = await ptrs(c, args, 2);
    const n = await concreteArg(c, args[2]!, 'length');
    if (p === null || n === null) return;
    const len = await concreteLength(c, p[1]!, Number(n));
    if (len === null) return;
    const k = BigInt(Math.min(len, Number(n)));
    if (!copyConcrete(c, p[0]!, p[1]!, k)) return;
    if (n > k && !setConcrete(c, p[0]! + k, 0n, n - k)) return;
    return p[0]!;
  },
  async strcat(c, args) {
    const p = await ptrs(c, args, 2);
    if (p === null) return;
    const dl = await concreteLength(c, p[0]!);
    const sl = dl === null ? null : await concreteLength(c, p[1]!);
    if (dl === null || sl === null) return;
    return copyConcrete(c, p[0]! + BigInt(dl), p[1]!, BigInt(sl + 1)) ? p[0]! : undefined;
  },
  async strchr(c, args) {
    return findChar(c, args, false);
  },
  async strrchr(c, args) {
    return findChar(c, args, true);
  },
  async strdup(c, args) {
    const p = await concreteArg(c, args[0]!, 'pointer');
    if (p === null) return;
    const n = await concreteLength(c, p);
    if (n === null) return;
    const q = (await HEAP.malloc!(c, [BigInt(n + 1)])) as bigint | undefined;
    if (q === undefined || q === 0n) return q;
    return copyConcrete(c, q, p, BigInt(n + 1)) ? q : undefined;
  },
  abs: absOf(32),
  labs: absOf(64),
  llabs: absOf(64),
  tolower: caseMap(65, 32),
  toupper: caseMap(97, -32),
};
for (const [name, ranges] of Object.entries(CTYPE)) STRING[name] = ctype(ranges);

/** strlen with symbolic bytes concretised (for functions that copy strings); null when the state ended. */
async function concreteLength(c: CallContext, p: bigint, limit = Infinity): Promise<number | null> {
  const bytes = await cString(c, p, limit);
  return bytes === null ? null : bytes.length;
}

/** strchr / strrchr (the terminator itself can be searched for), symbolic bytes concretised. */
async function findChar(c: CallContext, args: Val[], last: boolean): Promise<Val | void> {
  const p = await concreteArg(c, args[0]!, 'pointer');
  const ch = await concreteArg(c, args[1]!, 'character');
  if (p === null || ch === null) return;
  const bytes = await cString(c, p);
  if (bytes === null) return;
  const want = Number(ch & 0xffn);
  if (want === 0) return p + BigInt(bytes.length);
  const i = last ? bytes.lastIndexOf(want) : bytes.indexOf(want);
  return i < 0 ? 0n : p + BigInt(i);
}
