// Points-to constraints from the IR (points-to.ts says what is modelled): objects for allocas,
// globals, functions, heap allocation sites and library statics; a node per pointer-carrying value;
// copy, load and store constraints per instruction; call binding (direct, indirect as targets arrive,
// unknown code, library models); then solving (points-to-graph.ts) and the solution's read side.

import type { Func, GlobalVariable, Instruction, Module, Param, Value } from '../ir/model.js';
import type { Type } from '../ir/types.js';
import { calledFunction } from '../ir/index.js';
import { externModel, type ExternModel } from './extern-models.js';
import { ConstraintGraph } from './points-to-graph.js';
import { argsEnd, callArgs, ObjKind, type AbsObject, type PointsTo } from './points-to-model.js';

/** The points-to solution of a module. */
export function solvePointsTo(m: Module): PointsTo {
  return new Andersen(m).solve();
}

const NO_OBJECTS: readonly number[] = [];
const EMPTY_FUNCS: readonly Func[] = [];

/**
 * Whether a value of this type can carry a pointer: pointers, integers at least as wide as one (a
 * pointer laundered through ptrtoint/inttoptr and integer arithmetic), and aggregates or vectors of
 * those. Narrower integers and floats are not tracked (they cannot hold a 64-bit address whole).
 */
function mayHoldPointer(t: Type): boolean {
  switch (t.kind) {
    case 'ptr':
      return true;
    case 'int':
      return t.bits >= 64;
    case 'vector':
    case 'array':
      return mayHoldPointer(t.elem);
    case 'struct':
      return t.fields.some(mayHoldPointer);
    default:
      return false;
  }
}

function isScalar(t: Type | undefined): boolean {
  return t !== undefined && (t.kind === 'int' || t.kind === 'float' || t.kind === 'ptr');
}

// Per-value tables are typed arrays indexed by the ids lowering gave (instructions: module-wide id;
// parameters: their function's offset plus index; functions: index), holding node + 1 (0: none yet):
// Maps keyed by the IR objects cost hashing on every operand and, as they grew, much of the garbage
// collector's time.
class Andersen extends ConstraintGraph {
  private readonly siteObj = new Map<Instruction | GlobalVariable | Func, number>();
  private readonly statics = new Map<string, number>();
  private readonly vaArea = new Map<Func, number>();

  /** Instruction id → node + 1. */
  private readonly instNode: Int32Array;
  /** Function index → the slot of its first parameter in `paramNode`. */
  private readonly paramBase: Int32Array;
  /** Parameter slot → node + 1. */
  private readonly paramNode: Int32Array;
  /** Function index → node + 1 of its return, of its extra (variadic) arguments. */
  private readonly retNode: Int32Array;
  private readonly varargNode: Int32Array;
  private readonly constNode = new Map<Value, number>();
  private readonly constObjCache = new Map<Value, readonly number[]>();
  /** Instruction id → the functions a call was bound to, in the order found. */
  private readonly callTargets: (Func[] | undefined)[];
  /** Instruction id → 1 when the call was bound to unknown code. */
  private readonly unknownCalls: Uint8Array;
  /** Function index → 1 when its parameters and return were bound to ESC (it escaped). */
  private readonly callbackBound: Uint8Array;
  /** Scratch list of an instruction's source nodes. */
  private readonly sources: number[] = [];

  constructor(private readonly m: Module) {
    super();
    let insts = 0;
    let params = 0;
    const fns = m.functions;
    this.paramBase = new Int32Array(fns.length);
    for (let i = 0; i < fns.length; i++) {
      const f = fns[i]!;
      this.paramBase[i] = params;
      params += f.params.length;
      // Lowering numbers instructions in module order: a function's last one has its largest id.
      const last = f.blocks[f.blocks.length - 1]?.instructions;
      if (last?.length) insts = Math.max(insts, last[last.length - 1]!.id + 1);
    }
    this.instNode = new Int32Array(insts);
    this.paramNode = new Int32Array(params);
    this.retNode = new Int32Array(fns.length);
    this.varargNode = new Int32Array(fns.length);
    this.callTargets = new Array<Func[] | undefined>(insts).fill(undefined);
    this.unknownCalls = new Uint8Array(insts);
    this.callbackBound = new Uint8Array(fns.length);
  }

  /** Whether `v` is an instruction or parameter of this module (the tables know only those). */
  private owns(v: Instruction | Param): boolean {
    const f = v.vk === 'inst' ? v.parent?.fn : v.fn;
    return f !== undefined && this.m.functions[f.index] === f && (v.vk === 'arg' || (v.id >= 0 && v.id < this.instNode.length));
  }

