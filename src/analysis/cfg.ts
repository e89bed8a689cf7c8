// Control-flow graph views of one function, at block and at instruction level.
//
// Block successors come from the terminator's operands, in operand order: `targets(b)[d]` is the block
// reached when b's terminator goes in *direction* d. That is the direction numbering every dependence
// relation uses: conditional br 0 = true, 1 = false; switch 0 = default, i+1 = the i-th case;
// indirectbr i = the i-th listed destination; invoke 0 = normal, 1 = unwind. Two directions may lead to
// the same block (switch cases sharing a body); `succs(b)` lists each successor block once.
//
// Instruction-level nodes are static instruction ids: inside a block control falls through to the next
// instruction; a terminator goes to the first instruction of each successor block. Exits are the blocks
// whose terminator has no successor (ret, unreachable, resume). Reads the successor and predecessor
// lists lowering (src/ir/lower.ts) links; cached per function.

import type { BasicBlock, Func, Instruction } from '../ir/model.js';
import { terminatorOf as irTerminator } from '../ir/cfg.js';
import { InstTable } from './module-index.js';

export interface FunctionCfg {
  readonly fn: Func;
  readonly entry: BasicBlock;
  /** Blocks ending in ret / unreachable / resume (no successors). */
  readonly exits: readonly BasicBlock[];
  /** Blocks in reverse post-order from the entry (unreachable blocks left out). */
  readonly rpo: readonly BasicBlock[];
  /** Successor per direction (operand order, duplicates kept). */
  targets(b: BasicBlock): readonly BasicBlock[];
  /** Distinct successors in order of first appearance. */
  succs(b: BasicBlock): readonly BasicBlock[];
  /** Distinct predecessors. */
  preds(b: BasicBlock): readonly BasicBlock[];
  /** Whether the block is reachable from the entry. */
  reachable(b: BasicBlock): boolean;
  /** Successor instruction ids of an instruction of this function. */
  instSuccs(inst: Instruction): number[];
  /** Predecessor instruction ids of an instruction of this function. */
  instPreds(inst: Instruction): number[];
  /** Successor instructions of an instruction of this function. */
  nextInsts(inst: Instruction): readonly Instruction[];
  /** The index of an instruction in its block. */
  position(inst: Instruction): number;
}

/** The blocks a terminator can go to, one per direction, in operand order. Empty for non-terminators. */
export function terminatorTargets(t: Instruction): BasicBlock[] {
  const ops = t.operands;
  switch (t.op) {
    case 'br':
      return ops.length === 1 ? [ops[0] as BasicBlock] : [ops[1] as BasicBlock, ops[2] as BasicBlock];
    case 'switch': {
      const out = [ops[1] as BasicBlock];
      for (let i = 3; i < ops.length; i += 2) out.push(ops[i] as BasicBlock);
      return out;
    }
    case 'indirectbr':
      return ops.slice(1) as BasicBlock[];
    case 'invoke':
      return [ops[ops.length - 2] as BasicBlock, ops[ops.length - 1] as BasicBlock];
    default:
      return [];
  }
}

/** The terminator of a block of a lowered function (lowering guarantees there is one). */
export function terminatorOf(b: BasicBlock): Instruction {
  const t = irTerminator(b);
  if (!t) throw new Error(`analysis: block ${b.name} of @${b.fn.name} has no terminator`);
  return t;
}

/**
 * Whether the terminator decides between different blocks (two or more distinct targets): the nodes
 * control dependence is computed from. Conditional br, switch, indirectbr, and invoke qualify.
 */
export function isDeciding(t: Instruction): boolean {
  const ts = terminatorTargets(t);
  for (let i = 1; i < ts.length; i++) if (ts[i] !== ts[0]) return true;
  return false;
}

const cache = new WeakMap<Func, FunctionCfg>();

export function cfgOf(fn: Func): FunctionCfg {
  let cfg = cache.get(fn);
  if (!cfg) {
    cfg = buildCfg(fn);
    cache.set(fn, cfg);
  }
  return cfg;
}

function buildCfg(fn: Func): FunctionCfg {
  if (fn.blocks.length === 0) throw new Error(`analysis: @${fn.name} has no body`);
  const n = fn.blocks.length;
  const targets = fn.blocks.map((b) => terminatorTargets(terminatorOf(b)));
  const succs = fn.blocks.map((b) => b.succs); // distinct, in operand order (lowering)
  const preds = fn.blocks.map((b) => b.preds);
  const exits = fn.blocks.filter((_, i) => succs[i]!.length === 0);

  // Reverse post-order by an explicit stack (deep CFGs must not overflow the JS stack).
  const seen = new Uint8Array(n);
  const post: BasicBlock[] = [];
  const stack: [number, number][] = [[0, 0]];
  seen[0] = 1;
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const ss = succs[top[0]]!;
    if (top[1] < ss.length) {
      const s = ss[top[1]++]!.index;
      if (!seen[s]) {
        seen[s] = 1;
        stack.push([s, 0]);
      }
    } else {
      post.push(fn.blocks[top[0]]!);
      stack.pop();
    }
  }
  const rpo = post.reverse();

  // Lowering numbered the blocks (b.index, their place in fn.blocks).
  const idx = (b: BasicBlock): number => {
    if (b.fn !== fn || fn.blocks[b.index] !== b) throw new Error(`analysis: block ${b.name} is not in @${fn.name}${b.index < 0 ? ' (not lowered)' : ''}`);
    return b.index;
  };
  // Instruction positions in their blocks, on first request (the instruction-level queries; the
  // block-level analyses never ask).
  let positions: InstTable<number> | undefined;
  const posOf = (inst: Instruction): number => {
    if (!positions) {
      positions = new InstTable<number>(fn);
      for (const b of fn.blocks) b.instructions.forEach((x, i) => positions!.set(x, i));
    }
    const i = inst.parent.fn === fn ? positions.get(inst) : undefined;
    if (i === undefined) throw new Error(`analysis: instruction ${inst.id} is not in @${fn.name}`);
    return i;
  };
  const firsts = (b: BasicBlock): Instruction[] => succs[idx(b)]!.map((s) => s.instructions[0]!);
  const firstsMemo = new Map<BasicBlock, Instruction[]>();
  return {
    fn,
    entry: fn.blocks[0]!,
    exits,
    rpo,
    targets: (b) => targets[idx(b)]!,
    succs: (b) => succs[idx(b)]!,
    preds: (b) => preds[idx(b)]!,
    reachable: (b) => seen[idx(b)] === 1,
    instSuccs(inst) {
      const b = inst.parent;
      const i = posOf(inst);
      if (i + 1 < b.instructions.length) return [b.instructions[i + 1]!.id];
      return succs[idx(b)]!.map((s) => s.instructions[0]!.id);
    },
    nextInsts(inst) {
      const b = inst.parent;
      const i = posOf(inst);
      if (i + 1 < b.instructions.length) return [b.instructions[i + 1]!];
      let f = firstsMemo.get(b);
      if (!f) firstsMemo.set(b, (f = firsts(b)));
      return f;
    },
    position: posOf,
    instPreds(inst) {
      const b = inst.parent;
      const i = posOf(inst);
      if (i > 0) return [b.instructions[i - 1]!.id];
      return preds[idx(b)]!.map((p) => terminatorOf(p).id);
    },
  };
}
