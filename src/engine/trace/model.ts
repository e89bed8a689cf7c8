// The execution trace of one path (issue 9 item 2): every executed instruction instance in order, with
// its dynamic id (static instruction id + occurrence count), the activation (call) it ran in, the
// direction a deciding terminator took, the defining instances of its SSA operands, its memory
// accesses by concrete address with, for each read, the instances that last wrote the bytes it reads,
// and the path constraints it added — each branch instance's own constraint exactly as built at that
// branch (never rewritten against the rest of the path condition).
//
// The recorder (recorder.ts) fills a Trace; dynamic-deps.ts turns it into dynamic data / control /
// potential dependences and slice.ts slices on those. Instances are numbered 0..length-1 in execution
// order; phis are instances too (recorded when their block is entered, after the branch that chose
// the edge). Storage is columnar (one array per field, deps flattened) so a long trace stays compact.

import type { Expr } from '../../expr/expr.js';
import type { Func, GlobalVariable, Instruction, Module } from '../../ir/model.js';

/** The "definition" of bytes nobody wrote on this path (globals' initial values, fresh allocations). */
export const INITIAL = -1;

/** How an operand got its value: same-frame SSA, a parameter bound at a call, or a callee's return. */
export type OperandKind = 'ssa' | 'param' | 'ret';

export interface OperandDef {
  /** The defining instance: the operand's instruction (ssa), the actual argument's definition in the
   *  caller (param), or the callee's `ret` instance (ret). */
  readonly from: number;
  readonly kind: OperandKind;
  /** The call instance the value passed through (param, ret); -1 for ssa. */
  readonly via: number;
}

export type ObjectKind = 'stack' | 'heap' | 'global' | 'other';

/** What the trace knows of a memory object: its bytes and the static site that allocated it. */
export interface ObjectInfo {
  readonly address: number;
  readonly size: number;
  readonly kind: ObjectKind;
  readonly name: string;
  /** The alloca, global variable or allocating call (points-to.ts `objectOf` keys); undefined when
   *  the object was made by the environment (argv, a frame's byval copy or varargs area, libc state). */
  readonly site: Instruction | GlobalVariable | undefined;
}

export interface MemAccess {
  readonly instance: number;
  readonly write: boolean;
  /** Concrete first byte and size (a symbolic address is evaluated under the run's input; without
   *  one the access covers the whole object and a write is weak). */
  readonly addr: number;
  readonly size: number;
  readonly object: ObjectInfo;
  /** For reads: the distinct instances that last wrote the bytes read (INITIAL for unwritten bytes),
   *  ascending. Empty for writes. */
  readonly defs: readonly number[];
  /** A write that may not have written every byte (a built-in whose exact extent the engine does not
   *  report, or an unresolved symbolic address): it adds a definition without killing older ones. */
  readonly weak: boolean;
}

/**
 * Where a path constraint came from:
 *   branch     — conditional br (two directions);
 *   switch     — switch / indirectbr (one direction per target);
 *   check      — an implicit check the engine forks on (division by zero, overshift, …);
 *   resolve    — the object a symbolic pointer points into (load, store, atomics, built-in access);
 *   call       — a decision inside a call: a symbolic function pointer's target, a built-in's fork;
 *   concretize — a symbolic value bound to one concrete value (the engine needed it concrete);
 *   assume     — klee_assume / klee_range / klee_choose.
 */
export type ConstraintKind = 'branch' | 'switch' | 'check' | 'resolve' | 'call' | 'concretize' | 'assume';

