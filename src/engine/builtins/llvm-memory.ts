// LLVM intrinsics about memory, the stack and control: llvm.memcpy/memmove/memset(.inline),
// stacksave/stackrestore, va_start/va_end/va_copy (x86-64 va_list, see frames.ts), objectsize,
// load.relative, threadlocal.address, trap/debugtrap (an abort), and the ones with no effect on the
// semantics (dbg, lifetime, assume, expect, prefetch, invariant.*, annotations, noalias decls …).

import type { Value } from '../../ir/model.js';
import { VA_FP_FULL, VA_GP_FULL } from '../frames.js';
import type { Scalar, Val } from '../values.js';
import { memCopyBuiltin, memSetBuiltin } from './libc-string.js';
import { concreteArg, objectAt, type Builtin, type BuiltinTableEntries, type CallContext } from './types.js';
import { addressOf } from '../../memory/bigint-bits.js';

const nothing: Builtin = () => {};

/**
 * LLVM's isManifestConstant, which llvm.is.constant folds to: constant data (integers, floats, null,
 * undef, zero, strings) and aggregates or constant expressions made only of them. A global's address,
 * a function or any computed value is not one — whatever value it has at run time.
 */
function isManifestConstant(v: Value): boolean {
  switch (v.vk) {
    case 'cint':
    case 'cfloat':
    case 'cnull':
    case 'cundef':
    case 'cpoison':
    case 'czero':
    case 'cdata':
      return true;
    case 'caggr':
      return v.elements.every(isManifestConstant);
    case 'cexpr':
      return v.operands.every(isManifestConstant);
    default:
      return false;
  }
}
const first: Builtin = (_c, args) => args[0]!;

async function vaStart(c: CallContext, [list]: Val[]): Promise<void> {
  const p = await concreteArg(c, list!, 'va_list');
  if (p === null) return;
  const os = objectAt(c, p, 24, true);
  if (os === null) return;
  const f = c.s.top;
  const area = f.varargs ? BigInt(f.varargs.address) : 0n;
  const off = addressOf(p) - os.obj.address;
  os.write(off, 4, BigInt(VA_GP_FULL));
  os.write(off + 4, 4, BigInt(VA_FP_FULL));
  os.write(off + 8, 8, area);
  os.write(off + 16, 8, area);
}

async function vaCopy(c: CallContext, args: Val[]): Promise<void> {
  await memCopyBuiltin(c, [args[0]!, args[1]!, 24n]);
}

function stackSave(c: CallContext): Val {
  return BigInt(c.s.sp);
}

async function stackRestore(c: CallContext, [p]: Val[]): Promise<void> {
  const sp = await concreteArg(c, p!, 'stack pointer');
  if (sp === null) return;
  const f = c.s.top;
  const at = Number(sp);
  if (at < f.stackBase) return;
  // Free the frame's stack objects allocated after the save (VLAs of a loop body).
  if (f.allocas) {
    let k = f.allocas.length;
    while (k > 0 && f.allocas[k - 1]!.address >= at) k--;
    if (k < f.allocas.length) {
      f.ownAllocas().length = k;
      f.ownAllocaStates().length = k;
    }
  }
  c.s.sp = at;
}

function objectSize(c: CallContext, args: Val[]): Val {
  const p = args[0] as Scalar;
  const min = args[1] === 1n;
  const unknown = min ? 0n : BigInt.asUintN(64, -1n);
  if (typeof p !== 'bigint') return unknown;
  const mo = c.ex.memory.findObject(c.s, addressOf(p));
  if (!mo) return unknown;
  return BigInt(mo.address + mo.size - addressOf(p));
}

async function loadRelative(c: CallContext, [p, off]: Val[]): Promise<Val | void> {
  const base = await concreteArg(c, p!, 'pointer');
  const o = await concreteArg(c, off!, 'offset');
  if (base === null || o === null) return;
  const at = BigInt.asUintN(64, base + BigInt.asIntN(64, o));
  const os = objectAt(c, at, 4, false);
  if (os === null) return;
  const rel = os.read(Number(at) - os.obj.address, 4);
  if (typeof rel !== 'bigint') return c.ex.term.error(c.s, 'exec', 'llvm.load.relative of a symbolic offset', c.inst);
  return BigInt.asUintN(64, base + BigInt.asIntN(32, rel));
}

function trap(c: CallContext): void {
  c.ex.term.error(c.s, 'abort', `abort failure (${c.name})`, c.inst);
}

export const LLVM_MEMORY: BuiltinTableEntries = {
  'llvm.memcpy': memCopyBuiltin,
  'llvm.memcpy.inline': memCopyBuiltin,
  'llvm.memmove': memCopyBuiltin,
  'llvm.memset': memSetBuiltin,
  'llvm.memset.inline': memSetBuiltin,
  'llvm.stacksave': stackSave,
  'llvm.stackrestore': stackRestore,
  'llvm.va_start': vaStart,
  'llvm.va_end': nothing,
  'llvm.va_copy': vaCopy,
  'llvm.objectsize': objectSize,
  'llvm.load.relative': loadRelative,
  'llvm.threadlocal.address': first,
  'llvm.trap': trap,
  'llvm.debugtrap': trap,
  'llvm.ubsantrap': trap,
  'llvm.dbg.declare': nothing,
  'llvm.dbg.value': nothing,
  'llvm.dbg.label': nothing,
  'llvm.dbg.assign': nothing,
  'llvm.lifetime.start': nothing,
  'llvm.lifetime.end': nothing,
  'llvm.assume': nothing,
  'llvm.prefetch': nothing,
  'llvm.donothing': nothing,
  'llvm.sideeffect': nothing,
  'llvm.invariant.start': () => 0n,
  'llvm.invariant.end': nothing,
  'llvm.experimental.noalias.scope.decl': nothing,
  'llvm.var.annotation': nothing,
  'llvm.ptr.annotation': first,
  'llvm.annotation': first,
  'llvm.launder.invariant.group': first,
  'llvm.strip.invariant.group': first,
  'llvm.expect': first,
  'llvm.expect.with.probability': first,
  'llvm.is.constant': (c) => (isManifestConstant(c.inst.operands[1]!) ? 1n : 0n),
  'llvm.codeview.annotation': nothing,
};
