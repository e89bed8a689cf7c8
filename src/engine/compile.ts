// Lowering a function to engine form, once, on its first call: register slots for parameters and
// results, constants materialised into the register-file template, and one step closure per
// instruction made by the handler-compiler of its opcode (HANDLERS, one file per instruction family).
// An instruction that cannot be compiled becomes a step that ends its path with an 'exec' error when
// reached, so an unsupported corner never stops the rest of the program from running.

import type { BasicBlock, Func, Instruction, Value } from '../ir/model.js';
import type { CompiledBlock, CompiledEdge, CompiledFunction, Step } from './compiled.js';
import type { Executor } from './executor.js';
import { HANDLERS } from './ops/index.js';
import type { Val } from './values.js';

/** Compiles one instruction into a step. */
export type HandlerCompiler = (inst: Instruction, c: FunctionCompiler) => Step;

export class FunctionCompiler {
  private readonly slots = new Map<Value, number>();
  private readonly blocks = new Map<BasicBlock, CompiledBlock>();
  private readonly edges = new Map<string, CompiledEdge>();

  constructor(
    readonly ex: Executor,
    readonly cf: CompiledFunction,
  ) {}

  private newSlot(v: Value, init: Val): number {
    const i = this.cf.template.length;
    this.cf.template.push(init);
    this.slots.set(v, i);
    return i;
  }

  /** The register slot of an operand; constants get a slot holding their value. */
  slot(v: Value): number {
    const i = this.slots.get(v);
    if (i !== undefined) return i;
    switch (v.vk) {
      case 'inst':
      case 'arg':
        throw new Error(`operand %${v.name} has no register (not in this function?)`);
      case 'block':
      case 'metadata':
      case 'asm':
        return this.newSlot(v, 0n);
      default:
        return this.newSlot(v, this.ex.image.value(v));
    }
  }

  /** The slot receiving an instruction's result. */
  dest(inst: Instruction): number {
    return this.slot(inst);
  }

  block(bb: BasicBlock): CompiledBlock {
    const b = this.blocks.get(bb);
    if (!b) throw new Error(`block %${bb.name} is not in function @${this.cf.fn.name}`);
    return b;
  }

  /** The edge from `from` to `to`, with the phi moves of `to` for that predecessor. */
  edge(from: BasicBlock, to: BasicBlock): CompiledEdge {
    const key = `${from.index}>${to.index}`;
    let e = this.edges.get(key);
    if (e) return e;
    const dst: number[] = [];
    const src: number[] = [];
    const ids: number[] = [];
    for (const phi of to.instructions) {
      if (phi.op !== 'phi') break;
      const k = phi.incomingBlocks!.indexOf(from);
      if (k < 0) throw new Error(`phi %${phi.name} has no value for predecessor %${from.name}`);
      dst.push(this.dest(phi));
      src.push(this.slot(phi.operands[k]!));
      ids.push(phi.id);
    }
    e = { target: this.block(to), dst: Int32Array.from(dst), src: Int32Array.from(src), phiIds: Int32Array.from(ids) };
    this.edges.set(key, e);
    return e;
  }

  /** Compiles the whole function. */
  run(): void {
    const { fn } = this.cf;
    for (const p of fn.params) this.cf.paramSlots.push(this.newSlot(p, 0n));
    for (const bb of fn.blocks) for (const inst of bb.instructions) if (inst.type.kind !== 'void') this.newSlot(inst, 0n);
    for (const bb of fn.blocks) {
      const body = bb.instructions.filter((i) => i.op !== 'phi');
      const b: CompiledBlock = { bb, fn: this.cf, steps: [], ids: Int32Array.from(body.map((i) => i.id)), insts: body };
      this.blocks.set(bb, b);
      this.cf.blocks.push(b);
    }
    this.cf.entry = this.cf.blocks[0]!;
    this.cf.slotOf = this.slots;
    for (const b of this.cf.blocks) b.steps = b.insts.map((inst) => this.compileInst(inst));
  }

  private compileInst(inst: Instruction): Step {
    const h = HANDLERS[inst.op];
    if (!h) return this.failing(inst, `unsupported instruction '${inst.op}'`);
    try {
      return h(inst, this);
    } catch (e) {
      return this.failing(inst, `cannot execute '${inst.op}': ${(e as Error).message}`);
    }
  }

  /** A step that ends the path with an 'exec' error. */
  failing(inst: Instruction, message: string): Step {
    const ex = this.ex;
    return (s) => ex.term.error(s, 'exec', message, inst);
  }
}

export function compileFunction(ex: Executor, fn: Func): CompiledFunction {
  const cf: CompiledFunction = { fn, blocks: [], template: [], paramSlots: [], entry: null! };
  new FunctionCompiler(ex, cf).run();
  return cf;
}
