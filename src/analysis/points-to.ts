// Points-to analysis of a whole module: Andersen-style, inclusion-based, and
//   - field-insensitive: an abstract object is a whole allocation (all fields and elements of a struct
//     or array are one location; a pointer into the middle of an object points to the object);
//   - context-insensitive: one points-to set per SSA value, parameter and function return, whatever
//     the call chain; one abstract object per allocation site (an alloca in a recursive function or a
//     malloc in a loop stands for all its instances);
//   - flow-insensitive: one solution for the whole program, ignoring statement order.
//
// Abstract objects: every alloca, global variable, function, heap allocation site (a call to
// malloc/calloc/realloc/strdup/fopen/... — see extern-models.ts), library static objects (errno, the
// strtok state, getenv's environment), one varargs save area per variadic function, and EXTERNAL: the
// memory of the world outside the module (argv, what declared globals hold, what unknown externals
// return). Pointers are tracked through every value that can hold one: integers of at least 64 bits
// too (ptrtoint/inttoptr, arithmetic, select, phi, aggregates, vectors), so laundering a pointer
// through an integer keeps it; narrower integers and floats carry none.
//
// Constraints: alloca/global/function addresses; copies for casts, GEPs (base and indices), binary
// ops, phi, select, freeze, aggregate/vector operations; `x = load p`: contents(o) ⊆ x for o ∈ pts(p);
// `store v, p`: v ⊆ contents(o); memcpy/memmove/va_copy copy contents to contents; calls bind actual
// arguments to parameters (extra arguments to the callee's varargs node) and returns to the call, for
// direct calls and for every function an indirect callee may point to (call graph built on the fly);
// library models for known externals. An unknown external (a declaration without a model, inline asm,
// an indirect call whose target may be EXTERNAL or is unresolved) makes everything reachable from its
// arguments *escaped*: it may store any escaped pointer into any escaped object, return any escaped
// pointer or EXTERNAL, and call any escaped function with escaped pointers. An escaped object (other
// than a function) loses its identity: it is merged into EXTERNAL, which from then on stands for all
// memory unknown code can reach — one location for the dependence analyses, never strongly updated.
// (Without the merge, a library analysed on its own, whose entry points all receive EXTERNAL, spends
// its time copying the same large set of escaped objects along every pointer.)
//
// Functions that nothing in the module calls (main, or a library entry point analysed on its own)
// receive EXTERNAL in their pointer parameters.

import type { Func, GlobalVariable, Instruction, Module, Param, Value } from '../ir/model.js';
import type { Type } from '../ir/types.js';
import { calledFunction } from '../ir/index.js';
import { BitSet } from './bitset.js';
import { externModel, type ExternModel } from './extern-models.js';

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
  /** Functions (with a body or declarations) a call or invoke may invoke. */
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

const cache = new WeakMap<Module, PointsTo>();

/** The points-to solution of a module (computed once, cached). */
export function pointsToOf(m: Module): PointsTo {
  let r = cache.get(m);
  if (!r) {
    r = new Andersen(m).solve();
    cache.set(m, r);
  }
  return r;
}

/** Arguments of a call or invoke. */
export function callArgs(call: Instruction): readonly Value[] {
  return call.op === 'invoke' ? call.operands.slice(1, call.operands.length - 2) : call.operands.slice(1);
}

const NO_OBJECTS: readonly number[] = [];

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

class Andersen {
  private readonly objects: AbsObject[] = [];
  private readonly contents: number[] = []; // object id -> contents node
  private readonly siteObj = new Map<Instruction | GlobalVariable | Func, number>();
  private readonly statics = new Map<string, number>();
  private readonly vaArea = new Map<Func, number>();

  // Constraint graph. Nodes are merged when they form a cycle of copy edges (union-find: only a
  // representative, `find(n) === n`, holds data); points-to sets and pending deltas are bit sets.
  private parent: number[] = [];
  private pts: (BitSet | undefined)[] = [];
  /** Members added to a node's set since it was last processed. */
  private delta: (number[] | undefined)[] = [];
  private succ: (Set<number> | undefined)[] = [];
  private edgesSinceCollapse = 0;
  private edgeCount = 0;
  /** Objects merged into EXTERNAL (escaped, not functions). */
  private readonly merged: boolean[] = [];
  private readonly escapedFlag: boolean[] = [];
  private readonly escapedList: number[] = [];
  private loads: (number[] | undefined)[] = [];
  private stores: (number[] | undefined)[] = [];
  private indirect: (Instruction[] | undefined)[] = [];
  private queued: boolean[] = [];
  private work: number[] = [];
  private iterations = 0;

