// KLEE's intrinsics (runtime/include/klee/klee.h), with KLEE's names and meaning: making memory
// symbolic, constraining the path, ending it, asking about values, messages. klee_prefer_cex and
// klee_posix_prefer_cex steer which test values are chosen (termination.ts takes them when it solves);
// klee_open_merge/klee_close_merge are accepted as no-ops (sympath does not merge states).

import * as B from '../../expr/build.js';
import { Kind, type Expr } from '../../expr/expr.js';
import { norm, toExpr, type Scalar, type Val } from '../values.js';
import { latin1 } from './printf.js';
import { concreteArg, cString, objectAt, type BuiltinTableEntries, type CallContext } from './types.js';

async function nameArg(c: CallContext, v: Val): Promise<string | null> {
  const p = await concreteArg(c, v, 'name');
  if (p === null) return null;
  if (p === 0n) return 'unnamed';
  const bytes = await cString(c, p);
  return bytes === null ? null : latin1(bytes);
}

/** A fresh symbolic object of `size` bytes made at `addr` (which must hold them). */
function makeSymbolic(c: CallContext, addr: bigint, size: number, name: string): boolean {
  const os = objectAt(c, addr, size, true);
  if (os === null) return false;
  const array = c.ex.newArray(name, size);
  os.makeSymbolic(Number(addr) - os.obj.address, array);
  c.s.addSymbolic({ array, name });
  return true;
}

/** A fresh symbolic 32-bit value named `name`, recorded as a 4-byte object like KLEE's klee_int. */
function freshInt(c: CallContext, name: string): Expr {
  const array = c.ex.newArray(name, 4);
  c.s.addSymbolic({ array, name });
  return B.readLE(array, null, B.constant(32, 0), 4);
}

function assume(c: CallContext, cond: Expr): void | Promise<void> {
  if (cond.isConst) {
    if (!cond.value) c.ex.term.error(c.s, 'user', 'invalid klee_assume call (provably false)', c.inst);
    return;
  }
  return c.ex.solver.mayBeTrue(c.s.constraints, cond).then((may) => {
    if (may === 'unknown') c.ex.term.partial(c.s, 'the solver could not decide a klee_assume', c.inst);
    else if (!may) c.ex.term.error(c.s, 'user', 'invalid klee_assume call (provably false)', c.inst);
    else c.s.addConstraint(cond);
  });
}

function nonZero(v: Scalar, w: number): Expr {
  return B.ne(toExpr(v, w), B.constant(w, 0));
}

function argBits(c: CallContext, i: number): number {
  const t = c.argTypes[i];
  return t && t.kind === 'int' ? t.bits : 64;
}

async function getValue(c: CallContext, [x]: Val[]): Promise<Val | void> {
  const v = x as Scalar;
  if (typeof v === 'bigint') return v;
  const r = await c.ex.solver.getValue(c.s.constraints, v);
  if (r === 'unknown') return c.ex.term.partial(c.s, 'the solver could not answer klee_get_value', c.inst);
  return r;
}