  /** The node + 1 of an instruction or parameter (0: none). */
  private nodeOf(v: Instruction | Param): number {
    return v.vk === 'inst' ? this.instNode[v.id]! : this.paramNode[this.paramBase[v.fn.index]! + v.index]!;
  }

  private setNode(v: Instruction | Param, n: number): void {
    if (v.vk === 'inst') this.instNode[v.id] = n + 1;
    else this.paramNode[this.paramBase[v.fn.index]! + v.index] = n + 1;
  }

  /** A new abstract object, found again by its site. */
  private siteObject(kind: ObjKind, site: AbsObject['site'], fn: Func | undefined, name: string, strong: boolean): number {
    const id = this.newObject(kind, site, fn, name, strong);
    if (site) this.siteObj.set(site, id);
    return id;
  }

  /**
   * Makes `inst` share node `n` when nothing else can flow into it: a cast or GEP of one pointer, a
   * direct call's result. (Offline variable substitution, in its simplest form: no edge, no copy of the
   * set, and a third fewer nodes on -O0 code.) Not when a phi or an earlier use already made its node:
   * those are merged after generation (`substitute`, in points-to-graph.ts).
   */
  private alias(inst: Instruction, n: number): boolean {
    if (this.instNode[inst.id] !== 0) return false;
    this.instNode[inst.id] = n + 1;
    return true;
  }

  private node(v: Instruction | Param): number {
    const n = this.nodeOf(v);
    if (n !== 0) return n - 1;
    const fresh = this.newNode();
    this.setNode(v, fresh);
    // Call binding adds inputs to parameters and call results while solving.
    if (v.vk === 'arg' || v.op === 'call' || v.op === 'invoke') this.pin(fresh);
    return fresh;
  }

  private funcRet(f: Func): number {
    const n = this.retNode[f.index]!;
    if (n !== 0) return n - 1;
    const fresh = this.newNode();
    this.retNode[f.index] = fresh + 1;
    return fresh;
  }

  private funcVarargs(f: Func): number {
    const n = this.varargNode[f.index]!;
    if (n !== 0) return n - 1;
    const fresh = this.newNode();
    this.pin(fresh);
    this.varargNode[f.index] = fresh + 1;
    return fresh;
  }

  private staticObj(name: string): number {
    let o = this.statics.get(name);
    if (o === undefined) this.statics.set(name, (o = this.siteObject(ObjKind.Static, undefined, undefined, `<${name}>`, false)));
    return o;
  }

  private globalObj(g: GlobalVariable | Func): number {
    const o = this.siteObj.get(g);
    if (o !== undefined) return o;
    if (g.vk === 'func') return this.siteObject(ObjKind.Function, g, undefined, `@${g.name}`, false);
    return this.siteObject(ObjKind.Global, g, undefined, `@${g.name}`, isScalar(g.valueType) && !g.threadLocal && g.initializer !== undefined);
  }

  /** Objects a constant denotes the address of. */
  private constObjs(c: Value): readonly number[] {
    if (c.vk !== 'global' && c.vk !== 'func' && c.vk !== 'alias' && c.vk !== 'cexpr' && c.vk !== 'caggr') return NO_OBJECTS;
    let r = this.constObjCache.get(c);
    if (r) return r;
    if (c.vk === 'global' || c.vk === 'func') {
      r = [this.globalObj(c)];
      this.constObjCache.set(c, r);
      return r;
    }
    const out = new Set<number>();
    const visit = (v: Value, depth: number): void => {
      if (depth > 64) return;
      switch (v.vk) {
        case 'global':
        case 'func':
          out.add(this.globalObj(v));
          break;
        case 'alias':
          visit(v.aliasee, depth + 1);
          break;
        case 'cexpr':
          for (const op of v.operands) visit(op, depth + 1);
          break;
        case 'caggr':
          for (const e of v.elements) visit(e, depth + 1);
          break;
        default:
          break;
      }
    };
    visit(c, 0);
    r = [...out];
    this.constObjCache.set(c, r);
    return r;
  }