  private readonly valueNode = new Map<Value, number>();
  private readonly constNode = new Map<Value, number>();
  private readonly constObjCache = new Map<Value, readonly number[]>();
  private readonly retNode = new Map<Func, number>();
  private readonly varargNode = new Map<Func, number>();
  private readonly callTargets = new Map<Instruction, Set<Func>>();
  private readonly unknownCalls = new Set<Instruction>();
  private readonly callbackBound = new Set<Func>();
  private readonly esc: number;
  private readonly externalObj: number;

  constructor(private readonly m: Module) {
    this.esc = this.newNode();
    this.externalObj = this.newObject(ObjKind.External, undefined, undefined, 'EXTERNAL', false);
    this.addPts(this.esc, [this.externalObj]);
  }

  private newNode(): number {
    const n = this.parent.length;
    // Every per-node array grows with the nodes: assigning past the end of a JS array makes it holey,
    // and far past it turns it into a hash table, which made every access several times slower.
    this.parent.push(n);
    this.pts.push(undefined);
    this.delta.push(undefined);
    this.succ.push(undefined);
    this.loads.push(undefined);
    this.stores.push(undefined);
    this.indirect.push(undefined);
    this.queued.push(false);
    return n;
  }

  private find(n: number): number {
    let r = n;
    while (this.parent[r] !== r) r = this.parent[r]!;
    while (this.parent[n] !== r) {
      const next = this.parent[n]!;
      this.parent[n] = r;
      n = next;
    }
    return r;
  }

  /**
   * Merges b's node into a's. First b's own constraints and successors see what only a had (b is
   * processed with that as its delta), then the survivor gets what only b had as its delta.
   */
  private union(a: number, b: number): number {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return ra;
    const pa = this.pts[ra];
    if (pa) {
      const missing: number[] = [];
      (this.pts[rb] ??= new BitSet()).addAll(pa, missing);
      if (missing.length) {
        const d = this.delta[rb];
        if (d) for (const o of missing) d.push(o);
        else this.delta[rb] = missing;
        this.process(rb);
        ra = this.find(ra);
        rb = this.find(rb);
        if (ra === rb) return ra;
      }
    }
    this.parent[rb] = ra;
    const pb = this.pts[rb];
    const fresh: number[] = [];
    if (pb) (this.pts[ra] ??= new BitSet()).addAll(pb, fresh);
    const sb = this.succ[rb];
    if (sb) {
      const sa = (this.succ[ra] ??= new Set());
      for (const x of sb) sa.add(x);
    }
    const concat = <T>(arr: (T[] | undefined)[]): void => {
      const xb = arr[rb];
      if (xb) arr[ra] = arr[ra] ? arr[ra]!.concat(xb) : xb;
      arr[rb] = undefined;
    };
    concat(this.loads);
    concat(this.stores);
    concat(this.indirect);
    // Pending members of either side, and what only b had, each once.
    const pending = [...(this.delta[ra] ?? []), ...(this.delta[rb] ?? []), ...fresh];
    this.delta[ra] = pending.length ? [...new Set(pending)] : undefined;
    this.delta[rb] = undefined;
    this.pts[rb] = undefined;
    this.succ[rb] = undefined;
    if (this.delta[ra]?.length) this.enqueue(ra);
    return ra;
  }

  private enqueue(n: number): void {
    if (!this.queued[n]) {
      this.queued[n] = true;
      this.work.push(n);
    }
  }

  private newObject(kind: ObjKind, site: AbsObject['site'], fn: Func | undefined, name: string, strong: boolean): number {
    const id = this.objects.length;
    this.objects.push({ id, kind, site, fn, name, strong });
    this.merged.push(false);
    this.escapedFlag.push(false);
    this.contents.push(this.newNode());
    if (site) this.siteObj.set(site, id);
    return id;
  }

