// Built-in calls as backward steps. A built-in is TypeScript, not IR: its effect on the program state
// and the checks it makes are modelled here, one entry per function the postconditions understand;
// every other built-in is a barrier (learning stops there — always sound). A model gives
//   conjuncts    conditions the call's own behaviour was specialised on: a pointer or size argument
//                equal to the value it had (the call accessed exactly those bytes; KLEE's "concretisations
//                conjoined as equalities"), a klee_assume'd condition;
//   antecedents  assumptions about the fresh values the call makes (klee_range's bounds): wp := a → wp;
//   result       the result register's value (null: a fresh, universally quantified value);
//   writes       bytes it wrote, per region.
// General rules checked before any model: no object allocated during the call, and every observed read
// of memory the model does not account for is of a read-only object (a format string, a name) whose
// contents cannot differ between states — a string a built-in scans could otherwise end elsewhere and
// fault differently.

import type { Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import type { Val } from '../../engine/values.js';
import type { Ev, ObservedAccess } from './events.js';
import { freshArray, isScalar, widthOf, type Region } from './leaves.js';
import type { Semantics } from './semantics.js';
import type { MemWrite } from './subst.js';

export interface BuiltinEffect {
  conjuncts: Expr[];
  antecedents: Expr[];
  /** The result's value; null for a fresh value; undefined for a void call. */
  result: Expr | null | undefined;
  writes: { region: Region; writes: MemWrite[] }[];
  /** malloc/calloc: the heap object made. The walk (wp.ts, allocationStep) steps the HeapAt leaves back
   *  over the allocation and, when the precondition mentions the object, asks for this path's
   *  allocation history before the call (a state with it gets the same object: heap-history.ts). */
  allocates?: Region;
  /** free, llvm.stackrestore: the objects released (Live ↦ false). */
  frees?: readonly Region[];
}

/** Heap allocators whose object the walk can let through (wp.ts); realloc (copies, frees) is not one. */
export const HEAP_ALLOCATORS = new Set(['malloc', 'calloc']);

/** Largest allocation let through: the engine fails bigger ones depending on its memory use (not a
 *  function of the state). */
const MAX_MODELLED_ALLOC = 16 << 20;

/** Built-ins that end the path (only ever the last event of a path: terminal conditions). */
export const TERMINAL_BUILTINS = new Set([
  'abort', 'exit', '_exit', '_Exit', 'klee_abort', 'klee_silent_exit', '__assert_fail', 'klee_report_error',
  'llvm.trap', 'llvm.debugtrap', 'llvm.ubsantrap',
  // The musl runtime's exit_group (builtins/runtime-hooks.ts).
  '__sympath_exit',
]);

/** Built-ins that run IR functions of the program on return (musl's constructors and destructors):
 *  their frames are pushed by the call, so the next instruction is in a deeper frame. */
export const STRUCTOR_RUNNERS = new Set(['__sympath_run_ctors', '__sympath_run_dtors']);

/** Pure functions of scalar arguments: result fresh (not modelled exactly), no checks, no memory. */
const PURE = new Set([
  'llvm.ctpop', 'llvm.ctlz', 'llvm.cttz', 'llvm.bswap', 'llvm.bitreverse', 'llvm.fshl', 'llvm.fshr',
  'llvm.sadd.with.overflow', 'llvm.uadd.with.overflow', 'llvm.ssub.with.overflow', 'llvm.usub.with.overflow',
  'llvm.smul.with.overflow', 'llvm.umul.with.overflow', 'llvm.sadd.sat', 'llvm.uadd.sat', 'llvm.ssub.sat', 'llvm.usub.sat',
  'llvm.floor', 'llvm.ceil', 'llvm.trunc', 'llvm.round', 'llvm.rint', 'llvm.nearbyint', 'llvm.roundeven', 'llvm.sqrt',
  'llvm.fma', 'llvm.fmuladd', 'llvm.minnum', 'llvm.maxnum', 'llvm.minimum', 'llvm.maximum', 'llvm.pow', 'llvm.exp',
  'llvm.exp2', 'llvm.log', 'llvm.log2', 'llvm.log10', 'llvm.sin', 'llvm.cos', 'llvm.fabs', 'llvm.copysign', 'llvm.is.fpclass',
  'floor', 'ceil', 'trunc', 'round', 'rint', 'nearbyint', 'sqrt', 'fma', 'pow', 'exp', 'exp2', 'log', 'log2', 'log10',
  'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'cbrt', 'hypot', 'expm1', 'log1p',
  'fabs', 'copysign', 'fmod', 'fmin', 'fmax',
  'isdigit', 'isalpha', 'isalnum', 'isupper', 'islower', 'isxdigit', 'isspace', 'isprint', 'isgraph', 'ispunct',
  'iscntrl', 'isblank', 'tolower', 'toupper', 'labs', 'llabs',
  'klee_is_symbolic', 'klee_is_replay', 'klee_get_value_i32', 'klee_get_value_i64', 'klee_get_valuel', 'klee_get_valuell',
  'klee_get_valuef', 'klee_get_valued', 'klee_get_errno',
]);

/** No effect at all on the program state (hints, annotations). */
const NO_EFFECT = new Set([
  // The structors they push run as IR and are recorded as such; the call itself changes nothing.
  '__sympath_run_ctors', '__sympath_run_dtors',
  'llvm.assume', 'llvm.prefetch', 'llvm.donothing', 'llvm.sideeffect', 'llvm.experimental.noalias.scope.decl',
  'llvm.var.annotation', 'llvm.codeview.annotation', 'klee_prefer_cex', 'klee_posix_prefer_cex', 'klee_mark_global',
  'klee_open_merge', 'klee_close_merge',
]);

/** Results that are the same in every state (addresses of the engine's static tables). */
const DETERMINISTIC = new Set(['__ctype_b_loc', '__ctype_tolower_loc', '__ctype_toupper_loc']);

/** Output only: the result is fresh; pointer arguments are conjoined equal to their values. */
const OUTPUT = new Set(['printf', 'puts', 'putchar', 'fputs', 'fputc', 'putc', 'fprintf', 'fflush', 'klee_warning', 'klee_warning_once', 'klee_message']);

const KNOWN = new Set<string>([
  ...TERMINAL_BUILTINS, ...PURE, ...NO_EFFECT, ...DETERMINISTIC, ...OUTPUT,
  'klee_make_symbolic', 'klee_int', 'klee_range', 'klee_choose', 'klee_assume',
  'memcpy', 'memmove', 'memset', 'llvm.memcpy', 'llvm.memcpy.inline', 'llvm.memmove', 'llvm.memset', 'llvm.memset.inline',
  'llvm.expect', 'llvm.expect.with.probability', 'llvm.smax', 'llvm.smin', 'llvm.umax', 'llvm.umin', 'llvm.abs', 'abs',
  'llvm.ptrmask', '__sympath_host_write', '__sympath_host_writev', '__sympath_concretize',
  'malloc', 'calloc', 'free', 'llvm.va_start', 'llvm.va_end', 'llvm.va_copy', 'llvm.stacksave', 'llvm.stackrestore',
]);

/** musl's names of the allocator entry points the engine replaces (builtins/runtime-hooks.ts). */
const MUSL_ALIASES = new Map([
  ['default_malloc', 'malloc'], ['__libc_malloc', 'malloc'], ['__libc_malloc_impl', 'malloc'], ['__simple_malloc', 'malloc'],
  ['__libc_free', 'free'], ['__libc_calloc', 'calloc'],
]);

/** The model family of a called name (llvm intrinsics drop their type suffixes, as the engine's lookup). */
export function familyOf(name: string): string {
  const alias = MUSL_ALIASES.get(name);
  if (alias !== undefined) return alias;
  if (KNOWN.has(name) || !name.startsWith('llvm.')) return name;
  let n = name;
  for (let dot = n.lastIndexOf('.'); dot > 4; dot = n.lastIndexOf('.')) {
    n = n.slice(0, dot);
    if (KNOWN.has(n)) return n;
  }
  return name;
}

/** Largest memcpy/memset modelled byte by byte. */
const MAX_BYTES = 4096;

type ModelResult = BuiltinEffect | string;

/** The backward step of built-in call `ev`, or the reason it is a barrier. */
export function modelBuiltin(ev: Ev, sem: Semantics, regionOf: (a: ObservedAccess) => Region): ModelResult {
  const name = familyOf(ev.callee!.name);
  if (ev.allocated) return `${name}: allocates memory`;
  if (ev.heap !== null && !HEAP_ALLOCATORS.has(name) && name !== 'free') return `${name}: allocates memory`;
  const d = ev.depth;
  const argOps = ev.inst.operands.slice(1);
  const args = ev.args ?? [];
  const accesses = ev.accesses ?? [];
  const term = (i: number): Expr | null => (i < argOps.length ? sem.term(d, argOps[i]!) : null);
  const old = (i: number): bigint | null => {
    const v: Val | undefined = args[i];
    return typeof v === 'bigint' ? v : null;
  };
  const effect = (): BuiltinEffect => ({ conjuncts: [], antecedents: [], result: undefined, writes: [] });
  /** Conjoin argument i equal to its value at the call; false if it had no concrete value. */
  const pin = (e: BuiltinEffect, i: number): boolean => {
    const t = term(i);
    const v = old(i);
    if (!t || v === null) return false;
    e.conjuncts.push(B.eq(t, B.constant(t.width, v)));
    return true;
  };
  const pinPointers = (e: BuiltinEffect): boolean => {
    for (let i = 0; i < argOps.length; i++) if (argOps[i]!.type.kind === 'ptr' && !pin(e, i)) return false;
    return true;
  };
  const onlyConstantReads = (except: readonly ObservedAccess[] = []): boolean =>
    accesses.every((a) => except.includes(a) || (!a.write && a.mo.isReadOnly));
  const scalarResult = isScalar(ev.inst.type);
  const voidResult = ev.inst.type.kind === 'void';

  if (NO_EFFECT.has(name)) return onlyConstantReads() ? effect() : `${name}: memory access`;
  if (PURE.has(name)) {
    if (accesses.length > 0 || argOps.some((o) => o.type.kind === 'ptr')) return `${name}: pointer arguments`;
    const e = effect();
    e.result = voidResult ? undefined : null;
    return e;
  }
  if (DETERMINISTIC.has(name)) {
    if (!scalarResult || typeof ev.result !== 'bigint' || accesses.length > 0) return `${name}: result unknown`;
    const e = effect();
    e.result = B.constant(widthOf(ev.inst.type), ev.result);
    return e;
  }
  if (OUTPUT.has(name)) {
    const e = effect();
    if (!pinPointers(e) || !onlyConstantReads()) return `${name}: reads non-constant memory`;
    e.result = voidResult ? undefined : null;
    return e;
  }
  switch (name) {
    case 'klee_assume': {
      const c = term(0);
      if (!c) return 'klee_assume: argument not modelled';
      const e = effect();
      e.conjuncts.push(B.ne(c, B.constant(c.width, 0)));
      return e;
    }
    case 'klee_int': {
      const e = effect();
      if (!pinPointers(e) || !onlyConstantReads()) return 'klee_int: name not constant';
      e.result = freshWord(ev, 32);
      return e;
    }
    case 'klee_range': {
      const lo = old(0);
      const hi = old(1);
      const e = effect();
      if (lo === null || hi === null || !pin(e, 0) || !pin(e, 1) || !pinPointers(e) || !onlyConstantReads()) return 'klee_range: arguments';
      const start = BigInt.asIntN(32, lo);
      const end = BigInt.asIntN(32, hi);
      if (start >= end) return 'klee_range: empty range';
      if (start + 1n === end) {
        e.result = B.constant(32, lo);
        return e;
      }
      const x = freshWord(ev, 32);
      if (start === 0n) e.antecedents.push(B.ult(x, B.constant(32, hi)));
      else e.antecedents.push(B.sle(B.constant(32, lo), x), B.slt(x, B.constant(32, hi)));
      e.result = x;
      return e;
    }
    case 'klee_choose': {
      const n = old(0);
      const e = effect();
      if (n === null || !pin(e, 0)) return 'klee_choose: bound';
      const x = freshWord(ev, 64);
      e.antecedents.push(B.ult(x, B.constant(64, n)));
      e.result = x;
      return e;
    }
    case 'klee_make_symbolic': {
      const e = effect();
      const n = old(1);
      if (!pin(e, 0) || !pin(e, 1) || n === null || !pinPointers(e)) return 'klee_make_symbolic: arguments';
      const w = accesses.filter((a) => a.write);
      if (w.length !== 1 || w[0]!.size !== Number(n)) return 'klee_make_symbolic: write not observed';
      if (!onlyConstantReads(w)) return 'klee_make_symbolic: name not constant';
      const acc = w[0]!;
      const r = regionOf(acc);
      ev.freshBytes ??= freshArray(`in${ev.id}`, acc.size);
      const fresh = ev.freshBytes;
      const off = acc.addr - r.base;
      const writes: MemWrite[] = [];
      for (let k = 0; k < acc.size; k++) writes.push({ index: B.constant(32, off + k), value: B.read(fresh, null, B.constant(32, k)) });
      e.writes.push({ region: r, writes });
      return e;
    }
    case 'memcpy':
    case 'memmove':
    case 'llvm.memcpy':
    case 'llvm.memcpy.inline':
    case 'llvm.memmove': {
      const e = effect();
      const n = old(2);
      if (n === null || !pin(e, 0) || !pin(e, 1) || !pin(e, 2)) return `${name}: symbolic argument`;
      if (n > BigInt(MAX_BYTES)) return `${name}: ${n} bytes`;
      if (!voidResult) e.result = term(0);
      if (n === 0n) return accesses.length === 0 ? e : `${name}: unexpected accesses`;
      const wr = accesses.filter((a) => a.write);
      const rd = accesses.filter((a) => !a.write);
      if (wr.length !== 1 || rd.length !== 1 || wr[0]!.size !== Number(n) || rd[0]!.size !== Number(n)) return `${name}: accesses not observed`;
      const dst = regionOf(wr[0]!);
      const src = regionOf(rd[0]!);
      const doff = wr[0]!.addr - dst.base;
      const soff = rd[0]!.addr - src.base;
      const writes: MemWrite[] = [];
      for (let k = 0; k < Number(n); k++) {
        writes.push({ index: B.constant(32, doff + k), value: B.read(src.mem, null, B.constant(32, soff + k)) });
      }
      e.writes.push({ region: dst, writes });
      return e;
    }
    case 'memset':
    case 'llvm.memset':
    case 'llvm.memset.inline': {
      const e = effect();
      const n = old(2);
      const v = term(1);
      if (n === null || !v || !pin(e, 0) || !pin(e, 2)) return `${name}: symbolic argument`;
      if (n > BigInt(MAX_BYTES)) return `${name}: ${n} bytes`;
      if (!voidResult) e.result = term(0);
      if (n === 0n) return accesses.length === 0 ? e : `${name}: unexpected accesses`;
      const wr = accesses.filter((a) => a.write);
      if (wr.length !== 1 || wr[0]!.size !== Number(n) || !onlyConstantReads(wr)) return `${name}: accesses not observed`;
      const dst = regionOf(wr[0]!);
      const doff = wr[0]!.addr - dst.base;
      const byte = B.extract(v, 0, 8);
      const writes: MemWrite[] = [];
      for (let k = 0; k < Number(n); k++) writes.push({ index: B.constant(32, doff + k), value: byte });
      e.writes.push({ region: dst, writes });
      return e;
    }
    case 'malloc':
    case 'calloc': {
      // Sizes pinned: the same request succeeds the same way (the engine fails sizes above 1 GB, and
      // those above 16 MB depending on its memory use: not modelled). Result and object: see `allocates`.
      const e = effect();
      const n = name === 'malloc' ? old(0) : old(0) !== null && old(1) !== null ? old(0)! * old(1)! : null;
      if (n === null || !pin(e, 0) || (name === 'calloc' && !pin(e, 1))) return `${name}: symbolic size`;
      if (n >= BigInt(MAX_MODELLED_ALLOC)) return `${name}: ${n} bytes`;
      if (ev.heap === null || accesses.length > 0) return `${name}: allocation not observed`;
      e.allocates = ev.heap;
      e.result = null;
      return e;
    }
    case 'free': {
      // free(p): p pinned to its value; NULL is a no-op; otherwise p is the base of the heap object R,
      // which must be live (else the call ends the path: double or invalid free) and is not after.
      const e = effect();
      const p = old(0);
      if (p === null || !pin(e, 0)) return 'free: symbolic pointer';
      if (accesses.length > 0) return 'free: unexpected accesses';
      if (p === 0n) return e;
      if (ev.heap === null || BigInt(ev.heap.base) !== p) return 'free: object not observed';
      e.conjuncts.push(ev.heap.liveTerm);
      e.frees = [ev.heap];
      return e;
    }
    case 'llvm.stacksave': {
      // The stack pointer: like an alloca's address, a function of the stack shape at the branch (a
      // conjunct of every recorded disjunct) and of the allocas since, whose sizes are pinned.
      if (!scalarResult || typeof ev.result !== 'bigint' || accesses.length > 0) return `${name}: result unknown`;
      const e = effect();
      e.result = B.constant(widthOf(ev.inst.type), ev.result);
      return e;
    }
    case 'llvm.stackrestore': {
      // stackrestore(p), p pinned: the frame's stack objects at or above p are released (Live ↦ false;
      // a later access would be an error) and the stack pointer is p (again a function of the shape).
      const e = effect();
      if (!pin(e, 0) || ev.released === null || accesses.length > 0) return `${name}: pointer`;
      e.frees = ev.released;
      return e;
    }
    case 'llvm.va_end':
      // The engine's va_end does nothing (llvm-memory.ts): no effect, nothing read.
      return accesses.length === 0 ? effect() : `${name}: memory access`;
    case 'llvm.va_start': {
      // va_start(ap) writes the x86-64 va_list at ap (pinned): gp_offset = 48, fp_offset = 176 (every
      // argument in the overflow area), overflow_arg_area = reg_save_area = the frame's varargs area —
      // constants given the stack shape (the area's address, like an alloca's, follows from it).
      const e = effect();
      if (!pin(e, 0)) return `${name}: symbolic pointer`;
      const wr = accesses.filter((a) => a.write);
      if (wr.length !== 1 || wr[0]!.size !== 24 || accesses.length !== 1) return `${name}: accesses not observed`;
      const dst = regionOf(wr[0]!);
      const off = wr[0]!.addr - dst.base;
      const bytes = [...le(48n, 4), ...le(176n, 4), ...le(BigInt(ev.vaArea), 8), ...le(BigInt(ev.vaArea), 8)];
      e.writes.push({ region: dst, writes: bytes.map((b, k) => ({ index: B.constant(32, off + k), value: B.constant(8, b) })) });
      return e;
    }
    case 'llvm.va_copy': {
      // va_copy(dst, src): the engine copies the 24-byte va_list (a memcpy): both pointers pinned.
      const e = effect();
      if (!pin(e, 0) || !pin(e, 1)) return `${name}: symbolic pointer`;
      const wr = accesses.filter((a) => a.write);
      const rd = accesses.filter((a) => !a.write);
      if (wr.length !== 1 || rd.length !== 1 || wr[0]!.size !== 24 || rd[0]!.size !== 24) return `${name}: accesses not observed`;
      const dst = regionOf(wr[0]!);
      const src = regionOf(rd[0]!);
      const doff = wr[0]!.addr - dst.base;
      const soff = rd[0]!.addr - src.base;
      const writes: MemWrite[] = [];
      for (let k = 0; k < 24; k++) writes.push({ index: B.constant(32, doff + k), value: B.read(src.mem, null, B.constant(32, soff + k)) });
      e.writes.push({ region: dst, writes });
      return e;
    }
    case '__sympath_host_write': {
      // write(fd, buf, n) to the host: reads exactly [buf, buf+n) (symbolic bytes get one value each,
      // without constraining the path), returns n — nothing depends on the bytes' values.
      const e = effect();
      if (!pin(e, 0) || !pin(e, 1) || !pin(e, 2)) return `${name}: symbolic argument`;
      if (accesses.some((a) => a.write)) return `${name}: writes`;
      e.result = term(2);
      return e;
    }
    case '__sympath_host_writev': {
      // writev(fd, iov, n) to the host (the POSIX model's stdio flush): reads the n iovecs, which the
      // model filled with concrete values just before (pinned here to what was read), and the bytes
      // they point at (one value each, without constraining the path: nothing depends on them); returns
      // the total length. The accesses come in the built-in's order: iovec i, then its bytes unless its
      // length is 0 (the model's iovecs are a local array: a part's bytes are never the next iovec).
      const e = effect();
      const iov = old(1);
      const n = old(2);
      if (iov === null || n === null || !pin(e, 0) || !pin(e, 1) || !pin(e, 2)) return `${name}: symbolic argument`;
      if (accesses.some((a) => a.write)) return `${name}: writes`;
      let k = 0;
      let total = 0n;
      for (let i = 0; i < Number(n); i++) {
        const at = (j: number): bigint => iov + BigInt(16 * j);
        const vec = accesses[k++];
        if (!vec || vec.size !== 16 || BigInt(vec.addr) !== at(i)) return `${name}: accesses not observed`;
        const r = regionOf(vec);
        const off = vec.addr - r.base;
        const data = accesses[k];
        const isData = data !== undefined && !(i + 1 < Number(n) && data.size === 16 && BigInt(data.addr) === at(i + 1));
        const base = isData ? BigInt(data.addr) : 0n;
        const len = isData ? BigInt(data.size) : 0n;
        if (isData) k++;
        e.conjuncts.push(B.eq(B.readLE(r.mem, null, B.constant(32, off), 8), B.constant(64, base)));
        e.conjuncts.push(B.eq(B.readLE(r.mem, null, B.constant(32, off + 8), 8), B.constant(64, len)));
        total += len;
      }
      if (k !== accesses.length) return `${name}: accesses not observed`;
      e.result = B.constant(64, total);
      return e;
    }
    case '__sympath_concretize': {
      // The POSIX model's concretisation: x's value v, with x == v added to the path when x is symbolic.
      // Exact as a pin: a state where x's term equals v gets v back (and its path already holds x == v).
      const t = term(0);
      if (!t || typeof ev.result !== 'bigint') return `${name}: result unknown`;
      const e = effect();
      const v = B.constant(t.width, ev.result);
      e.conjuncts.push(B.eq(t, v));
      e.result = v;
      return e;
    }
    case 'llvm.ptrmask': {
      const p = term(0);
      const m = term(1);
      const e = effect();
      e.result = p && m && p.width === m.width ? B.and(p, m) : null;
      return e;
    }
    case 'llvm.expect':
    case 'llvm.expect.with.probability': {
      const e = effect();
      e.result = term(0);
      return e;
    }
    case 'llvm.smax':
    case 'llvm.smin':
    case 'llvm.umax':
    case 'llvm.umin': {
      const a = term(0);
      const b = term(1);
      const e = effect();
      if (!a || !b || ev.inst.type.kind === 'vector') {
        e.result = null;
        return e;
      }
      const lt = name === 'llvm.smax' || name === 'llvm.smin' ? B.slt(a, b) : B.ult(a, b);
      const max = name.endsWith('max');
      e.result = max ? B.select(lt, b, a) : B.select(lt, a, b);
      return e;
    }
    case 'llvm.abs':
    case 'abs': {
      const a = term(0);
      const e = effect();
      if (!a || ev.inst.type.kind === 'vector') {
        e.result = null;
        return e;
      }
      e.result = B.select(B.slt(a, B.constant(a.width, 0)), B.sub(B.constant(a.width, 0), a), a);
      return e;
    }
  }
  return `built-in ${name} not modelled`;
}

function freshWord(ev: Ev, w: number): Expr {
  ev.freshBytes ??= freshArray(`in${ev.id}`, w / 8);
  return B.readLE(ev.freshBytes, null, B.constant(32, 0), w / 8);
}

/** The n little-endian bytes of v. */
function le(v: bigint, n: number): bigint[] {
  const out: bigint[] = [];
  for (let k = 0; k < n; k++) out.push((v >> BigInt(8 * k)) & 0xffn);
  return out;
}
