// The built-in function interface and the helpers built-ins share. A built-in stands in for a declared
// function (klee_*, llvm.*, the minimal libc); it gets the call's argument values and returns the
// result (or nothing for void), possibly after awaiting the solver. Built-ins model the environment, so
// where they need a concrete value (a pointer, a size, a string) they concretise a symbolic one — bound
// by an equality constraint and reported — as KLEE does for external calls.

import type { Expr } from '../../expr/expr.js';
import type { Instruction } from '../../ir/model.js';
import type { Type } from '../../ir/types.js';
import type { ObjectState } from '../../memory/object-state.js';
import type { Executor } from '../executor.js';
import type { ExecutionState } from '../state.js';
import type { Val } from '../values.js';
import { addressOf } from '../../memory/bigint-bits.js';

export interface CallContext {
  readonly ex: Executor;
  readonly s: ExecutionState;
  readonly inst: Instruction;
  /** The called function's name. */
  readonly name: string;
  /** Types of the actual arguments. */
  readonly argTypes: readonly Type[];
  readonly retType: Type;
  /**
   * For a built-in that forks (free of a symbolic pointer): completes the call in another state `st`
   * forked from `s` here, with result `v` (`s` itself completes by the built-in's return value).
   */
  readonly completeIn?: (st: ExecutionState, v: Val | void) => void;
}

export type Builtin = (c: CallContext, args: Val[]) => Val | void | Promise<Val | void>;
export type BuiltinTableEntries = Record<string, Builtin>;

/** A concrete integer argument (concretised if symbolic); null when the state ended. */
export async function concreteArg(c: CallContext, v: Val, what: string): Promise<bigint | null> {
  if (typeof v === 'bigint') return v;
  return c.ex.concretize(c.s, v as Expr, `${what} of ${c.name}()`, c.inst);
}

/** Several concrete arguments at once; null when the state ended. */
export async function concreteArgs(c: CallContext, vs: readonly Val[], what: string): Promise<bigint[] | null> {
  const out: bigint[] = [];
  for (const v of vs) {
    const x = await concreteArg(c, v, what);
    if (x === null) return null;
    out.push(x);
  }
  return out;
}

/** True when every value is concrete (the synchronous fast path of a built-in). */
export function allConcrete(vs: readonly Val[]): vs is bigint[] {
  for (const v of vs) if (typeof v !== 'bigint') return false;
  return true;
}

/** The object holding [addr, addr+n), or null after an error ended the state. */
export function objectAt(c: CallContext, addr: bigint, n: number, write: boolean): ObjectState | null {
  return c.ex.memory.access(c.s, addressOf(addr), Math.max(n, 1), write, c.inst);
}

/**
 * The NUL-terminated string at `addr` (without the NUL), symbolic bytes concretised; null when the
 * state ended (bad pointer, no terminator inside the object, solver failure).
 */
export async function cString(c: CallContext, addr: bigint, limit = Infinity): Promise<Uint8Array | null> {
  const os = objectAt(c, addr, 1, false);
  if (os === null) return null;
  const off = addressOf(addr) - os.obj.address;
  const out: number[] = [];
  for (let i = off; out.length < limit; i++) {
    if (i >= os.obj.size) {
      c.ex.term.error(c.s, 'out-of-bounds', 'memory error: out of bound pointer (string not terminated inside its object)', c.inst, [
        `object: ${os.obj.describe()}`,
      ]);
      return null;
    }
    let b = os.readByte(i);
    if (typeof b !== 'number') {
      const v = await c.ex.concretize(c.s, b, `string byte passed to ${c.name}()`, c.inst);
      if (v === null) return null;
      b = Number(v);
    }
    if (b === 0) break;
    out.push(b);
  }
  return Uint8Array.from(out);
}

