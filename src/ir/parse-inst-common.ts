// Pieces shared by the instruction parsers: the handler signature, instruction creation, and the small
// grammar bits several instructions use (fast-math flags, `, align N`, atomic orderings, syncscope).

import { Tok } from './lexer.js';
import type { FunctionState, Offset, ParseContext } from './parse-context.js';
import { newInstruction } from './build.js';
import type { Instruction, Opcode, TextPos, Value } from './model.js';
import type { Type } from './types.js';
import { vocabulary } from './vocabulary.js';

/** Parses one instruction after its opcode keyword (already consumed). */
export type InstParser = (p: ParseContext, fs: FunctionState, op: string, pos: TextPos) => Instruction;

export function makeInst(fs: FunctionState, op: string, type: Type, operands: Value[], pos: TextPos): Instruction {
  return newInstruction(op as Opcode, type, operands, fs.block!, pos);
}

const FAST_MATH = new Set(['fast', 'nnan', 'ninf', 'nsz', 'arcp', 'contract', 'afn', 'reassoc']);

/** Fast-math flags: accepted and dropped (they license optimizations, not different results we model). */
export function skipFastMath(p: ParseContext): void {
  const lx = p.lx;
  while (lx.tok === Tok.Ident && FAST_MATH.has(lx.str)) lx.next();
}

/**
 * Optional trailing `, align N` (load, store, atomics). A comma followed by metadata starts the
 * attachments: it is left for the caller through `ateExtraComma`.
 */
export function parseTrailingAlign(p: ParseContext, inst: Instruction): void {
  const lx = p.lx;
  if (lx.tok !== Tok.Comma) return;
  lx.next();
  if (lx.tok === Tok.MetaVar) {
    p.ateExtraComma = true;
    return;
  }
  p.expectWord('align');
  inst.align = p.parseAlign();
}

const ORDERINGS = vocabulary(['unordered', 'monotonic', 'acquire', 'release', 'acq_rel', 'seq_cst']);

export function parseOrdering(p: ParseContext): string {
  const lx = p.lx;
  const o = lx.tok === Tok.Ident ? ORDERINGS.get(lx.str) : undefined;
  if (o === undefined) throw p.unexpected('an atomic ordering');
  lx.next();
  return o;
}

/** Optional `syncscope("name")`: the engine is single-threaded, so the scope is dropped. */
export function skipSyncScope(p: ParseContext): void {
  if (!p.eatWord('syncscope')) return;
  p.expect(Tok.LParen, "'('");
  if (p.lx.tok !== Tok.String) throw p.unexpected('a sync scope name');
  p.lx.next();
  p.expect(Tok.RParen, "')'");
}

/** Checks `v` has a pointer (or vector-of-pointer when allowed) type. */
export function requirePointer(p: ParseContext, v: Value, pos: TextPos | Offset, what: string): void {
  if (v.type.kind !== 'ptr') throw p.failAt(pos, `${what} operand must be a pointer`);
}

/** Whether `t` can be loaded, stored or allocated (a struct containing itself by value cannot). */
export function isSized(t: Type, visiting?: Set<Type>): boolean {
  switch (t.kind) {
    case 'void':
    case 'label':
    case 'metadata':
    case 'token':
    case 'function':
      return false;
    case 'struct': {
      if (t.opaque) return false;
      if (t.name === undefined && t.fields.length === 0) return true;
      const seen = visiting ?? new Set<Type>();
      if (seen.has(t)) return false;
      seen.add(t);
      const ok = t.fields.every((f) => isSized(f, seen));
      seen.delete(t);
      return ok;
    }
    case 'array':
    case 'vector':
      return isSized(t.elem, visiting);
    default:
      return true;
  }
}
