// The loaded module: every function and `blockaddress` gets a fake address in its own region (so function
// pointers are plain integers and an indirect call or indirectbr looks the target up), every global
// variable a heap-region object laid out with its initializer, and every constant a materialised value
// (cached per constant). Globals are allocated in a first pass and initialised in a second, so an
// initializer may refer to any global's address (constant GEPs, ptrtoint arithmetic, function tables).
// An `extern_weak` function that nothing defines (neither the module nor a built-in) has address 0, as
// the linker makes it natively (`if (&f) f();`).

import type { BasicBlock, Constant, ConstExpr, Func, GlobalVariable, Module } from '../ir/model.js';
import type { Type } from '../ir/types.js';
import { AddressSpace } from '../memory/address-space.js';
import { Allocator, BLOCK_BASE, FUNC_BASE } from '../memory/allocator.js';
import { MemoryObject, ObjKind } from '../memory/memory-object.js';
import type { ObjectState } from '../memory/object-state.js';
import { intBinary, intCompare, sext } from './ops/concrete.js';
import { floatFormat, intToFloat } from './ops/float-format.js';
import { bitWidth } from './ops/lanes.js';
import { allocSize, currentLayout, elementOffset, storeSize, typeInfo, useLayout } from './type-layout.js';
import type { Val } from './values.js';

/** Externally defined globals the libc-less runtime provides: stdin/stdout/stderr FILE pointers. */
export const STD_STREAMS = ['stdin', 'stdout', 'stderr'] as const;

/**
 * Why the program's globals cannot be held within `maxMemoryMB` (0: no limit), or null when they can.
 * Globals are allocated whole before main runs, so a `static char buf[1 << 30]` over the limit is
 * refused before the run instead of growing the process past the limit (it reached 5.3 GB at
 * `--max-memory 300` before).
 */
export function globalsOverMemory(module: Module, maxMemoryMB: number): string | null {
  if (maxMemoryMB <= 0) return null;
  useLayout(module.dataLayout);
  let total = 0;
  let biggest: { name: string; size: number } | null = null;
  for (const g of module.globals) {
    const size = allocSize(g.valueType);
    total += size;
    if (!biggest || size > biggest.size) biggest = { name: g.name, size };
  }
  const mb = (n: number) => Math.round(n / (1 << 20));
  if (total <= maxMemoryMB * (1 << 20)) return null;
  return `the program's globals need ${mb(total)} MB (the largest, '${biggest!.name}', ${mb(biggest!.size)} MB), more than --max-memory ${maxMemoryMB} MB`;
}

export class ModuleImage {
  readonly allocator = new Allocator();
  readonly funcAddress = new Map<Func, number>();
  readonly funcAt = new Map<number, Func>();
  private readonly blockAddress = new Map<BasicBlock, number>();
  readonly blockAt = new Map<number, BasicBlock>();
  readonly globalObject = new Map<GlobalVariable, MemoryObject>();
  /** FILE objects standing for the standard streams (index = fd). */
  readonly streams: MemoryObject[] = [];
  private readonly constCache = new Map<Constant, Val>();
  /** Messages about the image (undefined external globals, …), for messages.txt. */
  readonly warnings: string[] = [];

  /** `provided(name)`: whether the engine implements a declared function (a built-in). */
  constructor(
    readonly module: Module,
    provided: (name: string) => boolean = () => false,
  ) {
    module.functions.forEach((f, i) => {
      if (f.isDeclaration && f.linkage === 'extern_weak' && !provided(f.name)) {
        this.funcAddress.set(f, 0);
        return;
      }
      const a = FUNC_BASE + 16 * i;
      this.funcAddress.set(f, a);
      this.funcAt.set(a, f);
    });
  }

  /** Allocates and initialises every global in `space` (the initial state's address space). */
  load(space: AddressSpace): void {
    const pending: [GlobalVariable, ObjectState][] = [];
    for (const g of this.module.globals) {
      const size = allocSize(g.valueType);
      const site = g.name;
      const mo = this.allocator.allocate(size, ObjKind.Global, g.name, site, g.isConstant, g.align ?? typeInfo(g.valueType).align);
      this.globalObject.set(g, mo);
      const os = space.bind(mo);
      if (g.initializer) pending.push([g, os]);
      else if (!(STD_STREAMS as readonly string[]).includes(g.name)) {
        this.warnings.push(`undefined external global '${g.name}': zero-initialised`);
      }
    }
    // The standard streams: three small FILE objects; extern stdin/stdout/stderr point at them.
    for (const name of STD_STREAMS) {
      const mo = this.allocator.allocate(64, ObjKind.Global, `<${name}>`, 'libc', false);
      space.bind(mo);
      this.streams.push(mo);
    }
    for (const g of this.module.globals) {
      const i = (STD_STREAMS as readonly string[]).indexOf(g.name);
      if (i >= 0 && !g.initializer) {
        const os = space.lookup(this.globalObject.get(g)!) as ObjectState;
        if (os.obj.size >= 8) os.writeConcrete(0, 8, BigInt(this.streams[i]!.address));
      }
    }
    for (const [g, os] of pending) {
      try {
        this.writeConstant(os, 0, g.initializer!, g.valueType);
      } catch (e) {
        this.warnings.push(`cannot lay out the initializer of @${g.name} (${(e as Error).message}): left zero`);
      }
    }
  }

  /** Address of a `blockaddress` (allocated on first use). */
  blockAddr(bb: BasicBlock): number {
    let a = this.blockAddress.get(bb);
    if (a === undefined) {
      a = BLOCK_BASE + 16 * this.blockAddress.size;
      this.blockAddress.set(bb, a);
      this.blockAt.set(a, bb);
    }
    return a;
  }