  /** The node carrying an operand's points-to set, or undefined when it carries none. */
  private src(v: Value): number | undefined {
    const vk = v.vk;
    if (vk === 'inst' || vk === 'arg') return mayHoldPointer(v.type) ? this.node(v) : undefined;
    // Only these constants can denote an address (and a Map lookup would give every integer constant
    // an identity hash).
    if (vk !== 'global' && vk !== 'func' && vk !== 'alias' && vk !== 'cexpr' && vk !== 'caggr') return undefined;
    if (!mayHoldPointer(v.type)) return undefined;
    let n = this.constNode.get(v);
    if (n !== undefined) return n;
    const objs = this.constObjs(v);
    if (objs.length === 0) return undefined;
    n = this.newNode();
    this.addPts(n, objs);
    this.constNode.set(v, n);
    return n;
  }

  // ------------------------------------------------------------------------------------------
  // Constraint primitives

  // ------------------------------------------------------------------------------------------
  // Constraint generation

  private generate(): void {
    const m = this.m;
    for (const g of m.globals) {
      const o = this.globalObj(g);
      if (g.initializer) this.addPts(this.contents[o]!, this.constObjs(g.initializer));
      else this.addPts(this.contents[o]!, [this.externalObj]); // defined outside the module
    }
    for (const f of m.functions) this.globalObj(f);

    // One pass over the instructions (reading the IR is mostly cache misses): their constraints, and
    // which functions are called or address-taken inside the module, the others being roots. (Indexed
    // loops: this runs once, mostly before the optimizing compiler, where for-of allocates iterators.)
    const fns = m.functions;
    const used = new Uint8Array(fns.length);
    for (let fi = 0; fi < fns.length; fi++) this.generateFunction(fns[fi]!, used);
    for (const g of m.globals) if (g.initializer) this.markUsed(this.constObjs(g.initializer), used);
    for (let fi = 0; fi < fns.length; fi++) {
      const f = fns[fi]!;
      if (f.isDeclaration || (used[fi] && f.name !== 'main')) continue;
      for (const p of f.params) if (p.type.kind === 'ptr') this.addPts(this.node(p), [this.externalObj]);
    }
  }

  /**
   * The constraints of f's instructions, and the functions they call or take the address of marked in
   * `used`. (A function per function, not one loop in `generate`: a call made thousands of times is
   * compiled once, where the one long loop was recompiled on the stack several times per module.)
   */
  private generateFunction(f: Func, used: Uint8Array): void {
    const blocks = f.blocks;
    for (let bi = 0; bi < blocks.length; bi++) {
      const insts = blocks[bi]!.instructions;
      for (let ii = 0; ii < insts.length; ii++) {
        const inst = insts[ii]!;
        const direct = calledFunction(inst);
        if (direct) used[direct.index] = 1;
        const ops = inst.operands;
        for (let i = direct ? 1 : 0; i < ops.length; i++) {
          // A function's address directly, or inside a constant expression or aggregate.
          const op = ops[i]!;
          if (op.vk === 'func') used[op.index] = 1;
          else if (op.vk === 'alias' || op.vk === 'cexpr' || op.vk === 'caggr') this.markUsed(this.constObjs(op), used);
        }
        this.instruction(f, inst, direct);
      }
    }
  }

  private markUsed(objs: readonly number[], used: Uint8Array): void {
    for (let i = 0; i < objs.length; i++) {
      const site = this.objects[objs[i]!]!.site;
      if (site && site.vk === 'func') used[site.index] = 1;
    }
  }

  private instruction(f: Func, inst: Instruction, direct: Func | undefined): void {
    const ops = inst.operands;
    switch (inst.op) {
      case 'alloca': {
        const count = ops[0];
        const single = !count || (count.vk === 'cint' && count.value === 1n);
        const entry = inst.parent === f.blocks[0];
        const name = inst.name ? `%${inst.name} in @${f.name}` : `alloca#${inst.id} in @${f.name}`;
        const o = this.siteObject(ObjKind.Alloca, inst, f, name, single && entry && isScalar(inst.allocatedType));
        this.addPts(this.node(inst), [o]);
        return;
      }
      case 'load':
        if (mayHoldPointer(inst.type)) this.addLoad(this.src(ops[0]!), this.node(inst));
        return;
      case 'store':
        this.addStore(this.src(ops[1]!), this.src(ops[0]!));
        return;
      case 'atomicrmw':
        if (mayHoldPointer(inst.type)) this.addLoad(this.src(ops[0]!), this.node(inst));
        this.addStore(this.src(ops[0]!), this.src(ops[1]!));
        return;
      case 'cmpxchg':
        if (mayHoldPointer(inst.type)) this.addLoad(this.src(ops[0]!), this.node(inst));
        this.addStore(this.src(ops[0]!), this.src(ops[2]!));
        return;
      case 'call':
      case 'invoke':
        this.call(inst, direct);
        return;
      case 'ret':
        if (ops[0]) this.addEdge(this.src(ops[0]), this.funcRet(f));
        return;
      case 'va_arg':
        if (mayHoldPointer(inst.type)) this.addEdge(this.funcVarargs(f), this.node(inst));
        return;
      case 'icmp':
      case 'fcmp':
      case 'br':
      case 'switch':
      case 'indirectbr':
      case 'unreachable':
      case 'resume':
      case 'fence':
      case 'landingpad':
        return;
      default: {
        // Value-forwarding instructions: casts, GEP, arithmetic, phi, select, freeze, aggregates.
        if (!mayHoldPointer(inst.type)) return;
        const sources = this.sources;
        sources.length = 0;
        for (let i = inst.op === 'select' ? 1 : 0; i < ops.length; i++) {
          const n = this.src(ops[i]!);
          if (n !== undefined && !sources.includes(n)) sources.push(n);
        }
        if (sources.length === 1 && this.alias(inst, sources[0]!)) return;
        const x = this.node(inst);
        for (let i = 0; i < sources.length; i++) this.addEdge(sources[i], x);
      }
    }
  }

