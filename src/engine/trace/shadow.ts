// Shadow memory for the trace recorder: per concrete byte, the instance that last wrote it (strongly),
// plus — rarely — instances that may have written it (weak writes: built-ins whose exact extent the
// engine does not report, accesses through an unresolved symbolic address). Pages of 4 KiB, allocated
// on first write; a byte never written reads as INITIAL.

import { INITIAL } from './model.js';

const PAGE = 4096;

export class ShadowMemory {
  /** writer + 1 per byte (0 = INITIAL). */
  private readonly pages = new Map<number, Int32Array>();
  /** Weak writers per byte address, only for bytes that have some. */
  private readonly weak = new Map<number, number[]>();

  private page(p: number): Int32Array {
    let a = this.pages.get(p);
    if (!a) this.pages.set(p, (a = new Int32Array(PAGE)));
    return a;
  }

  private fill(addr: number, size: number, value: number): void {
    let a = addr;
    const end = addr + size;
    while (a < end) {
      const p = Math.floor(a / PAGE);
      const off = a - p * PAGE;
      const n = Math.min(end - a, PAGE - off);
      if (value !== 0 || this.pages.has(p)) this.page(p).fill(value, off, off + n);
      a += n;
    }
    if (this.weak.size > 0) for (let b = addr; b < end; b++) this.weak.delete(b);
  }

  /** Instance `w` wrote [addr, addr + size). */
  write(addr: number, size: number, w: number): void {
    this.fill(addr, size, w + 1);
  }

  /** Instance `w` may have written [addr, addr + size): kept beside the earlier writers. */
  weakWrite(addr: number, size: number, w: number): void {
    for (let b = addr; b < addr + size; b++) {
      const l = this.weak.get(b);
      if (!l) this.weak.set(b, [w]);
      else if (l[l.length - 1] !== w) l.push(w);
    }
  }

  /** The bytes are fresh (a new allocation): nobody wrote them. */
  clear(addr: number, size: number): void {
    this.fill(addr, size, 0);
  }

  /** Adds the writers of [addr, addr + size) to `out` (INITIAL for bytes nobody wrote). */
  readers(addr: number, size: number, out: Set<number>): void {
    let a = addr;
    const end = addr + size;
    while (a < end) {
      const p = Math.floor(a / PAGE);
      const off = a - p * PAGE;
      const n = Math.min(end - a, PAGE - off);
      const pg = this.pages.get(p);
      if (!pg) out.add(INITIAL);
      else {
        let last = -2;
        for (let k = off; k < off + n; k++) {
          const v = pg[k]! - 1;
          if (v !== last) {
            out.add(v);
            last = v;
          }
        }
      }
      a += n;
    }
    if (this.weak.size > 0) {
      for (let b = addr; b < end; b++) {
        const l = this.weak.get(b);
        if (l) for (const w of l) out.add(w);
      }
    }
  }
}
