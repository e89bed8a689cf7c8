// Control-flow facts read off the instructions: which opcodes end a block, and a terminator's successor
// blocks (its block operands, per the layout documented on Opcode in model.ts).

import type { BasicBlock, Instruction, Opcode } from './model.js';

const TERMINATORS: ReadonlySet<Opcode> = new Set<Opcode>(['ret', 'br', 'switch', 'indirectbr', 'unreachable', 'resume', 'invoke']);

export function isTerminator(op: Opcode): boolean {
  return TERMINATORS.has(op);
}

/** The successor blocks of a terminator, in operand order, without duplicates (a fresh array). */
export function successors(term: Instruction): BasicBlock[] {
  const ops = term.operands;
  switch (term.op) {
    case 'br': {
      if (ops.length === 1) return [ops[0] as BasicBlock];
      const [t, f] = [ops[1] as BasicBlock, ops[2] as BasicBlock];
      return t === f ? [t] : [t, f];
    }
    case 'switch':
    case 'indirectbr':
    case 'invoke': {
      const out: BasicBlock[] = [];
      for (const o of ops) if (o.vk === 'block' && !out.includes(o)) out.push(o);
      return out.slice(); // exactly sized
    }
    default:
      return [];
  }
}

/** The block's terminator (its last instruction) or undefined for an empty block. */
export function terminatorOf(b: BasicBlock): Instruction | undefined {
  const last = b.instructions[b.instructions.length - 1];
  return last && isTerminator(last.op) ? last : undefined;
}

/** Whether `inst` is a conditional control transfer (gets a branch id): conditional br, switch, indirectbr. */
export function isBranchPoint(inst: Instruction): boolean {
  return (inst.op === 'br' && inst.operands.length === 3) || inst.op === 'switch' || inst.op === 'indirectbr';
}