export interface TraceConstraint {
  /** Position in `Trace.constraints` (path-condition order). */
  readonly index: number;
  /** The instance that added it. */
  readonly instance: number;
  readonly kind: ConstraintKind;
  /** The constraint as built at that instance (un-rewritten). */
  readonly expr: Expr;
  /** The engine's direction index (two-way: 0 true, 1 false; multi-way: the condition's index);
   *  -1 for concretize / assume / resolve constraints added without a fork. */
  readonly direction: number;
  /**
   * The outcome of the decision, stable across runs of the program: the direction index for branches,
   * checks and call targets, `@address` (hex) of the object a symbolic pointer resolved into, '' for
   * concretize / assume constraints. With the instance's dynamic id it names the decision of a path.
   */
  readonly outcome: string;
  /** Whether the other side was feasible too (only in forking runs; a concolic run never forks). */
  readonly forked: boolean;
  /** Whether negating it can lead to another path (a decision), as opposed to a concretisation or an
   *  assumption, which only narrows the inputs. */
  readonly negatable: boolean;
  /** More than two outcomes (switch, pointer resolution, call targets): the negation is "any other". */
  readonly multiway: boolean;
}

export interface Activation {
  readonly id: number;
  readonly fn: Func;
  /** The call instance that made it (-1 for the entry function). */
  readonly callInstance: number;
  /** The caller's activation (-1 for the entry function). */
  readonly parent: number;
  /** The `ret` instance that ended it (-1 while running or when the path ended inside). */
  retInstance: number;
}

/**
 * How the path ended: exit, error, partial (a budget or an unknown solver answer cut it), pruned (a
 * hook), silent (it ended without a test: klee_silent_exit, or in a forking run an error location
 * already reported), running (the run stopped while the path was still going).
 */
export type TraceEnd =
  | { readonly kind: 'exit'; readonly exitCode: number }
  | { readonly kind: 'error'; readonly errorKind: string; readonly message: string; readonly file: string; readonly line: number }
  | { readonly kind: 'partial' | 'pruned' | 'silent' | 'running' };

/**
 * Something the path made observable (PESO's output criterion): bytes written to stdout or stderr (as
 * written: the engine concretises symbolic bytes before output, adding a 'concretize' constraint at the
 * same instance), or a variable marked with `sympath_output(ptr, size, "name")` (its bytes as they were,
 * symbolic or not).
 */
export interface OutputEvent {
  /** The instance (a call) that made the output. */
  readonly instance: number;
  readonly channel: 'stdout' | 'stderr' | 'marked';
  /** The marked variable's name ('' for the streams). */
  readonly name: string;
  /** Bytes: a number, or an expression over the inputs (marked variables only). */
  readonly bytes: readonly (number | Expr)[];
}

/** A dynamic instruction id: the static id and which execution of it (1 = the first). */
export interface DynamicId {
  readonly staticId: number;
  readonly occurrence: number;
}

/**
 * One path's trace. The arrays are filled by the recorder and must be treated as read-only by
 * everyone else; use the accessor methods.
 */
export class Trace {
  /** Static instruction of each instance. */
  readonly insts: Instruction[] = [];
  /** Occurrence of each instance's static instruction, counted from 1. */
  readonly occurrences: number[] = [];
  /** Activation id of each instance. */
  readonly acts: number[] = [];
  /** Direction taken by each deciding terminator instance (cfg.ts numbering), -1 for the rest. */
  readonly dirs: number[] = [];
  /** Operand definitions, flattened: those of instance i are [opStart[i], opStart[i + 1]). */
  readonly opStart: number[] = [];
  readonly opFrom: number[] = [];
  readonly opKind: OperandKind[] = [];
  readonly opVia: number[] = [];
  /** Memory accesses in order; those of instance i are [memStart[i], memStart[i + 1]). */
  readonly memStart: number[] = [];
  readonly accessList: MemAccess[] = [];
  readonly constraints: TraceConstraint[] = [];
  /** Instances that made a heap object, in order (the allocator's state: see dynamic-deps.ts 'alloc'). */
  readonly heapAllocations: number[] = [];
  readonly activations: Activation[] = [];
  /** What the path made observable, in order (OutputEvent). */
  readonly outputs: OutputEvent[] = [];
  /** Symbolic values the engine bound to a concrete value, by the instance that needed them concrete
   *  (each also added a 'concretize' constraint `expr == value`, possibly simplified): what a stream
   *  write printed is a function of these. */
  readonly concretizations: { readonly instance: number; readonly expr: Expr }[] = [];
  end: TraceEnd = { kind: 'running' };
  private byDynamicId: Map<string, number> | null = null;
  private constraintsByInstance: Map<number, TraceConstraint[]> | null = null;

