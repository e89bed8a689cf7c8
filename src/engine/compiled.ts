// The engine form of a function: each basic block becomes an array of closures ("steps"), one per
// non-phi instruction, with operands pre-resolved to register slots (constants sit in slots of the
// register file's template, materialised once). Phis are not steps: a branch performs the phi moves of
// the edge it takes (CompiledEdge), so a block starts at its first real instruction.

import type { BasicBlock, Func, Instruction, Value } from '../ir/model.js';
import type { ExecutionState, Frame } from './state.js';
import type { Val } from './values.js';

/** One instruction's semantics; returns a promise only when it had to wait (solver, forks). */
export type Step = (s: ExecutionState, f: Frame) => void | Promise<void>;

export interface CompiledBlock {
  readonly bb: BasicBlock;
  readonly fn: CompiledFunction;
  steps: Step[];
  /** Static instruction id of each step (coverage, searchers). */
  ids: Int32Array;
  /** The instruction of each step (error locations, call stacks). */
  insts: Instruction[];
}

/** Control transfer along one CFG edge, with the target's phi moves (a parallel copy). */
export interface CompiledEdge {
  readonly target: CompiledBlock;
  readonly dst: Int32Array;
  readonly src: Int32Array;
  /** Ids of the phi instructions executed (coverage and instruction counts). */
  readonly phiIds: Int32Array;
}

export interface CompiledFunction {
  readonly fn: Func;
  blocks: CompiledBlock[];
  /** Initial register file: constants in their slots, 0n elsewhere. */
  template: Val[];
  /** Register slot of each parameter. */
  paramSlots: number[];
  /** Phi moves into the entry block never exist (it has no predecessors). */
  entry: CompiledBlock;
  /** Register slot of each parameter, instruction result and constant operand (hooks read registers by value). */
  slotOf?: ReadonlyMap<Value, number>;
}

/** Where a call returns to. */
export interface CallSite {
  readonly inst: Instruction;
  /** Caller's register for the result, -1 for none. */
  readonly retSlot: number;
  /** For invoke: the edge to its normal destination. */
  readonly normal: CompiledEdge | null;
}
