// Module-wide lookups the analyses share: an instruction by its static id, a branch by its branch id, the
// function of an instruction, and the instructions that carry debug locations. Built once per module
// (cached in a WeakMap) from the ids that lowering assigned; the analyses never renumber anything.

import type { Func, Instruction, Module } from '../ir/model.js';

export interface ModuleIndex {
  readonly module: Module;
  /** Functions with a body, in module order. */
  readonly defined: readonly Func[];
  /** `insts[id]` is the instruction with static id `id` (undefined for ids lowering never used). */
  readonly insts: readonly (Instruction | undefined)[];
  /** `branches[branchId]` is the conditional br / switch / indirectbr with that branch id. */
  readonly branches: readonly (Instruction | undefined)[];
  /** One past the largest instruction id. */
  readonly instCount: number;
}

const cache = new WeakMap<Module, ModuleIndex>();

/** The index of `m`; throws when instructions carry no ids (the module was not lowered). */
export function moduleIndex(m: Module): ModuleIndex {
  let idx = cache.get(m);
  if (idx) return idx;
  const insts: (Instruction | undefined)[] = [];
  const branches: (Instruction | undefined)[] = [];
  const defined: Func[] = [];
  for (const fn of m.functions) {
    if (fn.isDeclaration || fn.blocks.length === 0) continue;
    defined.push(fn);
    for (const b of fn.blocks) {
      for (const inst of b.instructions) {
        if (!(inst.id >= 0)) throw new Error(`analysis: ${m.file}: @${fn.name} has instructions without ids (not lowered)`);
        insts[inst.id] = inst;
        if (inst.branchId !== undefined) branches[inst.branchId] = inst;
      }
    }
  }
  idx = { module: m, defined, insts, branches, instCount: insts.length };
  cache.set(m, idx);
  return idx;
}

/** The instruction with static id `id`, or a thrown error naming the id. */
export function instById(idx: ModuleIndex, id: number): Instruction {
  const inst = idx.insts[id];
  if (!inst) throw new Error(`analysis: no instruction with id ${id} in ${idx.module.file}`);
  return inst;
}

/**
 * A table keyed by the instructions of one function, an array indexed by static id: lowering numbers
 * a function's instructions consecutively, so this is a dense array where a Map would hash (and grow)
 * per instruction. Instructions of other functions read as absent.
 */
export class InstTable<T> {
  private readonly base: number;
  private readonly items: (T | undefined)[];

  constructor(fn: Func) {
    let lo = Infinity;
    let hi = -1;
    for (const b of fn.blocks) {
      for (const inst of b.instructions) {
        if (inst.id < lo) lo = inst.id;
        if (inst.id > hi) hi = inst.id;
      }
    }
    this.base = hi < 0 ? 0 : lo;
    this.items = new Array<T | undefined>(hi < 0 ? 0 : hi - lo + 1).fill(undefined);
  }

  get(inst: Instruction): T | undefined {
    return this.items[inst.id - this.base];
  }

  set(inst: Instruction, value: T): void {
    const i = inst.id - this.base;
    if (!(i >= 0 && i < this.items.length)) throw new Error(`analysis: instruction ${inst.id} is not in this table's function`);
    this.items[i] = value;
  }
}
