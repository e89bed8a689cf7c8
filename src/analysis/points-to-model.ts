// The points-to solution's vocabulary, shared by the solver files and the analyses that read the
// solution: abstract objects and the PointsTo interface (points-to.ts explains the analysis).

import type { Func, GlobalVariable, Instruction, Module, Value } from '../ir/model.js';
import type { ExternModel } from './extern-models.js';

export const enum ObjKind {
  Alloca = 0,
  Global = 1,
  Function = 2,
  Heap = 3,
  Static = 4,
  VaArea = 5,
  External = 6,
}

export interface AbsObject {
  readonly id: number;
  readonly kind: ObjKind;
  /** The alloca, global, function or allocating call; undefined for static, va-area and EXTERNAL. */
  readonly site: Instruction | GlobalVariable | Func | undefined;
  /** The function holding the site (alloca, heap call, va area). */
  readonly fn: Func | undefined;
  readonly name: string;
  /**
   * A store whose pointer can only point to this object overwrites all of it: a scalar (integer, float
   * or pointer) alloca of the entry block or global variable. Heap, aggregate and summary objects never.
   */
  readonly strong: boolean;
}

export interface PointsTo {
  readonly module: Module;
  readonly objects: readonly AbsObject[];
  /** The EXTERNAL object's id. */
  readonly external: number;
  /** Object ids `v` may point to (sorted). */
  pointsTo(v: Value): readonly number[];
  /** Object ids that pointers stored in object `o` may point to (sorted). */
  contentsOf(o: number): readonly number[];
  /** Functions (with a body or declarations) a call or invoke may invoke, by object id. */
  callees(call: Instruction): readonly Func[];
  /** Whether the call may run code unknown to the module (its effects are then the escaped objects). */
  callsUnknown(call: Instruction): boolean;
  /** Objects that escaped to unknown code (merged into EXTERNAL as locations; functions kept). */
  readonly escaped: readonly number[];
  /** The location an object stands for: EXTERNAL for an escaped object, else the object itself. */
  canonical(o: number): number;
  /** The object of an alloca, global, function or allocating call, if any. */
  objectOf(site: Instruction | GlobalVariable | Func): number | undefined;
  /** The library-static object of an extern model (`errno`, `strtok`, …), if it was created. */
  staticObject(name: string): number | undefined;
  /** The extern model applied at a call to a declaration (undefined for unknown externals). */
  modelOf(fn: Func): ExternModel | undefined;
  readonly stats: { readonly nodes: number; readonly objects: number; readonly iterations: number };
}

/** Arguments of a call or invoke. */
export function callArgs(call: Instruction): readonly Value[] {
  return call.operands.slice(1, argsEnd(call));
}

/** The arguments of a call or invoke are its operands [1, argsEnd) (an invoke ends with its two labels). */
export function argsEnd(call: Instruction): number {
  return call.op === 'invoke' ? call.operands.length - 2 : call.operands.length;
}