  private call(call: Instruction, direct: Func | undefined): void {
    const callee = call.operands[0]!;
    if (direct) {
      this.bind(call, direct, true);
      return;
    }
    if (callee.vk === 'asm') {
      this.bindUnknown(call);
      return;
    }
    const n = this.src(callee);
    if (n === undefined) {
      this.bindUnknown(call);
      return;
    }
    this.addIndirect(n, call);
  }

  protected override bindObject(call: Instruction, o: number): void {
    const obj = this.objects[o]!;
    if (obj.kind === ObjKind.Function) this.bind(call, obj.site as Func, false);
    else if (obj.kind === ObjKind.External) this.bindUnknown(call);
  }

  /** Binds a call to a target; `direct` when g is its callee operand (possibly through casts). */
  private bind(call: Instruction, g: Func, direct: boolean): void {
    const targets = this.callTargets[call.id];
    if (!targets) this.callTargets[call.id] = [g];
    else if (targets.includes(g)) return;
    else targets.push(g);
    if (g.isDeclaration) {
      const model = externModel(g.name);
      if (model) this.applyModel(call, callArgs(call), model);
      else this.bindUnknown(call);
      return;
    }
    const ops = call.operands;
    const end = argsEnd(call);
    for (let i = 1; i < end; i++) {
      const p = g.params[i - 1];
      this.addEdge(this.src(ops[i]!), p ? this.node(p) : this.funcVarargs(g));
    }
    if (call.type.kind === 'void') return;
    // A direct call's result is exactly what the callee returns.
    if (direct && this.alias(call, this.funcRet(g))) return;
    this.addEdge(this.funcRet(g), this.node(call));
  }

  private bindUnknown(call: Instruction): void {
    if (this.unknownCalls[call.id]) return;
    this.unknownCalls[call.id] = 1;
    const ops = call.operands;
    const end = argsEnd(call);
    for (let i = 1; i < end; i++) this.addEdge(this.src(ops[i]!), this.esc);
    if (call.type.kind !== 'void') this.addEdge(this.esc, this.node(call));
  }

  private applyModel(call: Instruction, args: readonly Value[], model: ExternModel): void {
    const f = call.parent.fn;
    const argNode = (i: number): number | undefined => (i === -1 ? this.node(call) : args[i] ? this.src(args[i]!) : undefined);
    const hasResult = call.type.kind !== 'void';
    if (model.alloc && hasResult) {
      const o = this.siteObj.get(call) ?? this.siteObject(ObjKind.Heap, call, f, `heap#${call.id} in @${f.name}`, false);
      this.addPts(this.node(call), [o]);
    }
    if (model.allocOut !== undefined) {
      const o = this.siteObj.get(call) ?? this.siteObject(ObjKind.Heap, call, f, `heap#${call.id} in @${f.name}`, false);
      this.addStore(argNode(model.allocOut), this.fixedNode([o]));
    }
    if (model.retArg !== undefined && hasResult) this.addEdge(argNode(model.retArg), this.node(call));
    if (model.retLoadArg !== undefined && hasResult) this.addLoad(argNode(model.retLoadArg), this.node(call));
    if (model.retStatic !== undefined && hasResult) this.addPts(this.node(call), [this.staticObj(model.retStatic)]);
    if (model.copy) this.addCopy(argNode(model.copy[0]), argNode(model.copy[1]));
    if (model.storeArg) this.addStore(argNode(model.storeArg[0]), argNode(model.storeArg[1]));
    if (model.va === 'start') {
      let area = this.vaArea.get(f);
      if (area === undefined) {
        area = this.siteObject(ObjKind.VaArea, undefined, f, `varargs of @${f.name}`, false);
        this.vaArea.set(f, area);
        this.addEdge(this.funcVarargs(f), this.contents[area]!);
      }
      this.addStore(argNode(0), this.fixedNode([area]));
    }
    if (model.va === 'copy') this.addCopy(argNode(0), argNode(1));
  }

