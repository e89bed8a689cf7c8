// Static interactive dependence (src/analysis/interactive-dependence.ts) as the node keys the trace
// graph looks up. The relation is quadratic in a function's size (seconds for musl's regcomp), so it is
// computed only for the functions executed paths reach, on their first instance, and kept for the
// whole run; the time it takes is counted as static analysis. It includes the allocation history as a
// dependence (src/analysis/allocation-history.ts), as the trace's 'alloc' dependences do.

import { cfgOf, isDeciding } from '../../analysis/cfg.js';
import { interactiveDependenceOf, type DepNode } from '../../analysis/interactive-dependence.js';
import type { Func, Instruction, Module } from '../../ir/model.js';
import { DEFAULT_INTERACTIVE_LIMIT } from './dependences.js';
import type { InteractiveSource } from '../shared/trace-graph.js';

/** DGSE takes the allocation history as a dependence (src/analysis/allocation-history.ts). */
const HISTORY = { allocationHistory: true } as const;

/** Directions a node key can tell apart (a switch with more targets is refused). */
const DIRECTION_SLOTS = 4096;

export class InteractiveKeys implements InteractiveSource {
  /** Milliseconds spent computing the static relation. */
  millis = 0;
  /** Functions whose relation was computed. */
  functions = 0;
  /** Milliseconds per function (the costly ones are named in the report). */
  readonly perFunction = new Map<string, number>();
  private readonly preds = new Map<number, readonly number[]>();
  private readonly done = new Set<Func>();
  private readonly dirCount = new Map<Instruction, number>();

  /** Functions over the size limit, over-approximated (trace-graph.ts). */
  readonly approximatedFunctions = new Set<string>();
  private readonly size = new Map<Func, number>();

  /**
   * `limit`: instructions above which a function's relation is over-approximated rather than computed
   * (0: no limit). The computation is quadratic and worse in practice: musl's printf_core (1,878
   * instructions) takes about 100 s, gnulib's quotearg_buffer_restyled (1,265) 24 s, functions under
   * 800 instructions under a second each (Coreutils basename, measured 2026-11-26).
   */
  constructor(
    private readonly module: Module,
    private readonly limit = DEFAULT_INTERACTIVE_LIMIT,
  ) {}

  approximated(inst: Instruction): boolean {
    if (this.limit <= 0) return false;
    const fn = inst.parent.fn;
    let n = this.size.get(fn);
    if (n === undefined) {
      n = 0;
      for (const b of fn.blocks) n += b.instructions.length;
      this.size.set(fn, n);
      if (n > this.limit) this.approximatedFunctions.add(fn.name);
    }
    return n > this.limit;
  }

  keyOf(inst: Instruction, direction?: number): number {
    if (direction !== undefined && direction >= DIRECTION_SLOTS - 1) {
      throw new Error(`dgse: ${inst.parent.fn.name}: a terminator with more than ${DIRECTION_SLOTS - 2} directions is not supported`);
    }
    return inst.id * DIRECTION_SLOTS + (direction === undefined ? 0 : direction + 1);
  }

  predsOf(inst: Instruction, direction?: number): readonly number[] {
    const key = this.keyOf(inst, direction);
    const known = this.preds.get(key);
    if (known) return known;
    const fn = inst.parent.fn;
    if (!this.done.has(fn)) {
      const t0 = performance.now();
      interactiveDependenceOf(this.module, fn, HISTORY);
      const ms = performance.now() - t0;
      this.millis += ms;
      this.perFunction.set(fn.name, ms);
      this.functions++;
      this.done.add(fn);
    }
    const node: DepNode = direction === undefined ? { inst } : { inst, direction };
    const keys = interactiveDependenceOf(this.module, fn, HISTORY)
      .of(node)
      .map((p) => this.keyOf(p.inst, p.direction));
    this.preds.set(key, keys);
    return keys;
  }

  directions(inst: Instruction): number {
    let n = this.dirCount.get(inst);
    if (n === undefined) {
      n = isDeciding(inst) ? cfgOf(inst.parent.fn).targets(inst.parent).length : 0;
      this.dirCount.set(inst, n);
    }
    return n;
  }
}
