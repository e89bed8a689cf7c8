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

/**
 * A function body still in the .ll text: parsed the first time anything reads the function's `blocks`
 * (src/ir/parse-lazy.ts). Lowering reserves `reserve` instruction and branch ids for it, so that the
 * module's numbering does not depend on which bodies a run ever reads.
 */
export interface PendingBody {
  /** An upper bound of the body's instructions (its line count in LLVM's printed form). */
  readonly reserve: number;
  /** The first reserved instruction and branch id (-1 until lowering has reserved them). */
  idBase: number;
  branchBase: number;
  parse(): void;
}

/**
 * Func with its blocks behind an accessor, so that a body parsed on first use (PendingBody) is parsed
 * whoever reads it first — the engine's compiler, an analysis, the printer — and no reader sees an
 * empty body. One class for every function: the accessor's reads stay monomorphic.
 */
class FuncNode implements Func {
  readonly vk = 'func' as const;
  readonly type = PTR;
  linkage = '';
  attrs: string[] = [];
  pos: TextPos = NO_POS;
  fnType: FunctionType = EMPTY_FN_TYPE;
  params: Param[] = [];
  isDeclaration = true;
  fnAttrs: string[] = [];
  retAttrs: string[] = [];
  sourceFile: string | undefined = undefined;
  sourceLine: number | undefined = undefined;
  index = -1;
  pendingBody: PendingBody | undefined = undefined;
  private ownBlocks: BasicBlock[] = [];

  constructor(readonly name: string) {}

  get blocks(): BasicBlock[] {
    const pending = this.pendingBody;
    if (pending !== undefined) {
      this.pendingBody = undefined;
      try {
        pending.parse();
      } catch (e) {
        // A body that does not parse stays unparsed and says so at every read (never an empty body).
        this.ownBlocks = [];
        this.pendingBody = {
          ...pending,
          parse: () => {
            throw e;
          },
        };
        throw e;
      }
    }
    return this.ownBlocks;
  }

  /** Replacing the blocks (a body dropped for a built-in) also drops a body not parsed yet. */
  set blocks(blocks: BasicBlock[]) {
    this.pendingBody = undefined;
    this.ownBlocks = blocks;
  }
}

export function newFunc(name: string): Func {
  return new FuncNode(name);
}

/** The body of `f` still to be parsed, if any (reading it does not parse it). */
export function pendingBodyOf(f: Func): PendingBody | undefined {
  return f instanceof FuncNode ? f.pendingBody : undefined;
}

/** Makes `f`'s body one to parse on first use. */
export function setPendingBody(f: Func, body: PendingBody): void {
  if (!(f instanceof FuncNode)) throw new Error(`@${f.name}: not a function made by newFunc`);
  f.pendingBody = body;
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
