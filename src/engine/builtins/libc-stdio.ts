// The minimal stdio of `--libc none`: printf and friends (stdout/stderr only, or into memory for
// sprintf/snprintf), puts, putchar, fputs, fputc, fwrite, write, fflush; and process exits: exit,
// _exit, abort, __assert_fail. Output goes to the run environment's stdout/stderr in program order.
// Symbolic arguments are concretised (reported once per call site).

import type { Expr } from '../../expr/expr.js';
import type { Type } from '../../ir/types.js';
import { ObjectState } from '../../memory/object-state.js';
import { f64FromBits, fp80FromBits, type Val } from '../values.js';
import { formatPrintf, type ArgSource } from './printf.js';
import { concreteArg, cString, objectAt, type BuiltinTableEntries, type CallContext } from './types.js';

/** Arguments passed directly to the call, from index `first`. */
function directArgs(c: CallContext, args: Val[], first: number): ArgSource {
  let k = first;
  return {
    async int(bytes, signed) {
      if (k >= args.length) return 0n;
      const v = await concreteArg(c, args[k++]!, 'argument');
      if (v === null) return null;
      const u = BigInt.asUintN(bytes * 8, v);
      return signed ? BigInt.asIntN(bytes * 8, u) : u;
    },
    async float() {
      if (k >= args.length) return { x: 0, negative: false };
      const t: Type | undefined = c.argTypes[k];
      const v = await concreteArg(c, args[k++]!, 'argument');
      if (v === null) return null;
      const long = t !== undefined && t.kind === 'float' && t.name === 'x86_fp80';
      return { x: long ? fp80FromBits(v) : f64FromBits(v), negative: (v >> (long ? 79n : 63n)) === 1n };
    },
    string: (ptr, limit) => cString(c, ptr, limit),
  };
}

/** Arguments read from an x86-64 va_list at `list` (everything from overflow_arg_area). */
function vaListArgs(c: CallContext, list: bigint): ArgSource | null {
  const los = objectAt(c, list, 24, true);
  if (los === null) return null;
  const lo = Number(list) - los.obj.address;
  const readAt = async (align: number, n: number): Promise<{ os: ObjectState; off: number; addr: number } | null> => {
    const raw = los.read(lo + 8, 8);
    const area = typeof raw === 'bigint' ? raw : await c.ex.concretize(c.s, raw, 'va_list pointer', c.inst);
    if (area === null) return null;
    const at = Math.ceil(Number(area) / align) * align;
    const os = objectAt(c, BigInt(at), n, false);
    if (os === null) return null;
    los.write(lo + 8, 8, BigInt(at + Math.ceil(n / 8) * 8));
    return { os, off: at - os.obj.address, addr: at };
  };
  const value = async (os: ObjectState, off: number, n: number): Promise<bigint | null> => {
    const v = os.read(off, n);
    return typeof v === 'bigint' ? v : c.ex.concretize(c.s, v as Expr, 'variadic argument', c.inst);
  };
  return {
    async int(bytes, signed) {
      const r = await readAt(8, 8);
      if (r === null) return null;
      const v = await value(r.os, r.off, bytes);
      if (v === null) return null;
      return signed ? BigInt.asIntN(bytes * 8, v) : v;
    },
    async float(long) {
      const r = await readAt(long ? 16 : 8, long ? 16 : 8);
      if (r === null) return null;
      const v = await value(r.os, r.off, long ? 10 : 8);
      if (v === null) return null;
      return { x: long ? fp80FromBits(v) : f64FromBits(v), negative: (v >> (long ? 79n : 63n)) === 1n };
    },
    string: (ptr, limit) => cString(c, ptr, limit),
  };
}

/** fd 1 or 2 for a FILE* argument; null (state ended) for any other stream. */
async function streamFd(c: CallContext, v: Val): Promise<1 | 2 | null> {
  const p = await concreteArg(c, v, 'stream');
  if (p === null) return null;
  const streams = c.ex.image.streams;
  if (p === BigInt(streams[1]!.address)) return 1;
  if (p === BigInt(streams[2]!.address)) return 2;
  c.ex.term.error(c.s, 'model', `${c.name}() on a stream other than stdout/stderr is not supported without a libc`, c.inst);
  return null;
}

