// The module model: LLVM IR as the parser resolves it. Names are resolved to objects (an operand is the
// Instruction, Argument, GlobalVariable, Function or Constant it refers to), so later layers never look
// names up. Lowering (lower.ts) then numbers instructions and branches, links predecessors and attaches
// source locations; the engine and the analyses read only this model.
//
// Instructions use one shape for every opcode (as LLVM's own `User`): `op` plus `operands` laid out per
// opcode as documented on `Opcode`, plus the few opcode-specific fields below. One shape keeps the
// parser, the printers and the engine's dispatch tables simple; the per-opcode layout is the contract.

import type { FunctionType, Type } from './types.js';

/** A source position of the .ll text (1-based line and column). */
export interface TextPos {
  readonly line: number;
  readonly col: number;
}

/** A C source location from `!dbg` metadata. */
export interface SourceLoc {
  readonly file: string; // as in DIFile: directory joined with filename when relative
  readonly line: number;
  readonly col: number;
}

// ---------------------------------------------------------------------------------------------
// Constants

export type Constant =
  | ConstInt
  | ConstFloat
  | ConstNull
  | ConstUndef
  | ConstPoison
  | ConstZero
  | ConstAggregate
  | ConstData
  | ConstExpr
  | BlockAddress
  | GlobalValue;

export interface ConstInt {
  readonly vk: 'cint';
  readonly type: Type; // IntType
  /** Unsigned value, already reduced modulo 2^bits. */
  readonly value: bigint;
}
export interface ConstFloat {
  readonly vk: 'cfloat';
  readonly type: Type; // FloatType
  /** The IEEE bit pattern of the value in the type's own format (double: 64 bits, float: 32 bits). */
  readonly bits: bigint;
}
/** `null` of a pointer type (and `none` tokens). */
export interface ConstNull { readonly vk: 'cnull'; readonly type: Type }
export interface ConstUndef { readonly vk: 'cundef'; readonly type: Type }
export interface ConstPoison { readonly vk: 'cpoison'; readonly type: Type }
/** `zeroinitializer` of any type. */
export interface ConstZero { readonly vk: 'czero'; readonly type: Type }
/** `[...]`, `{...}`, `<{...}>` and `<...>` constants; elements in order. */
export interface ConstAggregate {
  readonly vk: 'caggr';
  readonly type: Type; // ArrayType, StructType or VectorType
  readonly elements: readonly Constant[];
}
/** `c"..."` strings: an array of i8 given as bytes. */
export interface ConstData {
  readonly vk: 'cdata';
  readonly type: Type; // [N x i8]
  readonly bytes: Uint8Array;
}
/**
 * A constant expression. `op` and `operands` follow the layout of the instruction of the same opcode
 * (`getelementptr` keeps `sourceElemType` and `inbounds`; `icmp`/`fcmp` keep `predicate`).
 */
export interface ConstExpr {
  readonly vk: 'cexpr';
  readonly type: Type;
  readonly op: Opcode;
  readonly operands: readonly Constant[];
  readonly predicate?: string;
  readonly sourceElemType?: Type;
  readonly flags?: number;
}
export interface BlockAddress {
  readonly vk: 'blockaddr';
  readonly type: Type; // ptr
  readonly fn: Func;
  readonly block: BasicBlock;
}

// ---------------------------------------------------------------------------------------------
// Globals

export type GlobalValue = GlobalVariable | Func | Alias;

export interface GlobalCommon {
  readonly type: Type; // always ptr: a global *is* its address
  readonly name: string; // without `@`
  linkage: string; // '' for external/default
  /** Attributes and keywords of the definition that the engine does not need, kept verbatim. */
  attrs: string[];
  pos: TextPos;
}

export interface GlobalVariable extends GlobalCommon {
  readonly vk: 'global';
  valueType: Type;
  isConstant: boolean;
  initializer?: Constant; // undefined for declarations (`external global`)
  align?: number;
  threadLocal: boolean;
  section?: string;
}

export interface Alias extends GlobalCommon {
  readonly vk: 'alias';
  valueType: Type;
  aliasee: Constant;
}

export interface Param {
  readonly vk: 'arg';
  readonly type: Type;
  readonly name: string; // '' if unnamed; numbered names are kept as their number text
  readonly index: number;
  readonly fn: Func;
  attrs: string[];
  /** Added by the parser: T of a `byval(T)` attribute (the engine copies that many bytes). */
  byvalType?: Type;
}
export type Argument = Param;