  constructor(readonly module: Module) {}

  get length(): number {
    return this.insts.length;
  }

  inst(i: number): Instruction {
    return this.insts[i]!;
  }
  staticId(i: number): number {
    return this.insts[i]!.id;
  }
  occurrence(i: number): number {
    return this.occurrences[i]!;
  }
  dynamicId(i: number): DynamicId {
    return { staticId: this.insts[i]!.id, occurrence: this.occurrences[i]! };
  }
  /** `staticId#occurrence`: names an instance across paths (DGSE's branch instances). */
  key(i: number): string {
    return `${this.insts[i]!.id}#${this.occurrences[i]!}`;
  }
  /** The instance with a dynamic id, or -1. */
  find(staticId: number, occurrence: number): number {
    if (this.byDynamicId === null) {
      this.byDynamicId = new Map();
      for (let i = 0; i < this.insts.length; i++) this.byDynamicId.set(this.key(i), i);
    }
    return this.byDynamicId.get(`${staticId}#${occurrence}`) ?? -1;
  }
  activation(i: number): Activation {
    return this.activations[this.acts[i]!]!;
  }
  direction(i: number): number {
    return this.dirs[i]!;
  }
  /** `file:line` of an instance's instruction, or undefined without debug info. */
  line(i: number): string | undefined {
    const l = this.insts[i]!.loc;
    return l ? `${l.file}:${l.line}` : undefined;
  }

  operandDefs(i: number): OperandDef[] {
    const out: OperandDef[] = [];
    const end = i + 1 < this.opStart.length ? this.opStart[i + 1]! : this.opFrom.length;
    for (let k = this.opStart[i]!; k < end; k++) out.push({ from: this.opFrom[k]!, kind: this.opKind[k]!, via: this.opVia[k]! });
    return out;
  }

  accesses(i: number): MemAccess[] {
    const end = i + 1 < this.memStart.length ? this.memStart[i + 1]! : this.accessList.length;
    return this.accessList.slice(this.memStart[i]!, end);
  }

  /** The distinct instances that last wrote the bytes instance i read (INITIAL included), ascending. */
  memoryDefs(i: number): number[] {
    const s = new Set<number>();
    for (const a of this.accesses(i)) for (const d of a.defs) s.add(d);
    return [...s].sort((x, y) => x - y);
  }

  constraintsOf(i: number): readonly TraceConstraint[] {
    if (this.constraintsByInstance === null) {
      this.constraintsByInstance = new Map();
      for (const c of this.constraints) {
        let l = this.constraintsByInstance.get(c.instance);
        if (!l) this.constraintsByInstance.set(c.instance, (l = []));
        l.push(c);
      }
    }
    return this.constraintsByInstance.get(i) ?? [];
  }

  /** The path condition: every constraint, in order. */
  pathCondition(): Expr[] {
    return this.constraints.map((c) => c.expr);
  }

  /** Instances of deciding terminators (br with a condition, switch, indirectbr), in order. */
  branchInstances(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.dirs.length; i++) if (this.dirs[i]! >= 0) out.push(i);
    return out;
  }

  /** The last instance of static instruction `staticId`, or -1 (PESO's criterion: its last instance). */
  lastInstanceOf(staticId: number): number {
    for (let i = this.insts.length - 1; i >= 0; i--) if (this.insts[i]!.id === staticId) return i;
    return -1;
  }

  /** Called by the recorder when it appends after a lookup table was built. */
  invalidate(): void {
    this.byDynamicId = null;
    this.constraintsByInstance = null;
  }
}
