// setjmp/longjmp as engine built-ins (musl leaves them to the engine: they are assembly natively).
//
// setjmp(env) records where it was called — the frame's depth and function, and the block and step
// just after the call — under a fresh token, and stores the token in the first 8 bytes of env (the
// jmp_buf's register area, which no C code reads). longjmp(env, val) looks the token up, pops the
// frames above the recorded one (their stack objects go with them) and moves that frame back onto the
// setjmp call itself, with `val` (1 if 0) pending: the call runs again and this time returns `val`.
// Re-executing the call keeps the engine's calling convention in one place (Frames) — the result
// register is written by the ordinary return path.
//
// A longjmp to a frame that has returned (undefined behaviour in C) ends the path as an `exec` error.
// sigsetjmp ignores the signal mask (there are no signals); _setjmp is setjmp. musl's own siglongjmp
// and _longjmp are C calling longjmp.

import type { CompiledBlock, CompiledFunction } from '../compiled.js';
import type { Executor } from '../executor.js';
import type { ExecutionState } from '../state.js';
import { concreteArg, objectAt, type BuiltinTableEntries, type CallContext } from './types.js';

interface JumpTarget {
  readonly fn: CompiledFunction;
  readonly depth: number;
  readonly block: CompiledBlock;
  /** Index of the setjmp call's step in `block`. */
  readonly pc: number;
}

/** Per run: token -> target (tokens start at a recognisable value so stray buffers are caught). */
const targets = new WeakMap<Executor, Map<bigint, JumpTarget>>();
/** Per state: the value the re-executed setjmp call returns. */
const pending = new WeakMap<ExecutionState, bigint>();
const TOKEN_BASE = 0x5e7_1000_0000n;

function registry(ex: Executor): Map<bigint, JumpTarget> {
  let m = targets.get(ex);
  if (!m) {
    m = new Map();
    targets.set(ex, m);
  }
  return m;
}

async function setjmp(c: CallContext, env: bigint): Promise<bigint | void> {
  const again = pending.get(c.s);
  if (again !== undefined) {
    pending.delete(c.s);
    return again;
  }
  const os = objectAt(c, env, 8, true);
  if (os === null) return;
  const f = c.s.top;
  const reg = registry(c.ex);
  const token = TOKEN_BASE + BigInt(reg.size);
  reg.set(token, { fn: f.fn, depth: c.s.stack.length - 1, block: f.block, pc: f.pc - 1 });
  os.writeConcrete(Number(env) - os.obj.address, 8, token);
  return 0n;
}

async function longjmp(c: CallContext, env: bigint, val: bigint): Promise<void> {
  const os = objectAt(c, env, 8, false);
  if (os === null) return;
  let raw = os.read(Number(env) - os.obj.address, 8);
  if (typeof raw !== 'bigint') {
    const v = await c.ex.concretize(c.s, raw, 'jmp_buf contents', c.inst);
    if (v === null) return;
    raw = v;
  }
  const t = registry(c.ex).get(raw);
  const s = c.s;
  if (t === undefined) {
    return c.ex.term.error(s, 'exec', `${c.name}: the jmp_buf was not filled by setjmp on this path`, c.inst);
  }
  if (s.stack.length <= t.depth || s.stack[t.depth]!.fn !== t.fn) {
    return c.ex.term.error(s, 'exec', `${c.name}: the function that called setjmp (${t.fn.fn.name}) has returned`, c.inst);
  }
  while (s.stack.length > t.depth + 1) s.popFrame();
  const f = s.top;
  f.block = t.block;
  f.pc = t.pc;
  pending.set(s, BigInt.asUintN(32, val) === 0n ? 1n : BigInt.asUintN(32, val));
}

async function envArg(c: CallContext, v: unknown): Promise<bigint | null> {
  return concreteArg(c, v as bigint, 'jmp_buf pointer');
}

export const SETJMP: BuiltinTableEntries = {
  async setjmp(c, args) {
    const env = await envArg(c, args[0]);
    if (env !== null) return setjmp(c, env);
  },
  async _setjmp(c, args) {
    const env = await envArg(c, args[0]);
    if (env !== null) return setjmp(c, env);
  },
  async sigsetjmp(c, args) {
    const env = await envArg(c, args[0]);
    if (env !== null) return setjmp(c, env);
  },
  async __sigsetjmp(c, args) {
    const env = await envArg(c, args[0]);
    if (env !== null) return setjmp(c, env);
  },
  async longjmp(c, args) {
    const env = await envArg(c, args[0]);
    const val = await concreteArg(c, args[1]!, 'longjmp value');
    if (env !== null && val !== null) return longjmp(c, env, val);
  },
};
