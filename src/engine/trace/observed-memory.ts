// The engine's Memory with an observer: every checked access (concrete address), every resolved
// symbolic access and every new stack or heap object is reported after the fact. The executor builds
// one only when asked (RunEnvironment.createMemory), so an untraced run keeps the plain Memory and pays
// nothing — not even a test per access.

import type { Expr } from '../../expr/expr.js';
import type { Instruction } from '../../ir/model.js';
import type { MemoryObject } from '../../memory/memory-object.js';
import type { ObjectState } from '../../memory/object-state.js';
import type { Executor } from '../executor.js';
import { Memory, type Resolution } from '../memory.js';
import type { ExecutionState, Frame } from '../state.js';

export interface MemoryObserver {
  /** `inst` accessed [addr, addr + size) of `mo` in `s` (the access passed its checks). */
  access(s: ExecutionState, mo: MemoryObject, addr: number, size: number, write: boolean, inst: Instruction): void;
  /** `inst` accessed `size` bytes at symbolic pointer `ptr`, which resolved into `mo` in `s`. */
  symbolicAccess(s: ExecutionState, mo: MemoryObject, ptr: Expr, size: number, write: boolean, inst: Instruction): void;
  /** A new stack object (alloca, byval copy, varargs area) or heap object of `s`. */
  allocated(s: ExecutionState, mo: MemoryObject, stack: boolean): void;
}

export class ObservedMemory extends Memory {
  constructor(
    ex: Executor,
    private readonly observer: MemoryObserver,
  ) {
    super(ex);
  }

  override access(s: ExecutionState, addr: number, n: number, write: boolean, inst: Instruction): ObjectState | null {
    const os = super.access(s, addr, n, write, inst);
    if (os !== null) this.observer.access(s, os.obj, addr, n, write, inst);
    return os;
  }

  override async resolve(s: ExecutionState, ptr: Expr, n: number, write: boolean, inst: Instruction): Promise<Resolution[]> {
    const rs = await super.resolve(s, ptr, n, write, inst);
    for (const r of rs) this.observer.symbolicAccess(r.state, r.mo, ptr, n, write, inst);
    return rs;
  }

  override allocStack(s: ExecutionState, f: Frame, size: number, align: number, name: string, site: string): MemoryObject {
    const mo = super.allocStack(s, f, size, align, name, site);
    this.observer.allocated(s, mo, true);
    return mo;
  }

  override allocHeap(s: ExecutionState, size: number, name: string, site: string, align = 16): ObjectState {
    const os = super.allocHeap(s, size, name, site, align);
    this.observer.allocated(s, os.obj, false);
    return os;
  }
}