  private node(v: Instruction | Param): number {
    let n = this.valueNode.get(v);
    if (n === undefined) {
      n = this.newNode();
      this.valueNode.set(v, n);
    }
    return n;
  }

  private funcRet(f: Func): number {
    let n = this.retNode.get(f);
    if (n === undefined) this.retNode.set(f, (n = this.newNode()));
    return n;
  }

  private funcVarargs(f: Func): number {
    let n = this.varargNode.get(f);
    if (n === undefined) this.varargNode.set(f, (n = this.newNode()));
    return n;
  }

  private staticObj(name: string): number {
    let o = this.statics.get(name);
    if (o === undefined) this.statics.set(name, (o = this.newObject(ObjKind.Static, undefined, undefined, `<${name}>`, false)));
    return o;
  }

  private globalObj(g: GlobalVariable | Func): number {
    const o = this.siteObj.get(g);
    if (o !== undefined) return o;
    if (g.vk === 'func') return this.newObject(ObjKind.Function, g, undefined, `@${g.name}`, false);
    return this.newObject(ObjKind.Global, g, undefined, `@${g.name}`, isScalar(g.valueType) && !g.threadLocal && g.initializer !== undefined);
  }

  /** Objects a constant denotes the address of. */
  private constObjs(c: Value): readonly number[] {
    if (c.vk !== 'global' && c.vk !== 'func' && c.vk !== 'alias' && c.vk !== 'cexpr' && c.vk !== 'caggr') return NO_OBJECTS;
    let r = this.constObjCache.get(c);
    if (r) return r;
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
    if (!mayHoldPointer(v.type)) return undefined;
    if (v.vk === 'inst' || v.vk === 'arg') return this.node(v);
    if (v.vk === 'block' || v.vk === 'metadata' || v.vk === 'asm') return undefined;
    let n = this.constNode.get(v);
    if (n !== undefined) return n;
    const objs = this.constObjs(v);
    if (objs.length === 0) return undefined;
    n = this.newNode();
    this.addPts(n, objs);
    this.constNode.set(v, n);
    return n;
  }

  private fixedNode(objs: readonly number[]): number {
    const n = this.newNode();
    this.addPts(n, objs);
    return n;
  }

  // ------------------------------------------------------------------------------------------
  // Constraint primitives

  private addPts(node: number, objs: Iterable<number>): void {
    const n = this.find(node);
    const set = (this.pts[n] ??= new BitSet());
    let fresh = false;
    for (const o of objs) {
      if (!set.add(o)) continue;
      (this.delta[n] ??= []).push(o);
      fresh = true;
    }
    if (fresh) this.enqueue(n);
  }

  /** pts(b) ⊇ the whole set `bits`, queueing b when it grew. */
  private flowSet(bits: BitSet, b: number): void {
    const fresh: number[] = [];
    (this.pts[b] ??= new BitSet()).addAll(bits, fresh);
    if (fresh.length) {
      const d = this.delta[b];
      if (d) for (const o of fresh) d.push(o);
      else this.delta[b] = fresh;
      this.enqueue(b);
    }
  }

  private addEdge(from: number | undefined, to: number): void {
    if (from === undefined) return;
    const a = this.find(from);
    const b = this.find(to);
    if (a === b) return;
    const s = (this.succ[a] ??= new Set());
    if (s.has(b)) return;
    s.add(b);
    this.edgeCount++;
    this.edgesSinceCollapse++;
    const p = this.pts[a];
    if (p) this.flowSet(p, b);
  }

  private members(n: number): number[] {
    return this.pts[this.find(n)]?.toArray() ?? [];
  }

  private addLoad(ptr: number | undefined, dst: number): void {
    if (ptr === undefined) return;
    const p = this.find(ptr);
    (this.loads[p] ??= []).push(dst);
    for (const o of this.members(p)) this.addEdge(this.contents[o]!, dst);
  }

  private addStore(ptr: number | undefined, src: number | undefined): void {
    if (ptr === undefined || src === undefined) return;
    const p = this.find(ptr);
    (this.stores[p] ??= []).push(src);
    for (const o of this.members(p)) this.addEdge(src, this.contents[o]!);
  }

