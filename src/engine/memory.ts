// Memory access for the engine: from an address to the ObjectState holding it in one state, with the
// checks that turn a bad access into a path error (null dereference, out of bounds, use after free,
// write to read-only memory). Concrete addresses take a synchronous fast path. A symbolic address is
// resolved KLEE-style: if one object provably holds every value it can take, no fork; otherwise one
// state per object it may point into (bounded by --max-sym-ptr-targets, a 'model' error beyond) plus an
// error state if it may point into none.

import type { Expr } from '../expr/expr.js';
import { add, constant, extract, not, or, sub, ule } from '../expr/build.js';
import type { Instruction } from '../ir/model.js';
import { FREED, type Slot } from '../memory/address-space.js';
import { align16, NULL_PAGE_END, RED_ZONE, STACK_BASE } from '../memory/allocator.js';
import { MemoryObject, ObjKind } from '../memory/memory-object.js';
import { ObjectState } from '../memory/object-state.js';
import type { Executor } from './executor.js';
import { HeapHistory } from './heap-history.js';
import type { ExecutionState, Frame } from './state.js';

/** One place a symbolic pointer resolved to: the state (possibly a fork) and the offset in `mo`. */
export interface Resolution {
  state: ExecutionState;
  mo: MemoryObject;
  /** 32-bit offset expression (in bounds under `state`'s constraints). */
  offset: Expr;
}

export class Memory {
  constructor(private readonly ex: Executor) {}

  // -------------------------------------------------------------------------------------------
  // Allocation

  /** An alloca of `size` bytes in frame `f` (the state's stack grows; addresses of popped frames are reused). */
  allocStack(s: ExecutionState, f: Frame, size: number, align: number, name: string, site: string): MemoryObject {
    const a = Math.max(align, 16);
    const address = Math.ceil(s.sp / a) * a;
    const mo = this.ex.image.allocator.stackObject(address, size, name, site);
    s.sp = align16(address + Math.max(size, 1)) + RED_ZONE;
    f.ownAllocas().push(mo);
    f.ownAllocaStates().push(new ObjectState(mo, s.space.token));
    return mo;
  }

  /** The root of the allocation-history trie (heap-history.ts): one per run. */
  private readonly heapRoot = HeapHistory.root();

  /**
   * A heap object (malloc & co). The same object as any other state's allocation with the same history
   * (heap-history.ts), else a fresh address.
   */
  allocHeap(s: ExecutionState, size: number, name: string, site: string, align = 16): ObjectState {
    const from = s.heapHistory ?? this.heapRoot;
    const step = from.step(`${size}:${align}:${site}:${name}`, () => this.ex.image.allocator.allocate(size, ObjKind.Heap, name, site, false, align));
    s.heapHistory = step.node;
    return s.space.bind(step.mo);
  }

  // -------------------------------------------------------------------------------------------
  // Concrete addresses

  /**
   * The ObjectState holding [addr, addr + n) in `s` — writable in `s` when `write` — or null after the
   * access was reported as an error (the state is then terminated).
   */
  access(s: ExecutionState, addr: number, n: number, write: boolean, inst: Instruction): ObjectState | null {
    if (addr >= STACK_BASE) return this.accessStack(s, addr, n, write, inst);
    const mo = this.ex.image.allocator.floor(addr);
    if (mo !== undefined && addr < mo.address + mo.size) {
      const slot = s.space.lookup(mo);
      if (slot === undefined) return this.fail(s, 'out-of-bounds', 'memory error: out of bound pointer', inst, addr, mo, 'the object is not allocated on this path');
      if (slot === FREED) return this.fail(s, 'use-after-free', 'memory error: use after free', inst, addr, mo);
      if (addr + n > mo.address + mo.size) return this.fail(s, 'out-of-bounds', 'memory error: out of bound pointer', inst, addr, mo, `access of ${n} bytes runs past the end`);
      if (!write) return slot;
      if (mo.isReadOnly) return this.fail(s, 'out-of-bounds', 'memory error: object read only', inst, addr, mo);
      return slot.owner === s.space.token ? slot : s.space.writable(slot);
    }
    return this.wild(s, addr, inst, mo);
  }

