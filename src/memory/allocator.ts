// Address assignment shared by every state of a run. Addresses are never reused: one monotonically
// increasing cursor for globals and the heap (16-byte aligned, with a red zone after every object so an
// off-by-one access lands in no object), a separate region for function and block addresses, and a
// stack region that each state manages itself (state stacks grow and shrink, so stack addresses *are*
// reused — by the same state, as a real stack does). Because the cursor only grows, the index of heap
// and global objects is an array sorted by address that resolution binary-searches. Which object a
// state's malloc gets is decided above this, by the state's allocation history
// (src/engine/heap-history.ts): states that forked before an allocation and make the same one share
// its object, and only a new history takes a new address from here.

import { MemoryObject, ObjKind } from './memory-object.js';

/** Addresses below this are the null page: an access there is a null dereference. */
export const NULL_PAGE_END = 0x1000;
/** Function addresses: FUNC_BASE + 16 * function index. */
export const FUNC_BASE = 0x100_0000;
/** `blockaddress` values: BLOCK_BASE + 16 * k. */
export const BLOCK_BASE = 0x800_0000;
/** Globals and heap grow up from here. */
export const HEAP_BASE = 0x1000_0000;
/** Each state's stack grows up from here. */
export const STACK_BASE = 0x7f00_0000_0000;
/** Bytes of no-man's-land after every object. */
export const RED_ZONE = 16;

export function align16(n: number): number {
  return Math.ceil(n / 16) * 16;
}

export class Allocator {
  private cursor = HEAP_BASE;
  private nextId = 1;
  private stackIds = 0;
  /** Stack objects made so far, by address (stackObject). */
  private readonly stackObjects = new Map<number, MemoryObject[]>();
  /** Heap and global objects in address order (= allocation order). */
  readonly objects: MemoryObject[] = [];

  /** A new heap or global object at a fresh address. */
  allocate(size: number, kind: ObjKind, name: string, site: string, readOnly = false, align = 16): MemoryObject {
    const address = Math.ceil(this.cursor / Math.max(align, 16)) * Math.max(align, 16);
    const mo = new MemoryObject(this.nextId++, address, size, kind, name, site, readOnly);
    this.cursor = align16(address + Math.max(size, 1)) + RED_ZONE;
    this.objects.push(mo);
    return mo;
  }

  /**
   * klee_define_fixed_object: an object at an address the program names (memory-mapped hardware, a
   * fixed buffer). The same address and size asked again — by a state that forked before the first
   * request — is the same object; anything else overlapping an object, the null page, the function and
   * block addresses or the stacks is refused with the reason (a string). Kept in address order.
   */
  allocateFixed(address: number, size: number, name: string, site: string): MemoryObject | string {
    const end = address + Math.max(size, 1);
    if (address < NULL_PAGE_END) return `address 0x${address.toString(16)} is in the null page (below 0x${NULL_PAGE_END.toString(16)})`;
    if (address < HEAP_BASE && end > FUNC_BASE) return `address range 0x${address.toString(16)}-0x${end.toString(16)} overlaps sympath's function and block addresses (0x${FUNC_BASE.toString(16)}-0x${HEAP_BASE.toString(16)})`;
    if (end > STACK_BASE) return `address range 0x${address.toString(16)}-0x${end.toString(16)} overlaps the stacks (from 0x${STACK_BASE.toString(16)})`;
    const clash = this.overlapping(address, end - 1, 1);
    if (clash.length > 0) {
      const o = clash[0]!;
      if (o.address === address && o.size === size && o.name === name && o.allocSite === site) return o;
      return `address range 0x${address.toString(16)}-0x${end.toString(16)} overlaps ${o.describe()}`;
    }
    const mo = new MemoryObject(this.nextId++, address, size, ObjKind.Global, name, site);
    const at = this.objects.findIndex((o) => o.address > address);
    if (at < 0) this.objects.push(mo);
    else this.objects.splice(at, 0, mo);
    // Fresh objects keep coming from above everything already placed.
    if (end + RED_ZONE > this.cursor) this.cursor = align16(end) + RED_ZONE;
    return mo;
  }

  /** A stack object at an address the state chose (not indexed here). */
  stackObject(address: number, size: number, name: string, site: string): MemoryObject {
    // One MemoryObject per (address, size, name, site), made once and handed to every later alloca
    // that matches it, in any state: a MemoryObject is only the identity of an allocation, and a state
    // has at most one live stack object at an address (the frames holding one at the same address
    // have returned). Before, each call made new ones: echo held 126k distinct stack MemoryObjects at 20k
    // live states (~76 B each; issue 20). Ids of stack objects are negative, from their own sequence:
    // they never key the address spaces' map, and heap and global ids stay dense (a shallower trie).
    let list = this.stackObjects.get(address);
    if (list === undefined) this.stackObjects.set(address, (list = []));
    for (let i = 0; i < list.length; i++) {
      const mo = list[i]!;
      if (mo.size === size && mo.name === name && mo.allocSite === site) return mo;
    }
    const mo = new MemoryObject(-++this.stackIds, address, size, ObjKind.Stack, name, site);
    list.push(mo);
    return mo;
  }

  /** The heap/global object with the greatest base <= addr (the only candidate to contain it). */
  floor(addr: number): MemoryObject | undefined {
    const objs = this.objects;
    let lo = 0;
    let hi = objs.length - 1;
    if (hi < 0 || addr < objs[0]!.address) return undefined;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (objs[mid]!.address <= addr) lo = mid;
      else hi = mid - 1;
    }
    return objs[lo];
  }

  /** Heap/global objects overlapping [lo, hi] (inclusive), in address order. */
  overlapping(lo: number, hi: number, limit: number): MemoryObject[] {
    const out: MemoryObject[] = [];
    const objs = this.objects;
    const first = this.floor(lo);
    let i = first ? this.indexOf(first) : 0;
    for (; i < objs.length && out.length <= limit; i++) {
      const o = objs[i]!;
      if (o.address > hi) break;
      if (o.address + Math.max(o.size, 1) > lo) out.push(o);
    }
    return out;
  }

  private indexOf(o: MemoryObject): number {
    // Binary search for the object itself (objects are sorted by address).
    let lo = 0;
    let hi = this.objects.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.objects[mid]!.address < o.address) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