  // -------------------------------------------------------------------------------------------
  // Constants

  /** The register value of a constant. */
  value(c: Constant): Val {
    let v = this.constCache.get(c);
    if (v === undefined) {
      v = this.compute(c);
      this.constCache.set(c, v);
    }
    return v;
  }

  private compute(c: Constant): Val {
    switch (c.vk) {
      case 'cint':
        return c.value;
      case 'cfloat':
        return c.bits;
      case 'cnull':
      case 'cundef':
      case 'cpoison':
      case 'czero':
        return zeroValue(c.type);
      case 'caggr':
        return c.elements.map((e) => this.value(e));
      case 'cdata':
        return dataValue(c.type, c.bytes);
      case 'blockaddr':
        return BigInt(this.blockAddr(c.block));
      case 'global': {
        const mo = this.globalObject.get(c);
        if (!mo) throw new Error(`global @${c.name} is not laid out`);
        return BigInt(mo.address);
      }
      case 'func':
        return BigInt(this.funcAddress.get(c)!);
      case 'alias':
        return this.value(c.aliasee);
      case 'cexpr':
        return this.constExpr(c);
    }
  }

  private scalar(c: Constant): bigint {
    const v = this.value(c);
    if (typeof v !== 'bigint') throw new Error(`constant expression operand is not a scalar`);
    return v;
  }

  private constExpr(c: ConstExpr): Val {
    const ops = c.operands;
    switch (c.op) {
      case 'getelementptr': {
        let addr = this.scalar(ops[0]!);
        const idx = ops.slice(1).map((o) => BigInt.asIntN(bitWidth(o.type), this.scalar(o)));
        addr += gepOffset(c.sourceElemType!, idx);
        return BigInt.asUintN(64, addr);
      }
      case 'bitcast':
      case 'addrspacecast':
        return this.value(ops[0]!);
      case 'ptrtoint':
      case 'inttoptr':
      case 'trunc':
      case 'zext':
        return BigInt.asUintN(bitWidth(c.type), this.scalar(ops[0]!));
      case 'sext':
        return sext(this.scalar(ops[0]!), bitWidth(ops[0]!.type), bitWidth(c.type));
      case 'icmp':
        return intCompare(c.predicate!, bitWidth(ops[0]!.type))(this.scalar(ops[0]!), this.scalar(ops[1]!));
      case 'select':
        return this.scalar(ops[0]!) ? this.value(ops[1]!) : this.value(ops[2]!);
      case 'sitofp':
      case 'uitofp': {
        const f = floatFormat(c.type);
        const x = this.scalar(ops[0]!);
        const w = bitWidth(ops[0]!.type);
        return f.encode(intToFloat(c.op === 'sitofp' ? BigInt.asIntN(w, x) : x, f));
      }
      default: {
        const w = bitWidth(c.type);
        const x = this.scalar(ops[0]!);
        const y = this.scalar(ops[1]!);
        if ((c.op === 'udiv' || c.op === 'sdiv' || c.op === 'urem' || c.op === 'srem') && y === 0n) {
          throw new Error('constant expression divides by zero');
        }
        return intBinary(c.op, w)(x, y);
      }
    }
  }

  /** Writes constant `c` of type `t` into `os` at `off` (zero bytes are already zero). */
  writeConstant(os: ObjectState, off: number, c: Constant, t: Type): void {
    switch (c.vk) {
      case 'czero':
      case 'cnull':
      case 'cundef':
      case 'cpoison':
        return;
      case 'cdata':
        os.setBytes(off, c.bytes.subarray(0, Math.min(c.bytes.length, os.obj.size - off)));
        return;
      case 'caggr':
        c.elements.forEach((e, i) => {
          const et = t.kind === 'struct' ? t.fields[i]! : (t as { elem: Type }).elem;
          this.writeConstant(os, off + elementOffset(t, i), e, et);
        });
        return;
      default: {
        const v = this.value(c);
        writeScalarValue(os, off, v, t);
      }
    }
  }
}

/** Writes a (possibly aggregate) concrete value of type `t`. */
function writeScalarValue(os: ObjectState, off: number, v: Val, t: Type): void {
  if (Array.isArray(v)) {
    v.forEach((e, i) => {
      const et = t.kind === 'struct' ? t.fields[i]! : (t as { elem: Type }).elem;
      writeScalarValue(os, off + elementOffset(t, i), e, et);
    });
    return;
  }
  if (typeof v !== 'bigint') throw new Error('symbolic value in a constant');
  os.writeConcrete(off, storeSize(t), v);
}

/** The byte offset of a GEP with (sign-extended) indices over `sourceElemType`. */
export function gepOffset(sourceElemType: Type, indices: readonly bigint[]): bigint {
  return BigInt(currentLayout().gepOffset(sourceElemType, indices));
}

/** The zero value of a type (aggregates as arrays). */
export function zeroValue(t: Type): Val {
  switch (t.kind) {
    case 'array':
    case 'vector': {
      const z = zeroValue(t.elem);
      return Array.from({ length: t.length }, () => z);
    }
    case 'struct':
      return t.fields.map(zeroValue);
    default:
      return 0n;
  }
}

function dataValue(t: Type, bytes: Uint8Array): Val {
  const elem = (t as { elem?: Type }).elem;
  if (elem && elem.kind === 'int' && elem.bits > 8) {
    const n = elem.bits / 8;
    const out: bigint[] = [];
    for (let i = 0; i + n <= bytes.length; i += n) {
      let v = 0n;
      for (let k = n - 1; k >= 0; k--) v = (v << 8n) | BigInt(bytes[i + k]!);
      out.push(v);
    }
    return out;
  }
  return Array.from(bytes, (b) => BigInt(b));
}