async function format(c: CallContext, fmtPtr: Val, src: ArgSource | null): Promise<Uint8Array | null> {
  if (src === null) return null;
  const fp = await concreteArg(c, fmtPtr, 'format');
  if (fp === null) return null;
  const fmt = await cString(c, fp);
  if (fmt === null) return null;
  return formatPrintf(fmt, src);
}

/** Writes `bytes` (+ NUL) into the buffer at `dst`, at most `cap` bytes including the NUL. */
function toBuffer(c: CallContext, dst: bigint, bytes: Uint8Array, cap: number): boolean {
  if (cap <= 0) return true;
  const n = Math.min(bytes.length, cap - 1);
  const os = objectAt(c, dst, n + 1, true);
  if (os === null) return false;
  const off = Number(dst) - os.obj.address;
  for (let i = 0; i < n; i++) os.writeByte(off + i, bytes[i]!);
  os.writeByte(off + n, 0);
  return true;
}

function count(c: CallContext, n: number): bigint {
  return BigInt.asUintN(c.retType.kind === 'int' ? c.retType.bits : 32, BigInt(n));
}

async function bytesAt(c: CallContext, ptr: Val, len: Val): Promise<Uint8Array | null> {
  const p = await concreteArg(c, ptr, 'buffer');
  const n = await concreteArg(c, len, 'length');
  if (p === null || n === null) return null;
  if (n === 0n) return new Uint8Array(0);
  const os = objectAt(c, p, Number(n), false);
  if (os === null) return null;
  const off = Number(p) - os.obj.address;
  const out = new Uint8Array(Number(n));
  for (let i = 0; i < out.length; i++) {
    let b = os.readByte(off + i);
    if (typeof b !== 'number') {
      const v = await c.ex.concretize(c.s, b, `byte written by ${c.name}()`, c.inst);
      if (v === null) return null;
      b = Number(v);
    }
    out[i] = b;
  }
  return out;
}

