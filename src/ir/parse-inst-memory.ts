// Memory instructions: alloca, load, store (plain, volatile and atomic), getelementptr, atomicrmw,
// cmpxchg and fence. In clang-14 typed-pointer IR the pointer operand's type (`i32*`) parses as `ptr`,
// so `load i32, i32* %p` needs nothing special.

import { Tok } from './lexer.js';
import type { ParseContext } from './parse-context.js';
import { literalStruct, parseAddrSpace, parseType, ptrType } from './parse-types.js';
import { parseTypedValue } from './parse-values.js';
import {
  isSized,
  makeInst,
  parseOrdering,
  parseTrailingAlign,
  requirePointer,
  skipSyncScope,
  type InstParser,
} from './parse-inst-common.js';
import { constInt } from './build.js';
import { InstFlag, type Value } from './model.js';
import { gepResultType } from './typing.js';
import { vocabulary } from './vocabulary.js';
import { I1, I32, VOID as VOID_T, typeToString, typesEqual } from './types.js';

export const parseAlloca: InstParser = (p, fs, op, pos) => {
  const lx = p.lx;
  p.eatWord('inalloca');
  const tpos = p.here();
  const t = parseType(p);
  if (!isSized(t)) throw p.failAt(tpos, `invalid type '${typeToString(t)}' for alloca`);
  let count: Value = constInt(I32, 1);
  let align: number | undefined;
  let addrSpace = 0;
  while (lx.tok === Tok.Comma) {
    lx.next();
    if (lx.tok === Tok.MetaVar) {
      p.ateExtraComma = true;
      break;
    }
    if (p.eatWord('align')) align = p.parseAlign();
    else if (p.isWord('addrspace')) addrSpace = parseAddrSpace(p);
    else {
      const cpos = p.here();
      count = parseTypedValue(p);
      if (count.type.kind !== 'int') throw p.failAt(cpos, 'element count must have integer type');
    }
  }
  const inst = makeInst(fs, op, ptrType(addrSpace), [count], pos);
  inst.allocatedType = t;
  inst.align = align;
  return inst;
};

/** `atomic` and `volatile` prefixes of load/store. */
function parseMemPrefix(p: ParseContext): { atomic: boolean; flags: number } {
  const atomic = p.eatWord('atomic');
  const flags = p.eatWord('volatile') ? InstFlag.Volatile : 0;
  return { atomic, flags };
}

export const parseLoad: InstParser = (p, fs, op, pos) => {
  const { atomic, flags } = parseMemPrefix(p);
  const tpos = p.here();
  const t = parseType(p);
  if (!isSized(t)) throw p.failAt(tpos, `loading unsized type '${typeToString(t)}' is not allowed`);
  p.expect(Tok.Comma, "','");
  const ppos = p.here();
  const ptr = parseTypedValue(p);
  requirePointer(p, ptr, ppos, 'load');
  const inst = makeInst(fs, op, t, [ptr], pos);
  inst.flags = flags;
  if (atomic) {
    skipSyncScope(p);
    inst.ordering = parseOrdering(p);
  }
  parseTrailingAlign(p, inst);
  return inst;
};

export const parseStore: InstParser = (p, fs, op, pos) => {
  const { atomic, flags } = parseMemPrefix(p);
  const tpos = p.here();
  const v = parseTypedValue(p);
  if (!isSized(v.type)) throw p.failAt(tpos, `storing unsized type '${typeToString(v.type)}' is not allowed`);
  p.expect(Tok.Comma, "','");
  const ppos = p.here();
  const ptr = parseTypedValue(p);
  requirePointer(p, ptr, ppos, 'store');
  const inst = makeInst(fs, op, VOID_T, [v, ptr], pos);
  inst.flags = flags;
  if (atomic) {
    skipSyncScope(p);
    inst.ordering = parseOrdering(p);
  }
  parseTrailingAlign(p, inst);
  return inst;
};

export const parseGep: InstParser = (p, fs, op, pos) => {
  const lx = p.lx;
  let flags = 0;
  for (;;) {
    if (p.eatWord('inbounds')) flags |= InstFlag.InBounds;
    else if (p.eatWord('nuw')) flags |= InstFlag.NUW;
    else if (p.eatWord('nusw')) continue;
    else break;
  }
  const tpos = p.here();
  const src = parseType(p);
  if (!isSized(src)) throw p.failAt(tpos, `getelementptr source type '${typeToString(src)}' is not sized`);
  p.expect(Tok.Comma, "','");
  const base = parseTypedValue(p);
  const operands: Value[] = [base];
  while (lx.tok === Tok.Comma) {
    lx.next();
    if (lx.tok === Tok.MetaVar) {
      p.ateExtraComma = true;
      break;
    }
    operands.push(parseTypedValue(p));
  }
  const t = gepResultType(src, base, operands.slice(1));
  if (typeof t === 'string') throw p.failAt(tpos, t);
  const inst = makeInst(fs, op, t, operands.slice(), pos);
  inst.sourceElemType = src;
  inst.flags = flags;
  return inst;
};

const RMW_OPS = vocabulary([
  'xchg', 'add', 'sub', 'and', 'nand', 'or', 'xor', 'max', 'min', 'umax', 'umin', 'fadd', 'fsub', 'fmax', 'fmin',
  'uinc_wrap', 'udec_wrap', 'usub_cond', 'usub_sat', 'fmaximum', 'fminimum',
]);

export const parseAtomicRmw: InstParser = (p, fs, op, pos) => {
  const lx = p.lx;
  const flags = p.eatWord('volatile') ? InstFlag.Volatile : 0;
  const rmwOp = lx.tok === Tok.Ident ? RMW_OPS.get(lx.str) : undefined;
  if (rmwOp === undefined) throw p.unexpected('an atomicrmw operation');
  lx.next();
  const ppos = p.here();
  const ptr = parseTypedValue(p);
  requirePointer(p, ptr, ppos, 'atomicrmw');
  p.expect(Tok.Comma, "','");
  const v = parseTypedValue(p);
  skipSyncScope(p);
  const inst = makeInst(fs, op, v.type, [ptr, v], pos);
  inst.flags = flags;
  inst.rmwOp = rmwOp;
  inst.ordering = parseOrdering(p);
  parseTrailingAlign(p, inst);
  return inst;
};

export const parseCmpXchg: InstParser = (p, fs, op, pos) => {
  let flags = 0;
  if (p.eatWord('weak')) flags |= InstFlag.Weak;
  if (p.eatWord('volatile')) flags |= InstFlag.Volatile;
  const ppos = p.here();
  const ptr = parseTypedValue(p);
  requirePointer(p, ptr, ppos, 'cmpxchg');
  p.expect(Tok.Comma, "','");
  const cmp = parseTypedValue(p);
  p.expect(Tok.Comma, "','");
  const npos = p.here();
  const repl = parseTypedValue(p);
  if (!typesEqual(cmp.type, repl.type)) throw p.failAt(npos, 'compare value and new value type do not match');
  skipSyncScope(p);
  const inst = makeInst(fs, op, literalStruct([cmp.type, I1], false), [ptr, cmp, repl], pos);
  inst.flags = flags;
  inst.ordering = parseOrdering(p);
  inst.failureOrdering = parseOrdering(p);
  parseTrailingAlign(p, inst);
  return inst;
};

export const parseFence: InstParser = (p, fs, op, pos) => {
  skipSyncScope(p);
  const inst = makeInst(fs, op, VOID_T, [], pos);
  inst.ordering = parseOrdering(p);
  return inst;
};