  /**
   * contents(o_d) ⊇ contents(o_s) for o_d ∈ pts(dst), o_s ∈ pts(src), through a fresh node t: a load
   * `t ⊇ *src` and a store `*dst ⊇ t`. The same solution as one edge per (o_s, o_d) pair, with
   * |pts(src)| + |pts(dst)| edges instead of their product (memcpy between escaped buffers made
   * millions of the pairs).
   */
  private addCopy(dst: number | undefined, src: number | undefined): void {
    if (dst === undefined || src === undefined) return;
    const t = this.newNode();
    this.addLoad(src, t);
    this.addStore(dst, t);
  }

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

    // Which functions are called or address-taken inside the module: the others are roots.
    const used = new Set<Func>();
    for (const f of m.functions) {
      for (const b of f.blocks) {
        for (const inst of b.instructions) {
          const direct = calledFunction(inst);
          if (direct) used.add(direct);
          inst.operands.forEach((op, i) => {
            if (direct && i === 0) return;
            for (const o of this.constObjs(op)) {
              const site = this.objects[o]!.site;
              if (site && site.vk === 'func') used.add(site);
            }
          });
        }
      }
    }
    for (const g of m.globals) {
      if (!g.initializer) continue;
      for (const o of this.constObjs(g.initializer)) {
        const site = this.objects[o]!.site;
        if (site && site.vk === 'func') used.add(site);
      }
    }
    for (const f of m.functions) {
      if (f.isDeclaration) continue;
      if (!used.has(f) || f.name === 'main') {
        for (const p of f.params) if (p.type.kind === 'ptr') this.addPts(this.node(p), [this.externalObj]);
      }
      for (const b of f.blocks) for (const inst of b.instructions) this.instruction(f, inst);
    }
  }

  private instruction(f: Func, inst: Instruction): void {
    const ops = inst.operands;
    switch (inst.op) {
      case 'alloca': {
        const count = ops[0];
        const single = !count || (count.vk === 'cint' && count.value === 1n);
        const entry = inst.parent === f.blocks[0];
        const name = inst.name ? `%${inst.name} in @${f.name}` : `alloca#${inst.id} in @${f.name}`;
        const o = this.newObject(ObjKind.Alloca, inst, f, name, single && entry && isScalar(inst.allocatedType));
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
        this.call(inst);
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
        const x = this.node(inst);
        const from = inst.op === 'select' ? ops.slice(1) : ops;
        for (const op of from) this.addEdge(this.src(op), x);
      }
    }
  }

  private call(call: Instruction): void {
    const callee = call.operands[0]!;
    const direct = calledFunction(call);
    if (direct) {
      this.bind(call, direct);
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
    const r = this.find(n);
    (this.indirect[r] ??= []).push(call);
    for (const o of this.members(r)) this.bindObject(call, o);
  }

  private bindObject(call: Instruction, o: number): void {
    const obj = this.objects[o]!;
    if (obj.kind === ObjKind.Function) this.bind(call, obj.site as Func);
    else if (obj.kind === ObjKind.External) this.bindUnknown(call);
  }

  private bind(call: Instruction, g: Func): void {
    let targets = this.callTargets.get(call);
    if (!targets) this.callTargets.set(call, (targets = new Set()));
    if (targets.has(g)) return;
    targets.add(g);
    const args = callArgs(call);
    if (g.isDeclaration) {
      const model = externModel(g.name);
      if (model) this.applyModel(call, args, model);
      else this.bindUnknown(call);
      return;
    }
    args.forEach((a, i) => {
      const p = g.params[i];
      this.addEdge(this.src(a), p ? this.node(p) : this.funcVarargs(g));
    });
    if (call.type.kind !== 'void') this.addEdge(this.funcRet(g), this.node(call));
  }

  private bindUnknown(call: Instruction): void {
    if (this.unknownCalls.has(call)) return;
    this.unknownCalls.add(call);
    for (const a of callArgs(call)) this.addEdge(this.src(a), this.esc);
    if (call.type.kind !== 'void') this.addEdge(this.esc, this.node(call));
  }

  private applyModel(call: Instruction, args: readonly Value[], model: ExternModel): void {
    const f = call.parent.fn;
    const argNode = (i: number): number | undefined => (i === -1 ? this.node(call) : args[i] ? this.src(args[i]!) : undefined);
    const hasResult = call.type.kind !== 'void';
    if (model.alloc && hasResult) {
      const o = this.siteObj.get(call) ?? this.newObject(ObjKind.Heap, call, f, `heap#${call.id} in @${f.name}`, false);
      this.addPts(this.node(call), [o]);
    }
    if (model.allocOut !== undefined) {
      const o = this.siteObj.get(call) ?? this.newObject(ObjKind.Heap, call, f, `heap#${call.id} in @${f.name}`, false);
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
        area = this.newObject(ObjKind.VaArea, undefined, f, `varargs of @${f.name}`, false);
        this.vaArea.set(f, area);
        this.addEdge(this.funcVarargs(f), this.contents[area]!);
      }
      this.addStore(argNode(0), this.fixedNode([area]));
    }
    if (model.va === 'copy') this.addCopy(argNode(0), argNode(1));
  }

  // ------------------------------------------------------------------------------------------
  // Solving

  private propagate(): void {
    while (this.work.length) {
      if (this.edgesSinceCollapse > 1000 && this.edgesSinceCollapse * 8 > this.edgeCount) this.collapseCycles();
      const n = this.work.pop()!;
      this.queued[n] = false;
      if (this.find(n) === n) this.process(n); // else merged away; the survivor carries its delta
    }
  }

  /** Pushes a node's delta through its complex constraints and copy edges. */
  private process(n: number): void {
    const raw = this.delta[n];
    this.delta[n] = undefined;
    if (!raw || raw.length === 0) return;
    // Escaped objects travel as EXTERNAL: whatever they would cause, EXTERNAL causes.
    let d = raw;
    for (let i = 0; i < raw.length; i++) {
      if (!this.merged[raw[i]!]) continue;
      d = raw.filter((o) => !this.merged[o]);
      if ((this.pts[n] ??= new BitSet()).add(this.externalObj)) d.push(this.externalObj);
      break;
    }
    if (d.length === 0) return;
    this.iterations++;
    const loads = this.loads[n];
    if (loads) for (const dst of loads) for (const o of d) this.addEdge(this.contents[o]!, dst);
    const stores = this.stores[n];
    if (stores) for (const src of stores) for (const o of d) this.addEdge(src, this.contents[o]!);
    const calls = this.indirect[n];
    if (calls) for (const c of calls) for (const o of d) this.bindObject(c, o);
    if (n === this.find(this.esc)) {
      // Everything reachable from escaped memory is escaped: its contents and ESC are one node, and
      // the object itself becomes part of EXTERNAL (functions keep their identity, for call targets).
      for (const o of d) {
        if (o !== this.externalObj && !this.escapedFlag[o]) {
          this.escapedFlag[o] = true;
          this.escapedList.push(o);
        }
        this.union(this.esc, this.contents[o]!);
        const obj = this.objects[o]!;
        if (obj.kind === ObjKind.Function) this.callback(obj.site as Func);
        else if (o !== this.externalObj) this.merged[o] = true;
      }
    }
    const self = this.find(n);
    const succ = this.succ[self];
    if (!succ) return;
    for (const s of succ) {
      const m = this.find(s);
      if (m === self) continue;
      const set = (this.pts[m] ??= new BitSet());
      let grew = false;
      for (const o of d) {
        if (!set.add(o)) continue;
        (this.delta[m] ??= []).push(o);
        grew = true;
      }
      if (grew) this.enqueue(m);
    }
  }

  /** Merges every cycle of copy edges into one node (Tarjan's SCCs over the representatives). */
  private collapseCycles(): void {
    this.edgesSinceCollapse = 0;
    const n = this.parent.length;
    const index = new Int32Array(n).fill(-1);
    const low = new Int32Array(n);
    const onStack = new Uint8Array(n);
    const stack: number[] = [];
    const comps: number[][] = [];
    let counter = 0;
    // Iterative Tarjan; frames hold a node and its successors (representatives) still to visit.
    const frameNode: number[] = [];
    const frameSuccs: number[][] = [];
    const framePos: number[] = [];
    const succOf = (v: number): number[] => {
      const out: number[] = [];
      const s = this.succ[v];
      if (s) for (const x of s) out.push(this.find(x));
      return out;
    };
    for (let root = 0; root < n; root++) {
      if (index[root] !== -1 || this.parent[root] !== root || !this.succ[root]) continue;
      index[root] = low[root] = counter++;
      stack.push(root);
      onStack[root] = 1;
      frameNode.push(root);
      frameSuccs.push(succOf(root));
      framePos.push(0);
      while (frameNode.length) {
        const top = frameNode.length - 1;
        const v = frameNode[top]!;
        const out = frameSuccs[top]!;
        if (framePos[top]! < out.length) {
          const w = out[framePos[top]!++]!;
          if (w === v) continue;
          if (index[w] === -1) {
            index[w] = low[w] = counter++;
            stack.push(w);
            onStack[w] = 1;
            frameNode.push(w);
            frameSuccs.push(succOf(w));
            framePos.push(0);
          } else if (onStack[w] && index[w]! < low[v]!) low[v] = index[w]!;
          continue;
        }
        frameNode.pop();
        frameSuccs.pop();
        framePos.pop();
        if (frameNode.length) {
          const p = frameNode[frameNode.length - 1]!;
          if (low[v]! < low[p]!) low[p] = low[v]!;
        }
        if (low[v] === index[v]) {
          let w = stack.pop()!;
          onStack[w] = 0;
          if (w === v) continue;
          const comp = [w];
          do {
            w = stack.pop()!;
            onStack[w] = 0;
            comp.push(w);
          } while (w !== v);
          comps.push(comp);
        }
      }
    }
    for (const comp of comps) {
      let r = comp[0]!;
      for (let i = 1; i < comp.length; i++) r = this.union(r, comp[i]!);
    }
  }

  /** An escaped function may be called by unknown code with escaped pointers. */
  private callback(g: Func): void {
    if (g.isDeclaration || this.callbackBound.has(g)) return;
    this.callbackBound.add(g);
    for (const p of g.params) this.addEdge(this.esc, this.node(p));
    this.addEdge(this.funcVarargs(g), this.esc);
    this.addEdge(this.funcRet(g), this.esc);
  }

  solve(): PointsTo {
    this.generate();
    this.collapseCycles();
    this.propagate();
    // Indirect calls still without a target may only be reached through memory the module never
    // writes a function address to: treat them as unknown code, and solve again.
    for (;;) {
      let changed = false;
      for (const calls of this.indirect) {
        for (const c of calls ?? []) {
          if (!this.callTargets.has(c) && !this.unknownCalls.has(c)) {
            this.bindUnknown(c);
            changed = true;
          }
        }
      }
      if (!changed) break;
      this.propagate();
    }
    return this.result();
  }

  private result(): PointsTo {
    const sorted = new Map<number, readonly number[]>();
    const EMPTY: readonly number[] = [];
    const canonical = (o: number): number => (this.merged[o] ? this.externalObj : o);
    const canonicalSet = (objs: readonly number[]): readonly number[] => {
      if (!objs.some((o) => this.merged[o])) return objs;
      return [...new Set(objs.map(canonical))].sort((a, b) => a - b);
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
        if (v.vk === 'inst' || v.vk === 'arg') return setOf(self.valueNode.get(v));
        if (v.vk === 'block' || v.vk === 'metadata' || v.vk === 'asm') return EMPTY;
        let r = constSets.get(v);
        if (!r) constSets.set(v, (r = canonicalSet([...self.constObjs(v)].sort((a, b) => a - b))));
        return r;
      },
      contentsOf: (o) => setOf(this.contents[o]),
      callees(call) {
        let r = calleesCache.get(call);
        if (!r) calleesCache.set(call, (r = [...(self.callTargets.get(call) ?? [])]));
        return r;
      },
      callsUnknown: (call) => this.unknownCalls.has(call),
      escaped: [...this.escapedList].sort((a, b) => a - b),
      canonical,
      objectOf: (site) => this.siteObj.get(site),
      staticObject: (name) => this.statics.get(name),
      modelOf: (fn) => externModel(fn.name),
      stats: { nodes: this.parent.length, objects: this.objects.length, iterations: this.iterations },
    };
  }
}

/** A short printable name of an object. */
export function objectName(pt: PointsTo, o: number): string {
  return pt.objects[o]?.name ?? `obj#${o}`;
}
