// Heap built-ins: malloc, calloc, realloc, free, aligned_alloc, posix_memalign, memalign, valloc. Each
// allocation is a fresh object at a never-reused address; free marks it freed in this state, so a later
// access is a use-after-free and a second free a double-free. A symbolic size is concretised (KLEE does
// the same), a size beyond MAX_ALLOC makes the allocation fail (NULL). free() and realloc() of a
// symbolic pointer fork once per heap object whose start it may be (and NULL), plus one state for "none
// of them" (an invalid free), as KLEE's resolveExact does: concretising it to one value missed errors.

import * as B from '../../expr/build.js';
import type { Expr } from '../../expr/expr.js';
import { FREED } from '../../memory/address-space.js';
import { ObjKind, type MemoryObject } from '../../memory/memory-object.js';
import type { ObjectState } from '../../memory/object-state.js';
import { siteOf } from '../ops/memory-ops.js';
import type { ExecutionState } from '../state.js';
import type { Executor } from '../executor.js';
import { residentMB } from '../resources.js';
import type { Instruction } from '../../ir/model.js';
import { forEachPointer, forEachSize } from './symbolic-heap-args.js';
import { concreteArg, concreteArgs, type BuiltinTableEntries, type CallContext } from './types.js';
import type { Val } from '../values.js';
import { addressOf } from '../../memory/bigint-bits.js';

/** Larger requests fail with NULL (as a real allocator would under a memory limit). */
export const MAX_ALLOC = 1 << 30;

/** Allocations at least this big are checked against --max-memory before they are made. */
const BIG_ALLOC = 16 << 20;

function allocate(c: CallContext, size: bigint, align = 16): bigint {
  if (size > BigInt(MAX_ALLOC)) {
    c.ex.warnOnce(`alloc:${c.inst.id}`, `${c.name}(${size}) fails: more than ${MAX_ALLOC} bytes`);
    return 0n;
  }
  const max = c.ex.opts.maxMemory;
  if (size >= BigInt(BIG_ALLOC) && max > 0 && residentMB() + Number(size) / (1 << 20) > max) {
    c.ex.warnOnce(`alloc-mem:${c.inst.id}`, `${c.name}(${size}) fails: it would exceed --max-memory (${max} MB)`);
    return 0n;
  }
  return BigInt(c.ex.memory.allocHeap(c.s, Number(size), c.name, siteOf(c.inst), align).obj.address);
}

/**
 * The live heap object `p` is the start of, in state `s`; null after reporting why `p` cannot be
 * freed (not the start of a heap object: invalid-free; already freed: double-free).
 */
function heapObject(ex: Executor, s: ExecutionState, p: bigint, inst: Instruction, what: string): [MemoryObject, ObjectState] | null {
  const addr = addressOf(p);
  const mo = ex.image.allocator.floor(addr);
  const info = [`address: 0x${addr.toString(16)}`];
  const slot = mo && mo.address === addr && mo.kind === ObjKind.Heap && !s.markedGlobal.has(mo.id) ? s.space.lookup(mo) : undefined;
  if (slot === FREED) {
    ex.term.error(s, 'double-free', 'memory error: double free', inst, [...info, `object: ${mo!.describe()}`]);
    return null;
  }
  if (slot === undefined) {
    const inside = ex.memory.findObject(s, addr);
    if (inside) info.push(`points into ${inside.describe()}`);
    ex.term.error(s, 'invalid-free', `memory error: invalid pointer passed to ${what}()`, inst, info);
    return null;
  }
  return [mo!, slot];
}

/** free(): true when the pointer was freed (or NULL); false after an error ended the state. */
export function freePointer(ex: Executor, s: ExecutionState, p: bigint, inst: Instruction, what = 'free'): boolean {
  if (p === 0n) return true;
  const h = heapObject(ex, s, p, inst, what);
  if (h === null) return false;
  s.space.markFreed(h[0]);
  return true;
}