  // ------------------------------------------------------------------------------------------
  // Solving

  /** An escaped function may be called by unknown code with escaped pointers. */
  protected override functionEscaped(g: Func): void {
    if (g.isDeclaration || this.callbackBound[g.index]) return;
    this.callbackBound[g.index] = 1;
    for (const p of g.params) this.addEdge(this.esc, this.node(p));
    this.addEdge(this.funcVarargs(g), this.esc);
    this.addEdge(this.funcRet(g), this.esc);
  }

  solve(): PointsTo {
    this.generate();
    this.substitute();
    this.collapseCycles();
    this.propagate();
    // Indirect calls still without a target may only be reached through memory the module never
    // writes a function address to: treat them as unknown code, and solve again.
    for (;;) {
      let changed = false;
      for (const calls of this.indirect) {
        for (const c of calls ?? []) {
          if (!this.callTargets[c.id] && !this.unknownCalls[c.id]) {
            this.bindUnknown(c);
            changed = true;
          }
        }
      }
      if (!changed) break;
      this.propagate();
    }
    this.releaseSolverState();
    return this.result();
  }

  private result(): PointsTo {
    const sorted = new Map<number, readonly number[]>();
    const EMPTY: readonly number[] = [];
    const canonical = (o: number): number => (this.merged[o] ? this.externalObj : o);
    const ext = this.externalObj;
    const canonicalSet = (objs: readonly number[]): readonly number[] => {
      let i = 0;
      while (i < objs.length && !this.merged[objs[i]!]) i++;
      if (i === objs.length) return objs;
      // the merged objects become EXTERNAL, once; the others keep their (increasing) order
      const out: number[] = [ext];
      for (const o of objs) if (!this.merged[o] && o !== ext) out.push(o);
      return out.length > 1 && out[1]! < ext ? out.sort((a, b) => a - b) : out;
    };
    const setOf = (node: number | undefined): readonly number[] => {
      if (node === undefined) return EMPTY;
      const n = this.find(node);
      let r = sorted.get(n);
      if (!r) {
        r = canonicalSet(this.pts[n]?.toArray() ?? []);
        sorted.set(n, r);
      }
      return r;
    };
    const self = this;
    const calleesCache = new Map<Instruction, readonly Func[]>();
    const constSets = new Map<Value, readonly number[]>();
    return {
      module: this.m,
      objects: this.objects,
      external: this.externalObj,
      pointsTo(v: Value): readonly number[] {
        if (v.vk === 'inst' || v.vk === 'arg') return self.owns(v) && self.nodeOf(v) !== 0 ? setOf(self.nodeOf(v) - 1) : EMPTY;
        if (v.vk !== 'global' && v.vk !== 'func' && v.vk !== 'alias' && v.vk !== 'cexpr' && v.vk !== 'caggr') return EMPTY;
        let r = constSets.get(v);
        if (!r) constSets.set(v, (r = canonicalSet([...self.constObjs(v)].sort((a, b) => a - b))));
        return r;
      },
      contentsOf: (o) => setOf(this.contents[o]),
      callees(call) {
        let r = calleesCache.get(call);
        // By object id: the order targets were found in depends on the solver's schedule.
        if (!r) {
          const targets = self.owns(call) ? self.callTargets[call.id] : undefined;
          r = targets ? [...targets].sort((f, g) => self.siteObj.get(f)! - self.siteObj.get(g)!) : EMPTY_FUNCS;
          calleesCache.set(call, r);
        }
        return r;
      },
      callsUnknown: (call) => this.owns(call) && this.unknownCalls[call.id] === 1,
      escaped: [...this.escapedList].sort((a, b) => a - b),
      canonical,
      objectOf: (site) => this.siteObj.get(site),
      staticObject: (name) => this.statics.get(name),
      modelOf: (fn) => externModel(fn.name),
      stats: { nodes: this.parent.length, objects: this.objects.length, iterations: this.iterations },
    };
  }
}
