// The built-in table: declared functions the engine implements, by name, assembled from one table per
// family. LLVM intrinsics are overloaded by type suffixes (llvm.memcpy.p0.p0.i64, llvm.smax.i32); a
// lookup tries the full name, then drops trailing `.suffix` parts until a family name matches.

import { KLEE } from './klee.js';
import { HEAP } from './libc-memory.js';
import { STDIO } from './libc-stdio.js';
import { STRING } from './libc-string.js';
import { LLVM_FLOAT } from './llvm-float.js';
import { LLVM_INT } from './llvm-int.js';
import { LLVM_MEMORY } from './llvm-memory.js';
import { RUNTIME_HOOKS } from './runtime-hooks.js';
import { SETJMP } from './setjmp.js';
import { TESTCOMP, testcompByPrefix } from './testcomp.js';
import type { AddressSpace } from '../../memory/address-space.js';
import type { Executor } from '../executor.js';
import { CTYPE_FUNCTIONS, CTYPE_TABLES, setupCtype } from './libc-ctype.js';
import type { Builtin } from './types.js';

export type { Builtin, CallContext } from './types.js';

export class BuiltinTable {
  private readonly table = new Map<string, Builtin>();
  private readonly data = new Map<string, bigint>();

  constructor() {
    for (const family of [KLEE, HEAP, STDIO, STRING, CTYPE_TABLES, LLVM_MEMORY, LLVM_INT, LLVM_FLOAT, SETJMP, RUNTIME_HOOKS, TESTCOMP]) {
      for (const [name, fn] of Object.entries(family)) this.table.set(name, fn);
    }
  }

  /** Adds or replaces a built-in (the POSIX runtime and tests extend the table this way). */
  define(name: string, fn: Builtin): void {
    this.table.set(name, fn);
  }

  /**
   * Lays out the static data some built-ins return pointers to (glibc's ctype tables), in the initial
   * address space, when the module declares those functions.
   */
  prepare(ex: Executor, space: AddressSpace): void {
    const declared = (n: string): boolean => ex.module.symbols.get(n)?.vk === 'func';
    if (CTYPE_FUNCTIONS.some(declared)) for (const [k, v] of setupCtype(ex, space)) this.data.set(k, v);
  }

  /** The address prepare() laid out for a built-in's static data. */
  staticData(name: string): bigint {
    const v = this.data.get(name);
    if (v === undefined) throw new Error(`no static data for ${name}`);
    return v;
  }

  lookup(name: string): Builtin | null {
    const exact = this.table.get(name);
    if (exact) return exact;
    if (!name.startsWith('llvm.')) return testcompByPrefix(name);
    let n = name;
    for (let dot = n.lastIndexOf('.'); dot > 4; dot = n.lastIndexOf('.')) {
      n = n.slice(0, dot);
      const b = this.table.get(n);
      if (b) return b;
    }
    return null;
  }
}
