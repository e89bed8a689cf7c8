// MemoryObject: the identity of an allocation (KLEE's MemoryObject) — where it lives, how big it is, who
// made it. Contents are not here: each state keeps its own ObjectState for it (object-state.ts), so one
// MemoryObject is shared by every state that has the allocation.

/** Where an object was allocated. */
export const enum ObjKind {
  /** An alloca (or a frame's variadic-argument area); freed when its frame returns. */
  Stack,
  /** malloc and friends; freed by free(). */
  Heap,
  /** A global variable or string constant; lives for the whole run. */
  Global,
}

export const OBJ_KIND_NAMES = ['stack', 'heap', 'global'] as const;

export class MemoryObject {
  constructor(
    /** Unique over the run; keys the per-state map for heap and global objects. Stack objects: negative, one per (address, size, name, site), reused by every alloca that matches (Allocator.stackObject). */
    readonly id: number,
    /** The first byte (a plain number: addresses stay below 2^53). */
    readonly address: number,
    /** In bytes; may be 0 (malloc(0)): then no access is in bounds. */
    readonly size: number,
    readonly kind: ObjKind,
    /** Variable name, `malloc`, a symbolic object's name, … for messages. */
    readonly name: string,
    /** `file:line` (or function) of the allocating instruction, for messages. */
    readonly allocSite: string,
    readonly isReadOnly: boolean = false,
  ) {}

  get end(): number {
    return this.address + this.size;
  }

  /** Is [addr, addr + n) inside the object? */
  contains(addr: number, n: number): boolean {
    return addr >= this.address && addr + n <= this.address + this.size;
  }

  describe(): string {
    return `${OBJ_KIND_NAMES[this.kind]} object '${this.name}' at 0x${this.address.toString(16)} of ${this.size} bytes` +
      (this.allocSite ? ` (allocated at ${this.allocSite})` : '');
  }
}