  private accessStack(s: ExecutionState, addr: number, n: number, write: boolean, inst: Instruction): ObjectState | null {
    const stack = s.stack;
    for (let k = stack.length - 1; k >= 0; k--) {
      const f = stack[k]!;
      if (addr < f.stackBase) continue;
      const al = f.allocas;
      if (al === null) break;
      // The last object whose base is <= addr (allocas are in address order).
      let lo = 0;
      let hi = al.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (al[mid]!.address <= addr) lo = mid;
        else hi = mid - 1;
      }
      const mo = al[lo]!;
      if (addr >= mo.address) {
        if (addr + n <= mo.address + mo.size) {
          let os = f.allocaStates![lo]!;
          if (write && os.owner !== s.space.token) {
            os = os.clone(s.space.token);
            s.ownFrame(k).ownAllocaStates()[lo] = os;
          }
          return os;
        }
        if (addr < mo.address + mo.size) {
          return this.fail(s, 'out-of-bounds', 'memory error: out of bound pointer', inst, addr, mo, `access of ${n} bytes runs past the end`);
        }
      }
      break;
    }
    return this.fail(s, 'out-of-bounds', 'memory error: out of bound pointer', inst, addr, undefined, 'no live stack object there (a local of a function that returned?)');
  }

  private wild(s: ExecutionState, addr: number, inst: Instruction, near: MemoryObject | undefined): null {
    if (addr < NULL_PAGE_END) return this.fail(s, 'null-deref', 'memory error: null pointer dereference', inst, addr);
    return this.fail(s, 'out-of-bounds', 'memory error: out of bound pointer', inst, addr, near, near ? 'the address is past the end of the nearest object below it' : undefined);
  }

  private fail(
    s: ExecutionState,
    kind: 'out-of-bounds' | 'null-deref' | 'use-after-free',
    message: string,
    inst: Instruction,
    addr: number,
    mo?: MemoryObject,
    detail?: string,
  ): null {
    const info = [`address: 0x${addr.toString(16)}`];
    if (mo) info.push(`object: ${mo.describe()}`, `offset: ${addr - mo.address}`);
    if (detail) info.push(detail);
    this.ex.term.error(s, kind, message, inst, info);
    return null;
  }

  /** The object (live or freed) containing `addr` in state `s`, if any. */
  findObject(s: ExecutionState, addr: number): MemoryObject | undefined {
    if (addr >= STACK_BASE) {
      for (let k = s.stack.length - 1; k >= 0; k--) {
        const f = s.stack[k]!;
        if (addr < f.stackBase) continue;
        for (const mo of f.allocas ?? []) if (addr >= mo.address && addr < mo.address + mo.size) return mo;
        return undefined;
      }
      return undefined;
    }
    const mo = this.ex.image.allocator.floor(addr);
    if (mo && addr < mo.address + mo.size && s.space.lookup(mo) !== undefined) return mo;
    return undefined;
  }

  /** The contents of `mo` in `s` (writable when asked), FREED, or undefined when `s` lacks it. */
  stateOf(s: ExecutionState, mo: MemoryObject, write: boolean): Slot | undefined {
    if (mo.kind === ObjKind.Stack) {
      for (let k = s.stack.length - 1; k >= 0; k--) {
        const f = s.stack[k]!;
        const j = f.allocas ? f.allocas.indexOf(mo) : -1;
        if (j < 0) continue;
        let os = f.allocaStates![j]!;
        if (write && os.owner !== s.space.token) {
          os = os.clone(s.space.token);
          s.ownFrame(k).ownAllocaStates()[j] = os;
        }
        return os;
      }
      return undefined;
    }
    const slot = s.space.lookup(mo);
    if (slot === undefined || slot === FREED || !write) return slot;
    return s.space.writable(slot);
  }

  /** Live stack objects of `s` overlapping [lo, hi]. */
  private stackObjects(s: ExecutionState, lo: number, hi: number): MemoryObject[] {
    const out: MemoryObject[] = [];
    if (hi < STACK_BASE) return out;
    for (const f of s.stack) for (const mo of f.allocas ?? []) if (mo.address <= hi && mo.address + Math.max(mo.size, 1) > lo) out.push(mo);
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Symbolic addresses

  /**
   * Resolves a symbolic pointer for an access of `n` bytes: every (state, object, offset) it may
   * address. Forks as needed; error states (no object, freed object) are terminated here. An empty
   * result means every state ended.
   */
  async resolve(s: ExecutionState, ptr: Expr, n: number, write: boolean, inst: Instruction): Promise<Resolution[]> {
    const solver = this.ex.solver;
    const example = await solver.getValue(s.constraints, ptr);
    if (example === 'unknown') return this.unknown(s, inst);
    const guess = this.findObject(s, Number(example));
    if (guess !== undefined && this.stateOf(s, guess, false) !== FREED) {
      const inb = inBounds(ptr, guess, n);
      const must = await solver.mustBeTrue(s.constraints, inb);
      if (must === 'unknown') return this.unknown(s, inst);
      if (must) return this.finish(s, guess, ptr, write, inst) ? [{ state: s, mo: guess, offset: offsetOf(ptr, guess) }] : [];
    }
    // General case: every object the pointer's range overlaps.
    const range = await solver.getRange(s.constraints, ptr);
    if (range === 'unknown') return this.unknown(s, inst);
    const max = this.ex.opts.maxSymbolicPointerTargets > 0 ? this.ex.opts.maxSymbolicPointerTargets : Infinity;
    const lo = Number(range.min);
    const hi = Number(range.max) + n;
    const scanLimit = Number.isFinite(max) ? max * 4 : 1 << 20;
    const cands = [...this.stackObjects(s, lo, hi), ...this.ex.image.allocator.overlapping(lo, hi, scanLimit)].filter(
      (mo) => this.stateOf(s, mo, false) !== undefined,
    );
    if (cands.length > scanLimit) return this.tooMany(s, inst, cands.length, max);
    const targets: MemoryObject[] = [];
    const conds: Expr[] = [];
    for (const mo of cands) {
      const c = inBounds(ptr, mo, n);
      const may = await solver.mayBeTrue(s.constraints, c);
      if (may === 'unknown') return this.unknown(s, inst);
      if (!may) continue;
      targets.push(mo);
      conds.push(c);
    }
    if (targets.length > max) return this.tooMany(s, inst, targets.length, max);
    const outside = not(conds.reduce((a, b) => or(a, b), constant(1, 0)));
    const mayOutside = await solver.mayBeTrue(s.constraints, outside);
    if (mayOutside === 'unknown') return this.unknown(s, inst);
    const all = mayOutside ? [...conds, outside] : conds;
    if (all.length === 0) {
      // Should not happen (the example value is somewhere); treat as out of bounds.
      this.ex.term.error(s, 'out-of-bounds', 'memory error: out of bound pointer', inst, [`symbolic address ${ptr}`]);
      return [];
    }
    const states = await this.ex.forkMany(s, all, inst, all.map(() => true));
    const out: Resolution[] = [];
    for (let i = 0; i < states.length; i++) {
      const st = states[i];
      if (!st) continue;
      if (i === targets.length) {
        await this.pointerOutside(st, ptr, inst);
        continue;
      }
      const mo = targets[i]!;
      if (this.finish(st, mo, ptr, write, inst)) out.push({ state: st, mo, offset: offsetOf(ptr, mo) });
    }
    return out;
  }

  /** A state whose pointer points into no object: null dereference when it may be in the null page. */
  private async pointerOutside(st: ExecutionState, ptr: Expr, inst: Instruction): Promise<void> {
    const v = await this.ex.solver.getValue(st.constraints, ptr);
    const addr = v === 'unknown' ? -1 : Number(v);
    const isNull = addr >= 0 && addr < NULL_PAGE_END;
    const info = [`symbolic address ${ptr}`];
    if (addr >= 0) info.push(`for example 0x${addr.toString(16)}`);
    if (isNull) this.ex.term.error(st, 'null-deref', 'memory error: null pointer dereference', inst, info);
    else this.ex.term.error(st, 'out-of-bounds', 'memory error: out of bound pointer', inst, info);
  }

  /** Checks the resolved object is usable (not freed, writable); false after reporting an error. */
  private finish(st: ExecutionState, mo: MemoryObject, ptr: Expr, write: boolean, inst: Instruction): boolean {
    const slot = this.stateOf(st, mo, false);
    if (slot === FREED) {
      this.ex.term.error(st, 'use-after-free', 'memory error: use after free', inst, [`object: ${mo.describe()}`, `symbolic address ${ptr}`]);
      return false;
    }
    if (write && mo.isReadOnly) {
      this.ex.term.error(st, 'out-of-bounds', 'memory error: object read only', inst, [`object: ${mo.describe()}`]);
      return false;
    }
    return true;
  }

  private unknown(s: ExecutionState, inst: Instruction): Resolution[] {
    this.ex.term.partial(s, 'solver could not resolve a symbolic pointer', inst);
    return [];
  }

  private tooMany(s: ExecutionState, inst: Instruction, count: number, max: number): Resolution[] {
    this.ex.term.error(
      s,
      'model',
      `symbolic pointer may point to ${count} objects, more than the limit of ${max} (--max-sym-ptr-targets)`,
      inst,
    );
    return [];
  }
}

/** `ptr` lies in [mo.address, mo.address + size - n]. */
export function inBounds(ptr: Expr, mo: MemoryObject, n: number): Expr {
  if (mo.size < n) return constant(1, 0);
  const off = sub(ptr, constant(64, mo.address));
  return ule(off, constant(64, mo.size - n));
}

/** The 32-bit offset of `ptr` in `mo` (valid once in bounds). */
export function offsetOf(ptr: Expr, mo: MemoryObject): Expr {
  return extract(sub(ptr, constant(64, mo.address)), 0, 32);
}

/** Offset + k as a 32-bit expression. */
export function offsetPlus(off: Expr, k: number): Expr {
  return k === 0 ? off : add(off, constant(32, k));
}