export const KLEE: BuiltinTableEntries = {
  /**
   * sympath_output(ptr, size, name): marks `size` bytes at `ptr` as an output of the program (PESO's
   * output criterion, src/strategies/peso). The bytes are read (so a traced run sees what defined them)
   * and handed to the executor, which records them in a concolic run and ignores them otherwise.
   */
  async sympath_output(c, args) {
    const addr = await concreteArg(c, args[0]!, 'address');
    const size = await concreteArg(c, args[1]!, 'size');
    const name = await nameArg(c, args[2]!);
    if (addr === null || size === null || name === null) return;
    const n = Number(size);
    const bytes: (number | Expr)[] = [];
    if (n > 0) {
      const os = objectAt(c, addr, n, false);
      if (os === null) return;
      const off = Number(addr) - os.obj.address;
      if (off + n > os.obj.size) {
        c.ex.term.error(c.s, 'out-of-bounds', `memory error: sympath_output of ${n} bytes past the end of its object`, c.inst, [`object: ${os.obj.describe()}`]);
        return;
      }
      for (let i = 0; i < n; i++) bytes.push(os.readByte(off + i));
    }
    c.ex.markOutput(c.s, name, bytes);
  },
  async klee_make_symbolic(c, args) {
    const addr = await concreteArg(c, args[0]!, 'address');
    const size = await concreteArg(c, args[1]!, 'size');
    // KLEE's older two-argument form (no name) is still in programs written for it: 'unnamed', as KLEE.
    const name = args.length > 2 ? await nameArg(c, args[2]!) : 'unnamed';
    if (addr === null || size === null || name === null) return;
    if (size === 0n) {
      // Nothing to make symbolic (malloc(0)'s object has no bytes), but the test still lists the object
      // with 0 bytes, as KLEE's does, so that replay sees the same objects in the same order.
      c.s.addSymbolic({ array: c.ex.newArray(name, 0), name });
      return;
    }
    makeSymbolic(c, addr, Number(size), name);
  },
  klee_assume(c, [x]) {
    return assume(c, nonZero(x as Scalar, argBits(c, 0)));
  },
  async klee_range(c, args) {
    const lo = await concreteArg(c, args[0]!, 'start');
    const hi = await concreteArg(c, args[1]!, 'end');
    const name = await nameArg(c, args[2]!);
    if (lo === null || hi === null || name === null) return;
    const start = BigInt.asIntN(32, lo);
    const end = BigInt.asIntN(32, hi);
    if (start >= end) return c.ex.term.error(c.s, 'user', 'invalid range', c.inst);
    if (start + 1n === end) return lo;
    const x = freshInt(c, name);
    if (start === 0n) await assume(c, B.ult(x, B.constant(32, end)));
    else {
      await assume(c, B.sle(B.constant(32, start), x));
      if (!c.s.terminated) await assume(c, B.slt(x, B.constant(32, end)));
    }
    return norm(x);
  },
  async klee_int(c, args) {
    const name = await nameArg(c, args[0]!);
    if (name === null) return;
    return norm(freshInt(c, name));
  },
  async klee_choose(c, [n]) {
    const bound = await concreteArg(c, n!, 'bound');
    if (bound === null) return;
    const array = c.ex.newArray('klee_choose', 8);
    c.s.addSymbolic({ array, name: 'klee_choose' });
    const x = B.readLE(array, null, B.constant(32, 0), 8);
    await assume(c, B.ult(x, B.constant(64, bound)));
    return norm(x);
  },
  async klee_silent_exit(c) {
    c.ex.term.silentExit(c.s);
  },
  klee_abort(c) {
    c.ex.term.error(c.s, 'abort', 'abort failure', c.inst);
  },
  async klee_report_error(c, args) {
    const file = await nameArg(c, args[0]!);
    const line = await concreteArg(c, args[1]!, 'line');
    const msg = await nameArg(c, args[2]!);
    const suffix = await nameArg(c, args[3]!);
    if (c.s.terminated) return;
    c.ex.term.error(c.s, 'user', msg ?? 'error', c.inst, [`reported at ${file}:${line}`, `suffix: ${suffix}`]);
  },
  klee_is_symbolic(_c, [x]) {
    const v = x as Scalar;
    return typeof v === 'bigint' || v.kind === Kind.Const ? 0n : 1n;
  },
  klee_is_replay: () => 0n,
  klee_get_value_i32: getValue,
  klee_get_value_i64: getValue,
  klee_get_valuel: getValue,
  klee_get_valuell: getValue,
  klee_get_valuef: getValue,
  klee_get_valued: getValue,
  async klee_get_obj_size(c, [p]) {
    const a = await concreteArg(c, p!, 'pointer');
    if (a === null) return;
    const mo = c.ex.memory.findObject(c.s, Number(a));
    if (!mo) return c.ex.term.error(c.s, 'user', 'klee_get_obj_size: pointer does not point into an object', c.inst);
    return BigInt(mo.size);
  },
  async klee_warning(c, [m]) {
    const text = await nameArg(c, m!);
    if (text !== null) c.ex.message(`WARNING: ${c.inst.parent.fn.name}: ${text}`);
  },
  async klee_warning_once(c, [m]) {
    const text = await nameArg(c, m!);
    if (text !== null) c.ex.warnOnce(`klee_warning_once:${c.inst.id}`, `WARNING ONCE: ${c.inst.parent.fn.name}: ${text}`);
  },
  async klee_print_expr(c, args) {
    const msg = await nameArg(c, args[0]!);
    if (msg === null) return;
    const exprs = args.slice(1).map((v) => c.ex.show(v));
    c.ex.writeFrom(c.s, 2, Buffer.from(`${msg}:${exprs.join(', ')}\n`, 'latin1'));
  },
  async klee_print_range(c, args) {
    const name = await nameArg(c, args[0]!);
    const v = args[1] as Scalar;
    if (name === null) return;
    if (typeof v === 'bigint') return c.ex.writeFrom(c.s, 2, Buffer.from(`${name}:${v}\n`));
    const r = await c.ex.solver.getRange(c.s.constraints, v);
    c.ex.writeFrom(c.s, 2, Buffer.from(r === 'unknown' ? `${name}:unknown\n` : `${name}:[${r.min}, ${r.max}]\n`));
  },
  // klee_prefer_cex(object, condition): the condition is preferred when the path's test is solved for.
  klee_prefer_cex(c, [, cond]) {
    const e = nonZero(cond as Scalar, argBits(c, 1));
    if (!e.isConst) c.s.cexPreferences = [...c.s.cexPreferences, e];
  },
  klee_posix_prefer_cex(c, [, cond]) {
    const e = nonZero(cond as Scalar, argBits(c, 1));
    if (!e.isConst) c.s.cexPreferences = [...c.s.cexPreferences, e];
  },
  /** void klee_mark_global(void *p): the object p points into counts as a global from now on (free of it: invalid-free). */
  klee_mark_global(c, [p]) {
    if (typeof p !== 'bigint') return;
    const mo = c.ex.memory.findObject(c.s, Number(p));
    if (mo) c.s.markedGlobal = new Set([...c.s.markedGlobal, mo.id]);
  },
  klee_open_merge: () => {},
  klee_close_merge: () => {},
  klee_get_errno: () => 0n,
  klee_set_forking(c, [x]) {
    c.s.forkingDisabled = typeof x === 'bigint' ? x === 0n : false;
  },
  async klee_check_memory_access(c, args) {
    const a = await concreteArg(c, args[0]!, 'address');
    const n = await concreteArg(c, args[1]!, 'size');
    if (a === null || n === null) return;
    objectAt(c, a, Number(n), false);
  },
  klee_stack_trace(c) {
    c.ex.message(c.ex.term.describe(c.s, 'user', 'stack trace', c.inst).stack.join('\n'));
  },
  // klee_define_fixed_object(address, size): zero-filled memory at that address, from now on on this path.
  async klee_define_fixed_object(c, args) {
    const addr = await concreteArg(c, args[0]!, 'address');
    const size = await concreteArg(c, args[1]!, 'size');
    if (addr === null || size === null) return;
    const mo = c.ex.image.allocator.allocateFixed(Number(addr), Number(size), 'fixed object', c.inst.loc ? `${c.inst.loc.file}:${c.inst.loc.line}` : c.inst.parent.fn.name);
    if (typeof mo === 'string') return c.ex.term.error(c.s, 'user', `klee_define_fixed_object: ${mo}`, c.inst);
    if (c.s.space.lookup(mo) === undefined) c.s.space.bind(mo);
  },
  klee_alias_function(c) {
    c.ex.term.error(c.s, 'model', 'klee_alias_function is not supported', c.inst);
  },
};