async function sizeArg(c: CallContext, v: Val): Promise<bigint | null> {
  return concreteArg(c, v, 'size');
}

export const HEAP: BuiltinTableEntries = {
  malloc(c, [n]) {
    if (typeof n === 'bigint') return allocate(c, n);
    if (c.completeIn) return forEachSize(c, n as Expr, (cc, size) => allocate(cc, size));
    return sizeArg(c, n!).then((v) => (v === null ? undefined : allocate(c, v)));
  },
  async calloc(c, args) {
    if (c.completeIn && !args.slice(0, 2).every((a) => typeof a === 'bigint')) {
      // n * m exactly (128 bits: no wrap-around), explored like malloc's size; the block is zeroed.
      const wide = (a: Val): Expr => B.zext(typeof a === 'bigint' ? B.constant(64, a) : (a as Expr), 128);
      return forEachSize(c, B.mul(wide(args[0]!), wide(args[1]!)), (cc, size) => allocate(cc, size));
    }
    const v = await concreteArgs(c, args.slice(0, 2), 'size');
    if (v === null) return;
    return allocate(c, v[0]! * v[1]!);
  },
  async realloc(c, args) {
    if (typeof args[0] !== 'bigint' && c.completeIn) {
      const ptr = args[0] as Expr;
      return forEachPointer(c, ptr, 'realloc', (cc, p) => HEAP.realloc!(cc, [p, args[1]!]));
    }
    if (typeof args[1] !== 'bigint' && c.completeIn) {
      const n = args[1] as Expr;
      return forEachSize(c, n, (cc, size) => HEAP.realloc!(cc, [args[0]!, size]));
    }
    const v = await concreteArgs(c, args.slice(0, 2), 'argument');
    if (v === null) return;
    const [p, n] = v as [bigint, bigint];
    if (p === 0n) return allocate(c, n);
    const h = heapObject(c.ex, c.s, p, c.inst, 'realloc');
    if (h === null) return;
    const [old, contents] = h;
    const q = n === 0n ? 0n : allocate(c, n);
    if (n !== 0n && q === 0n) return 0n; // the old block stays valid
    if (q !== 0n) {
      const dst = c.ex.memory.access(c.s, Number(q), Number(n), true, c.inst)!;
      dst.copyFrom(contents, 0, 0, Math.min(old.size, Number(n)));
    }
    c.s.space.markFreed(old);
    return q;
  },
  async free(c, [p]) {
    if (typeof p !== 'bigint' && c.completeIn) {
      return forEachPointer(c, p as Expr, 'free', (cc, q) => {
        freePointer(cc.ex, cc.s, q, cc.inst);
      });
    }
    const v = await concreteArg(c, p!, 'pointer');
    if (v === null) return;
    freePointer(c.ex, c.s, v, c.inst);
  },
  async aligned_alloc(c, args) {
    const v = await concreteArgs(c, args.slice(0, 2), 'argument');
    if (v === null) return;
    return allocate(c, v[1]!, Math.max(16, Number(v[0]!)));
  },
  async memalign(c, args) {
    const v = await concreteArgs(c, args.slice(0, 2), 'argument');
    if (v === null) return;
    return allocate(c, v[1]!, Math.max(16, Number(v[0]!)));
  },
  async valloc(c, [n]) {
    const v = await sizeArg(c, n!);
    if (v === null) return;
    return allocate(c, v, 4096);
  },
  async posix_memalign(c, args) {
    const v = await concreteArgs(c, args.slice(0, 3), 'argument');
    if (v === null) return;
    const [out, align, n] = v as [bigint, bigint, bigint];
    const p = allocate(c, n, Math.max(16, Number(align)));
    if (p === 0n) return 12n; // ENOMEM
    const os = c.ex.memory.access(c.s, Number(out), 8, true, c.inst);
    if (os === null) return;
    os.write(Number(out) - os.obj.address, 8, p);
    return 0n;
  },
};