/**
 * Note (parser): attribute lists (`fnAttrs`, `retAttrs`, `Param.attrs`, `callAttrs`, `argAttrs`) may be
 * shared between objects and frozen (an `attributes #N` group, or the empty list): treat them as
 * read-only and replace rather than push.
 */
export interface Func extends GlobalCommon {
  readonly vk: 'func';
  fnType: FunctionType;
  params: Param[];
  /** Empty for declarations. A body may be parsed when first read (ir/parse-lazy.ts): an accessor. */
  blocks: BasicBlock[];
  isDeclaration: boolean;
  /** Function attributes (inline and from `#N` groups), e.g. 'noreturn', 'nounwind'. */
  fnAttrs: string[];
  retAttrs: string[];
  /** DISubprogram's file when the function has debug info. */
  sourceFile?: string;
  sourceLine?: number;
  /** Set by lowering. */
  index: number;
}

export interface BasicBlock {
  readonly vk: 'block';
  readonly type: Type; // label
  readonly name: string; // label text or its number
  readonly fn: Func;
  instructions: Instruction[];
  /** Set by lowering: successor and predecessor blocks in order, and the block's index in fn.blocks. */
  succs: BasicBlock[];
  preds: BasicBlock[];
  index: number;
}

/** A metadata operand (of llvm.dbg.* calls and similar); the engine ignores it. */
export interface MetadataValue {
  readonly vk: 'metadata';
  readonly type: Type;
  readonly text: string;
}
export interface InlineAsm {
  readonly vk: 'asm';
  readonly type: Type;
  readonly asm: string;
  readonly constraints: string;
}

export type Value = Constant | Param | Instruction | BasicBlock | MetadataValue | InlineAsm;

// ---------------------------------------------------------------------------------------------
// Instructions

/**
 * Opcodes with their operand layout (`operands[i]`):
 * - binary (add … xor, fadd … frem): [lhs, rhs]; fneg: [x]
 * - icmp/fcmp: [lhs, rhs]; `predicate` ('eq','slt','oeq','uno', …)
 * - casts (trunc … addrspacecast): [value]; result `type` is the destination type
 * - select: [cond, ifTrue, ifFalse]
 * - alloca: [count]; `allocatedType`, `align`
 * - load: [ptr]; result `type`; `align`, `volatile`, `ordering`
 * - store: [value, ptr]; `align`, `volatile`, `ordering`
 * - getelementptr: [base, ...indices]; `sourceElemType`, flag INBOUNDS
 * - phi: [v0, v1, …] with `incomingBlocks[i]` the predecessor for `operands[i]`
 * - br: unconditional [dest]; conditional [cond, ifTrue, ifFalse] (blocks are operands)
 * - switch: [cond, defaultDest, v0, dest0, v1, dest1, …]
 * - indirectbr: [address, dest0, dest1, …]
 * - ret: [] or [value]; unreachable: []; resume: [value]
 * - call: [callee, ...args]; `fnType`, `argAttrs`, `callAttrs`, `tail`, `bundles`; callee may be a
 *   Func, any pointer value, or InlineAsm
 * - invoke: [callee, ...args, normalDest, unwindDest]; the same fields as call
 * - landingpad: []; `clauses` text kept; callbr is rejected by the parser as unsupported
 * - extractvalue: [aggregate]; `indices`; insertvalue: [aggregate, value]; `indices`
 * - extractelement: [vector, index]; insertelement: [vector, value, index]
 * - shufflevector: [v1, v2]; `mask` (-1 for undef/poison lanes)
 * - freeze: [x]; va_arg: [vaListPtr], result `type`
 * - atomicrmw: [ptr, value]; `rmwOp` ('xchg','add','sub','and','nand','or','xor','max','min','umax',
 *   'umin','fadd','fsub','fmax','fmin', …), `ordering`
 * - cmpxchg: [ptr, expected, replacement]; result type `{ T, i1 }`; `ordering`, `failureOrdering`
 * - fence: []; `ordering`
 */
