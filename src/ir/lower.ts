// Lowering: turns a parsed module into the engine's form. Numbers every instruction (module order from
// 0; a body parsed on first use, within the range reserved for it) and every conditional branch point,
// links blocks to their successors and predecessors, indexes functions and blocks, and checks the
// structure the engine relies on: blocks end in exactly one terminator, phis come first and have one
// entry per predecessor, the entry block has no predecessor.

import { parseErrorAt, type ParseError } from './errors.js';
import { isBranchPoint, isTerminator, successors } from './cfg.js';
import { quoteName } from './parse-context.js';
import type { BasicBlock, Func, Module, TextPos } from './model.js';
import { pendingBodyOf, type PendingBody } from './build.js';

/**
 * Lowers `m` in place. `text` (the .ll source) is used only to quote the offending line in errors. A body
 * not parsed yet (ir/parse-lazy.ts) gets a range of ids reserved in its place and is lowered into it
 * when parsed (lowerLateBody).
 */
export function lowerModule(m: Module, text = ''): Module {
  const fail = failIn(m, text);
  let next: NextIds = { id: 0, branchId: 0 };
  m.functions.forEach((f, i) => (f.index = i));
  for (const f of m.functions) {
    const pending = pendingBodyOf(f);
    if (pending) {
      pending.idBase = next.id;
      pending.branchBase = next.branchId;
      next = { id: next.id + pending.reserve, branchId: next.branchId + pending.reserve };
    } else next = lowerFunction(f, next, fail);
  }
  m.instructionIdBound = next.id;
  return m;
}

/** Lowers a body parsed after its module (ir/parse-lazy.ts) into the ids reserved for it. */
export function lowerLateBody(m: Module, f: Func, reserved: PendingBody, text: string): void {
  const fail = failIn(m, text);
  const next = lowerFunction(f, { id: reserved.idBase, branchId: reserved.branchBase }, fail);
  const used = next.id - reserved.idBase;
  if (used > reserved.reserve) {
    throw fail(f.pos, `'@${quoteName(f.name)}' has ${used} instructions in ${reserved.reserve} lines: bodies parsed on first use must have one instruction per line, as LLVM prints them`);
  }
  m.lateBodies = (m.lateBodies ?? 0) + 1;
}

interface NextIds {
  readonly id: number;
  readonly branchId: number;
}

function failIn(m: Module, text: string): Fail {
  return (pos, msg) => parseErrorAt(m.file, text, pos.line, pos.col, msg);
}

/** Links, numbers (from `first`) and checks one function; returns the next free ids. */
function lowerFunction(f: Func, first: NextIds, fail: Fail): NextIds {
  let id = first.id;
  let branchId = first.branchId;
  linkBlocks(f, fail);
  for (const b of f.blocks) {
    for (const inst of b.instructions) {
      inst.id = id++;
      if (isBranchPoint(inst)) inst.branchId = branchId++;
    }
  }
  checkPhis(f, fail);
  return { id, branchId };
}

type Fail = (pos: TextPos, msg: string) => ParseError;

function blockName(b: BasicBlock): string {
  return `%${quoteName(b.name)}`;
}

function linkBlocks(f: Func, fail: Fail): void {
  f.blocks.forEach((b, i) => {
    b.index = i;
    b.succs = [];
    b.preds = [];
  });
  for (const b of f.blocks) {
    const insts = b.instructions;
    if (insts.length === 0) throw fail(f.pos, `block ${blockName(b)} of '@${quoteName(f.name)}' is empty`);
    for (let i = 0; i < insts.length - 1; i++) {
      if (isTerminator(insts[i]!.op)) throw fail(insts[i]!.pos, `terminator '${insts[i]!.op}' in the middle of block ${blockName(b)}`);
    }
    const term = insts[insts.length - 1]!;
    if (!isTerminator(term.op)) throw fail(term.pos, `block ${blockName(b)} does not end with a terminator instruction`);
    b.succs = successors(term);
    for (const s of b.succs) {
      if (s.fn !== f || s.index < 0 || f.blocks[s.index] !== s) throw fail(term.pos, `branch to ${blockName(s)}, which is not a block of '@${quoteName(f.name)}'`);
      if (!s.preds.includes(b)) s.preds.push(b);
    }
  }
  for (const b of f.blocks) if (b.preds.length > 0) b.preds = b.preds.slice(); // exactly sized
  const entry = f.blocks[0];
  if (entry && entry.preds.length > 0) {
    const from = entry.preds[0]!;
    throw fail(from.instructions[from.instructions.length - 1]!.pos, `the entry block ${blockName(entry)} of '@${quoteName(f.name)}' cannot have predecessors`);
  }
}

function checkPhis(f: Func, fail: Fail): void {
  for (const b of f.blocks) {
    let pastPhis = false;
    for (const inst of b.instructions) {
      if (inst.op !== 'phi') {
        if (inst.op !== 'landingpad') pastPhis = true;
        continue;
      }
      if (pastPhis) throw fail(inst.pos, `phi nodes must come first in block ${blockName(b)}`);
      const incoming = inst.incomingBlocks ?? [];
      for (const from of incoming) {
        if (!b.preds.includes(from)) throw fail(inst.pos, `phi incoming block ${blockName(from)} is not a predecessor of ${blockName(b)}`);
      }
      for (const pred of b.preds) {
        if (!incoming.includes(pred)) throw fail(inst.pos, `phi node has no entry for predecessor ${blockName(pred)} of ${blockName(b)}`);
      }
    }
  }
}
