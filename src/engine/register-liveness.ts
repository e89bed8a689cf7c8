// Parked frames keep only their live registers (issue 20). A frame's register file has a slot for every
// SSA value and constant of its function (603 for the POSIX model's __sympath_syscall, 267 for echo's
// main), and each waiting state holds ~3 files of its own (the innermost frame's, copied at its fork,
// and callers' copied when it returned into them): 8.3M slots, 66 MB of the 276 MB live heap of echo at
// 20k live states. At a given point of a function few of those values can still be read. While a state
// waits, each of its frames keeps just the registers live at its pc (classic backward liveness over the
// function's CFG, with the phi moves of each edge as uses at the end of the predecessor and definitions
// on the edge); the full file is rebuilt from the function's template (constants in their slots) when
// the state runs again (its innermost frame) or returns into the frame (ExecutionState.popFrame).
// A dead register is never read again on any path from that point, so nothing observable changes.
//
// Not for: functions that call setjmp (longjmp moves a frame back to the setjmp call, where registers
// dead now may be read again), and runs with exploration hooks (the executor does not park then: a hook
// may read any frame's registers, e.g. PSE's checks of a caller's values).

import type { Instruction, Value } from '../ir/model.js';
import type { CompiledBlock, CompiledFunction } from './compiled.js';
import type { ExecutionState, Frame } from './state.js';
import type { Val } from './values.js';

/** Compact a frame only when this share of its slots or fewer is live (else the saving is small). */
const COMPACT_AT_MOST = 0.5;

interface Liveness {
  /** Per block (cf.blocks order): the slots live at its end (bitset). */
  readonly liveOut: Uint32Array[];
  /** Per block: the live slots before each step, filled in on demand. */
  readonly at: Map<CompiledBlock, (Int32Array | undefined)[]>;
  readonly slotOf: ReadonlyMap<Value, number>;
  readonly words: number;
}

const analyses = new WeakMap<CompiledFunction, Liveness | null>();

const SETJMP = /setjmp$/;

function usesSetjmp(cf: CompiledFunction): boolean {
  for (const b of cf.blocks)
    for (const inst of b.insts) {
      if (inst.op !== 'call' && inst.op !== 'invoke') continue;
      const callee = inst.operands[0];
      if (callee?.vk === 'func' && SETJMP.test(callee.name)) return true;
    }
  return false;
}

function slotIfRegister(slotOf: ReadonlyMap<Value, number>, v: Value): number {
  if (v.vk !== 'inst' && v.vk !== 'arg') return -1; // constants, blocks, metadata: from the template
  return slotOf.get(v) ?? -1;
}

/** live := live - def(inst) + uses(inst), for one non-phi instruction. */
function transfer(live: Uint32Array, inst: Instruction, slotOf: ReadonlyMap<Value, number>): void {
  const d = slotOf.get(inst);
  if (d !== undefined) live[d >>> 5]! &= ~(1 << (d & 31));
  for (const op of inst.operands) {
    const u = slotIfRegister(slotOf, op);
    if (u >= 0) live[u >>> 5]! |= 1 << (u & 31);
  }
}

function analyse(cf: CompiledFunction): Liveness | null {
  const slotOf = cf.slotOf;
  if (slotOf === undefined || usesSetjmp(cf)) return null;
  const words = (cf.template.length + 31) >>> 5;
  const blocks = cf.blocks;
  const indexOf = new Map(blocks.map((b, i) => [b.bb, i]));
  const liveOut = blocks.map(() => new Uint32Array(words));
  const liveIn = blocks.map(() => new Uint32Array(words));
  // Per edge (block i -> successor): the phi moves' sources (uses) and destinations (definitions).
  const edgeUses = blocks.map((b) => b.bb.succs.map((t) => phiSlots(t.instructions, b.bb, slotOf, 'src')));
  const phiDefs = blocks.map((b) => phiSlots(b.bb.instructions, null, slotOf, 'dst'));
  const tmp = new Uint32Array(words);
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = blocks.length - 1; i >= 0; i--) {
      const b = blocks[i]!;
      const out = liveOut[i]!;
      b.bb.succs.forEach((t, k) => {
        const j = indexOf.get(t);
        if (j === undefined) return;
        tmp.set(liveIn[j]!);
        for (const d of phiDefs[j]!) tmp[d >>> 5]! &= ~(1 << (d & 31));
        for (const u of edgeUses[i]![k]!) tmp[u >>> 5]! |= 1 << (u & 31);
        for (let w = 0; w < words; w++) {
          const x = (out[w]! | tmp[w]!) >>> 0; // unsigned, as the Uint32Array reads back
          if (x !== out[w]) {
            out[w] = x;
            changed = true;
          }
        }
      });
      const inn = liveIn[i]!;
      inn.set(out);
      for (let k = b.insts.length - 1; k >= 0; k--) transfer(inn, b.insts[k]!, slotOf);
    }
  }
  return { liveOut, at: new Map(), slotOf, words };
}

/** The slots a block's phis read on the edge from `from` (src) or write (dst, `from` null). */
function phiSlots(insts: readonly Instruction[], from: object | null, slotOf: ReadonlyMap<Value, number>, which: 'src' | 'dst'): number[] {
  const out: number[] = [];
  for (const phi of insts) {
    if (phi.op !== 'phi') break;
    if (which === 'dst') {
      const d = slotOf.get(phi);
      if (d !== undefined) out.push(d);
      continue;
    }
    const k = phi.incomingBlocks!.indexOf(from as never);
    if (k < 0) continue;
    const u = slotIfRegister(slotOf, phi.operands[k]!);
    if (u >= 0) out.push(u);
  }
  return out;
}

/** The register slots live before step `pc` of `block` (ascending), or null when not analysable. */
export function liveSlotsAt(cf: CompiledFunction, block: CompiledBlock, pc: number): Int32Array | null {
  let a = analyses.get(cf);
  if (a === undefined) {
    a = analyse(cf);
    analyses.set(cf, a);
  }
  if (a === null) return null;
  let perPc = a.at.get(block);
  if (perPc === undefined) {
    perPc = [];
    a.at.set(block, perPc);
  }
  let live = perPc[pc];
  if (live !== undefined) return live;
  const bi = cf.blocks.indexOf(block);
  if (bi < 0) return null;
  const bits = a.liveOut[bi]!.slice();
  for (let k = block.insts.length - 1; k >= pc; k--) transfer(bits, block.insts[k]!, a.slotOf);
  const slots: number[] = [];
  for (let w = 0; w < a.words; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const bit = 31 - Math.clz32(x & -x);
      slots.push((w << 5) | bit);
      x &= x - 1;
    }
  }
  live = Int32Array.from(slots);
  perPc[pc] = live;
  return live;
}

/** Keeps only the frame's live registers (no-op when compacted already or when it would save little). */
export function compactFrame(f: Frame): void {
  if (f.liveSlots !== null) return;
  const live = liveSlotsAt(f.fn, f.block, f.pc);
  if (live === null || live.length > f.regs.length * COMPACT_AT_MOST) return;
  const regs = f.regs;
  const kept: Val[] = new Array(live.length);
  for (let k = 0; k < live.length; k++) kept[k] = regs[live[k]!]!;
  f.regs = kept;
  f.liveSlots = live;
  f.regsShared = false;
}

/** Compacts every frame of a waiting state (frames shared with other states once for all of them). */
export function parkState(s: ExecutionState): void {
  for (const f of s.stack) compactFrame(f);
}