export type Opcode =
  | 'add' | 'sub' | 'mul' | 'udiv' | 'sdiv' | 'urem' | 'srem'
  | 'shl' | 'lshr' | 'ashr' | 'and' | 'or' | 'xor'
  | 'fadd' | 'fsub' | 'fmul' | 'fdiv' | 'frem' | 'fneg'
  | 'icmp' | 'fcmp'
  | 'trunc' | 'zext' | 'sext' | 'fptrunc' | 'fpext' | 'fptoui' | 'fptosi' | 'uitofp' | 'sitofp'
  | 'ptrtoint' | 'inttoptr' | 'bitcast' | 'addrspacecast'
  | 'select' | 'alloca' | 'load' | 'store' | 'getelementptr' | 'phi'
  | 'br' | 'switch' | 'indirectbr' | 'ret' | 'unreachable' | 'resume'
  | 'call' | 'invoke' | 'landingpad'
  | 'extractvalue' | 'insertvalue' | 'extractelement' | 'insertelement' | 'shufflevector'
  | 'freeze' | 'va_arg' | 'atomicrmw' | 'cmpxchg' | 'fence';

/** Instruction flags, as bits of `Instruction.flags`. */
export const enum InstFlag {
  None = 0,
  /** `nuw` on add/sub/mul/shl/trunc. */
  NUW = 1 << 0,
  /** `nsw` on add/sub/mul/shl/trunc. */
  NSW = 1 << 1,
  /** `exact` on udiv/sdiv/lshr/ashr. */
  Exact = 1 << 2,
  /** `disjoint` on or. */
  Disjoint = 1 << 3,
  /** `nneg` on zext/uitofp. */
  NNeg = 1 << 4,
  /** `inbounds` on getelementptr. */
  InBounds = 1 << 5,
  /** `volatile` on load/store/atomicrmw/cmpxchg. */
  Volatile = 1 << 6,
  /** `tail`/`musttail`/`notail` on call. */
  Tail = 1 << 7,
  /** `weak` on cmpxchg. */
  Weak = 1 << 8,
  /** `samesign` on icmp (LLVM 20+, accepted). */
  SameSign = 1 << 9,
}

export interface Instruction {
  readonly vk: 'inst';
  readonly op: Opcode;
  /** Result type; void for instructions without a result. */
  type: Type;
  /** Result name without `%` ('' for none; numbered names as their number text). */
  name: string;
  operands: Value[];
  flags: number; // InstFlag bits
  parent: BasicBlock;
  /** Position of the instruction in the .ll file. */
  pos: TextPos;
  /** From `!dbg`; undefined when the instruction has no location. */
  loc?: SourceLoc;
  /** Set by lowering: a module-wide stable id (instructions numbered in module order from 0). */
  id: number;
  /** Set by lowering for conditional br, switch and indirectbr: a module-wide branch id from 0. */
  branchId?: number;

  // opcode-specific (see Opcode)
  predicate?: string;
  allocatedType?: Type;
  sourceElemType?: Type;
  align?: number;
  ordering?: string;
  failureOrdering?: string;
  incomingBlocks?: BasicBlock[];
  fnType?: FunctionType;
  argAttrs?: string[][];
  callAttrs?: string[];
  bundles?: { tag: string; inputs: Value[] }[];
  indices?: number[];
  mask?: number[];
  rmwOp?: string;
  clauses?: string[];
  /** Added by the parser: for call/invoke, T of each argument's `byval(T)` (undefined entries when
   *  none); the field itself is undefined when no argument is byval. */
  argByvalTypes?: (Type | undefined)[];
}

export interface Module {
  /** The .ll file this came from, for messages. */
  readonly file: string;
  sourceFileName?: string;
  dataLayout: string;
  triple: string;
  /** Identified struct types by name (without `%`). */
  types: Map<string, import('./types.js').StructType>;
  globals: GlobalVariable[];
  functions: Func[];
  aliases: Alias[];
  /** Every global value by name (without `@`). */
  symbols: Map<string, GlobalValue>;
  /** Module-level inline asm text, kept for messages. */
  moduleAsm: string[];
  /** The source files of its compile units (debug information), when it has any: what `-g` compiled. */
  compileUnitFiles?: string[];
  /** Set by lowering: one past the largest instruction id, counting the ids reserved for bodies not parsed yet. */
  instructionIdBound?: number;
  /** How many bodies have been parsed on first use since lowering (ir/parse-lazy.ts): a change means new code. */
  lateBodies?: number;
}

/** The result type of a value. */
export function typeOf(v: Value): Type {
  return v.type;
}
