// Factories for model objects. Every Instruction is created here with all of its fields present, so
// all instructions share one hidden class in V8 and the engine's `inst.op`/`inst.operands` reads stay
// monomorphic. Small integer constants are shared (constants are immutable), which also saves the
// BigInt allocations of the common `i32 0`, `i64 1`.

import type { BasicBlock, ConstInt, Func, GlobalVariable, Instruction, Opcode, Param, TextPos, Value, Alias, Constant } from './model.js';
import { LABEL, PTR, VOID, type FunctionType, type IntType, type Type } from './types.js';

export function newInstruction(op: Opcode, type: Type, operands: Value[], parent: BasicBlock, pos: TextPos): Instruction {
  return {
    vk: 'inst',
    op,
    type,
    name: '',
    operands,
    flags: 0,
    parent,
    pos,
    loc: undefined,
    id: -1,
    branchId: undefined,
    predicate: undefined,
    allocatedType: undefined,
    sourceElemType: undefined,
    align: undefined,
    ordering: undefined,
    failureOrdering: undefined,
    incomingBlocks: undefined,
    fnType: undefined,
    argAttrs: undefined,
    callAttrs: undefined,
    bundles: undefined,
    indices: undefined,
    mask: undefined,
    rmwOp: undefined,
    clauses: undefined,
    argByvalTypes: undefined,
  };
}

export function newBlock(name: string, fn: Func): BasicBlock {
  return { vk: 'block', type: LABEL, name, fn, instructions: [], succs: [], preds: [], index: -1 };
}

const NO_POS: TextPos = { line: 0, col: 0 };
const EMPTY_FN_TYPE: FunctionType = { kind: 'function', ret: VOID, params: [], varArgs: false };

export function newFunc(name: string): Func {
  return {
    vk: 'func',
    type: PTR,
    name,
    linkage: '',
    attrs: [],
    pos: NO_POS,
    fnType: EMPTY_FN_TYPE,
    params: [],
    blocks: [],
    isDeclaration: true,
    fnAttrs: [],
    retAttrs: [],
    sourceFile: undefined,
    sourceLine: undefined,
    index: -1,
  };
}

export function newGlobal(name: string): GlobalVariable {
  return {
    vk: 'global',
    type: PTR,
    name,
    linkage: '',
    attrs: [],
    pos: NO_POS,
    valueType: VOID,
    isConstant: false,
    initializer: undefined,
    align: undefined,
    threadLocal: false,
    section: undefined,
  };
}

export function newAlias(name: string): Alias {
  return { vk: 'alias', type: PTR, name, linkage: '', attrs: [], pos: NO_POS, valueType: VOID, aliasee: undefined as unknown as Constant };
}

export function newParam(type: Type, name: string, index: number, fn: Func, attrs: string[]): Param {
  return { vk: 'arg', type, name, index, fn, attrs, byvalType: undefined };
}

// Shared small integer constants, per integer type.
const smallInts = new WeakMap<IntType, (ConstInt | undefined)[]>();
const SMALL = 256;

/** The ConstInt of `type` with value `v` (reduced modulo 2^bits). */
export function constInt(type: IntType, v: bigint | number): ConstInt {
  if (typeof v === 'number' && v >= -1 && v < SMALL - 1 && Number.isInteger(v)) {
    let cache = smallInts.get(type);
    if (!cache) smallInts.set(type, (cache = new Array<ConstInt | undefined>(SMALL)));
    let c = cache[v + 1];
    if (!c) cache[v + 1] = c = { vk: 'cint', type, value: BigInt.asUintN(type.bits, BigInt(v)) };
    return c;
  }
  return { vk: 'cint', type, value: BigInt.asUintN(type.bits, BigInt(v)) };
}
