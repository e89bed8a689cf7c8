// The allocation history as a dependence (beyond the papers, for C): a heap object's address depends
// on every allocation made before it (which blocks the allocator has handed out), so an instruction
// that reads an address as a value — a pointer cast to an integer, pointers compared — depends on the
// allocations before it, and each allocation on the ones before it. Loads and stores through a pointer
// do not: they reach the same object whatever its address. The dynamic side is dynamic-deps.ts's
// 'alloc' kind; this is the static side, which interactive dependence takes as one more traditional
// dependence when asked (`{ allocationHistory: true }`: DGSE), so that a branch on an address and a
// branch deciding an earlier allocation are seen to interact (test/fixtures/pse/traps/heap_history.c).
//
// A call allocates when its callee is a library allocator (extern-models.ts `alloc`) or a function that
// may call one, and reads the history when it allocates or its callee may read an address as a value.

import type { Func, Instruction, Module } from '../ir/model.js';
import { callGraphOf } from './call-graph.js';
import { externModel } from './extern-models.js';

export interface AllocationHistory {
  /** The instruction may allocate a heap object (a call). */
  allocates(inst: Instruction): boolean;
  /** The instruction's result or effect may depend on the addresses the allocator handed out. */
  readsHistory(inst: Instruction): boolean;
}

const cache = new WeakMap<Module, AllocationHistory>();

function isCall(inst: Instruction): boolean {
  return inst.op === 'call' || inst.op === 'invoke';
}

function readsAddress(inst: Instruction): boolean {
  if (inst.op === 'ptrtoint') return true;
  const a = inst.operands[0] as { type?: { kind: string } } | undefined;
  return inst.op === 'icmp' && a?.type?.kind === 'ptr';
}

export function allocationHistoryOf(m: Module): AllocationHistory {
  const known = cache.get(m);
  if (known) return known;
  const cg = callGraphOf(m);
  const allocating = new Set<Func>();
  const reading = new Set<Func>();
  const externAllocates = (f: Func): boolean => f.blocks.length === 0 && externModel(f.name)?.alloc === true;
  // Callees before callers; within a recursive component, until nothing changes.
  for (const scc of cg.sccs) {
    for (let changed = true; changed; ) {
      changed = false;
      for (const f of scc) {
        let alloc = allocating.has(f);
        let read = reading.has(f);
        for (const b of f.blocks) {
          for (const inst of b.instructions) {
            if (!read && readsAddress(inst)) read = true;
            if (!isCall(inst)) continue;
            for (const t of cg.targetsOf(inst)) {
              if (externAllocates(t) || allocating.has(t)) alloc = true;
              if (reading.has(t)) read = true;
            }
          }
        }
        if (alloc) read = true;
        if (alloc && !allocating.has(f)) (allocating.add(f), (changed = true));
        if (read && !reading.has(f)) (reading.add(f), (changed = true));
      }
    }
  }
  const callAllocates = (inst: Instruction): boolean => isCall(inst) && cg.targetsOf(inst).some((t) => externAllocates(t) || allocating.has(t));
  const history: AllocationHistory = {
    allocates: callAllocates,
    readsHistory: (inst) => readsAddress(inst) || (isCall(inst) && (callAllocates(inst) || cg.targetsOf(inst).some((t) => reading.has(t)))),
  };
  cache.set(m, history);
  return history;
}