export const STDIO: BuiltinTableEntries = {
  async printf(c, args) {
    const out = await format(c, args[0]!, directArgs(c, args, 1));
    if (out === null) return;
    c.ex.writeFrom(c.s, 1, out);
    return count(c, out.length);
  },
  async fprintf(c, args) {
    const fd = await streamFd(c, args[0]!);
    if (fd === null) return;
    const out = await format(c, args[1]!, directArgs(c, args, 2));
    if (out === null) return;
    c.ex.writeFrom(c.s, fd, out);
    return count(c, out.length);
  },
  async vprintf(c, args) {
    const list = await concreteArg(c, args[1]!, 'va_list');
    if (list === null) return;
    const out = await format(c, args[0]!, vaListArgs(c, list));
    if (out === null) return;
    c.ex.writeFrom(c.s, 1, out);
    return count(c, out.length);
  },
  async vfprintf(c, args) {
    const fd = await streamFd(c, args[0]!);
    const list = await concreteArg(c, args[2]!, 'va_list');
    if (fd === null || list === null) return;
    const out = await format(c, args[1]!, vaListArgs(c, list));
    if (out === null) return;
    c.ex.writeFrom(c.s, fd, out);
    return count(c, out.length);
  },
  async sprintf(c, args) {
    const dst = await concreteArg(c, args[0]!, 'buffer');
    if (dst === null) return;
    const out = await format(c, args[1]!, directArgs(c, args, 2));
    if (out === null || !toBuffer(c, dst, out, Infinity)) return;
    return count(c, out.length);
  },
  async snprintf(c, args) {
    const dst = await concreteArg(c, args[0]!, 'buffer');
    const cap = await concreteArg(c, args[1]!, 'size');
    if (dst === null || cap === null) return;
    const out = await format(c, args[2]!, directArgs(c, args, 3));
    if (out === null || !toBuffer(c, dst, out, Number(cap))) return;
    return count(c, out.length);
  },
  async vsprintf(c, args) {
    const dst = await concreteArg(c, args[0]!, 'buffer');
    const list = await concreteArg(c, args[2]!, 'va_list');
    if (dst === null || list === null) return;
    const out = await format(c, args[1]!, vaListArgs(c, list));
    if (out === null || !toBuffer(c, dst, out, Infinity)) return;
    return count(c, out.length);
  },
  async vsnprintf(c, args) {
    const dst = await concreteArg(c, args[0]!, 'buffer');
    const cap = await concreteArg(c, args[1]!, 'size');
    const list = await concreteArg(c, args[3]!, 'va_list');
    if (dst === null || cap === null || list === null) return;
    const out = await format(c, args[2]!, vaListArgs(c, list));
    if (out === null || !toBuffer(c, dst, out, Number(cap))) return;
    return count(c, out.length);
  },
  async puts(c, args) {
    const p = await concreteArg(c, args[0]!, 'string');
    if (p === null) return;
    const s = await cString(c, p);
    if (s === null) return;
    c.ex.writeFrom(c.s, 1, s);
    c.ex.writeFrom(c.s, 1, Uint8Array.of(10));
    return count(c, s.length + 1);
  },
  async fputs(c, args) {
    const fd = await streamFd(c, args[1]!);
    const p = await concreteArg(c, args[0]!, 'string');
    if (fd === null || p === null) return;
    const s = await cString(c, p);
    if (s === null) return;
    c.ex.writeFrom(c.s, fd, s);
    return count(c, s.length);
  },
  async putchar(c, args) {
    const v = await concreteArg(c, args[0]!, 'character');
    if (v === null) return;
    c.ex.writeFrom(c.s, 1, Uint8Array.of(Number(v & 0xffn)));
    return v & 0xffn;
  },
  async fputc(c, args) {
    const fd = await streamFd(c, args[1]!);
    const v = await concreteArg(c, args[0]!, 'character');
    if (fd === null || v === null) return;
    c.ex.writeFrom(c.s, fd, Uint8Array.of(Number(v & 0xffn)));
    return v & 0xffn;
  },
  async fwrite(c, args) {
    const fd = await streamFd(c, args[3]!);
    const size = await concreteArg(c, args[1]!, 'size');
    const n = await concreteArg(c, args[2]!, 'count');
    if (fd === null || size === null || n === null) return;
    const bytes = await bytesAt(c, args[0]!, size * n);
    if (bytes === null) return;
    c.ex.writeFrom(c.s, fd, bytes);
    return n;
  },
  async write(c, args) {
    const fd = await concreteArg(c, args[0]!, 'file descriptor');
    if (fd === null) return;
    if (fd !== 1n && fd !== 2n) {
      c.ex.term.error(c.s, 'model', `write() to file descriptor ${fd} is not supported without the POSIX runtime`, c.inst);
      return;
    }
    const bytes = await bytesAt(c, args[1]!, args[2]!);
    if (bytes === null) return;
    c.ex.writeFrom(c.s, Number(fd) as 1 | 2, bytes);
    return BigInt(bytes.length);
  },
  fflush: () => 0n,
  exit(c, args) {
    return c.ex.frames.exitWith(c.s, args[0] as bigint | Expr, c.inst);
  },
  abort(c) {
    c.ex.term.error(c.s, 'abort', 'abort failure', c.inst);
  },
  async __assert_fail(c, args) {
    const p = typeof args[0] === 'bigint' ? args[0] : null;
    const text = p !== null ? await cString(c, p) : null;
    if (c.s.terminated) return;
    const what = text ? Buffer.from(text).toString('latin1') : '?';
    c.ex.term.error(c.s, 'assert', `ASSERTION FAIL: ${what}`, c.inst);
  },
};
STDIO.putc = STDIO.fputc!;
STDIO._exit = STDIO.exit!;
STDIO._Exit = STDIO.exit!;
STDIO.__assert = STDIO.__assert_fail!;
