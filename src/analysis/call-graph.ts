// The call graph of a module (direct calls, the indirect-call targets points-to resolves, and for a
// call into unknown code every function that escaped to unknown code, which it may call back) and the
// mod/ref summaries of its functions: the abstract locations a call to the function may write (mod) or
// read (ref), transitively through everything it calls. Summaries are computed bottom-up over the
// strongly connected components of the call graph (Tarjan), one union per component; a function's own
// allocas (and varargs area) are left out of its summary unless it is recursive, since no caller can
// see a finished activation's locals.

import type { Func, Instruction, Module } from '../ir/model.js';
import { ownAccess, sortedUnion } from './access.js';
import { moduleIndex } from './module-index.js';
import { ObjKind, pointsToOf, type PointsTo } from './points-to.js';

export interface CallGraph {
  readonly pointsTo: PointsTo;
  /** Call and invoke instructions in `f`. */
  callSitesIn(f: Func): readonly Instruction[];
  /** Call instructions (anywhere in the module) that may call `f`. */
  callersOf(f: Func): readonly Instruction[];
  /** Functions `f` may call directly (with a body or not). */
  calleesOf(f: Func): readonly Func[];
  /** Functions a call may transfer to: its points-to targets, plus escaped functions for unknown code. */
  targetsOf(call: Instruction): readonly Func[];
  /** Strongly connected components of defined functions, callees before callers. */
  readonly sccs: readonly (readonly Func[])[];
  /** Whether `f` may call itself, directly or through others. */
  recursive(f: Func): boolean;
  /** Locations a call to `f` (with a body) may write. */
  mod(f: Func): readonly number[];
  /** Locations a call to `f` (with a body) may read. */
  ref(f: Func): readonly number[];
}

const cache = new WeakMap<Module, CallGraph>();

export function callGraphOf(m: Module): CallGraph {
  let cg = cache.get(m);
  if (!cg) {
    cg = build(m);
    cache.set(m, cg);
  }
  return cg;
}

function build(m: Module): CallGraph {
  const pt = pointsToOf(m);
  const defined = moduleIndex(m).defined;
  const sites = new Map<Func, Instruction[]>();
  const callers = new Map<Func, Instruction[]>();
  const callees = new Map<Func, Func[]>();
  const callTargets = new Map<Instruction, readonly Func[]>();
  const escapedFns = pt.escaped.map((o) => pt.objects[o]!.site).filter((x): x is Func => x?.vk === 'func' && !x.isDeclaration);
  for (const f of defined) {
    const here: Instruction[] = [];
    const out = new Set<Func>();
    for (const b of f.blocks) {
      for (const inst of b.instructions) {
        if (inst.op !== 'call' && inst.op !== 'invoke') continue;
        here.push(inst);
        // Unknown code may call back any function that escaped to it.
        const known = pt.callees(inst);
        const targets = !pt.callsUnknown(inst) ? known : known.length === 0 ? escapedFns : [...new Set([...known, ...escapedFns])];
        callTargets.set(inst, targets);
        for (const g of targets) {
          out.add(g);
          let c = callers.get(g);
          if (!c) callers.set(g, (c = []));
          c.push(inst);
        }
      }
    }
    sites.set(f, here);
    callees.set(f, [...out]);
  }

  // Tarjan's SCCs, iteratively; components come out callees-first.
  const index = new Map<Func, number>();
  const low = new Map<Func, number>();
  const onStack = new Set<Func>();
  const stack: Func[] = [];
  const sccs: Func[][] = [];
  const sccOf = new Map<Func, number>();
  let counter = 0;
  for (const root of defined) {
    if (index.has(root)) continue;
    const frames: { f: Func; next: number; outs: Func[] }[] = [];
    const enter = (f: Func): void => {
      index.set(f, counter);
      low.set(f, counter++);
      stack.push(f);
      onStack.add(f);
      frames.push({ f, next: 0, outs: (callees.get(f) ?? []).filter((g) => !g.isDeclaration) });
    };
    enter(root);
    while (frames.length) {
      const fr = frames[frames.length - 1]!;
      if (fr.next < fr.outs.length) {
        const g = fr.outs[fr.next++]!;
        if (!index.has(g)) enter(g);
        else if (onStack.has(g)) low.set(fr.f, Math.min(low.get(fr.f)!, index.get(g)!));
        continue;
      }
      frames.pop();
      if (frames.length) {
        const parent = frames[frames.length - 1]!.f;
        low.set(parent, Math.min(low.get(parent)!, low.get(fr.f)!));
      }
      if (low.get(fr.f) === index.get(fr.f)) {
        const comp: Func[] = [];
        let g: Func;
        do {
          g = stack.pop()!;
          onStack.delete(g);
          comp.push(g);
          sccOf.set(g, sccs.length);
        } while (g !== fr.f);
        sccs.push(comp);
      }
    }
  }
  const recursive = new Set<Func>();
  for (const comp of sccs) {
    if (comp.length > 1) comp.forEach((f) => recursive.add(f));
    else if ((callees.get(comp[0]!) ?? []).includes(comp[0]!)) recursive.add(comp[0]!);
  }

  // Mod/ref, bottom-up. A function's own allocas and varargs area, the locations it drops from its
  // summaries, found once per function; the summaries are filtered only when they hold one (the union
  // is then often a callee's summary itself, shared rather than copied per function).
  const locals = new Map<Func, number[]>();
  pt.objects.forEach((obj, o) => {
    if ((obj.kind !== ObjKind.Alloca && obj.kind !== ObjKind.VaArea) || !obj.fn) return;
    let list = locals.get(obj.fn);
    if (!list) locals.set(obj.fn, (list = []));
    list.push(o);
  });
  const dropLocals = (set: readonly number[], own: readonly number[]): readonly number[] => {
    if (!own.some((o) => contains(set, o))) return set;
    const drop = new Set(own);
    return set.filter((o) => !drop.has(o));
  };
  const mod = new Map<Func, readonly number[]>();
  const ref = new Map<Func, readonly number[]>();
  for (let s = 0; s < sccs.length; s++) {
    const comp = sccs[s]!;
    // Each distinct list once: the union costs the total length of its parts, and the parts repeat
    // (accesses through the same pointer share its points-to list, callees share summaries).
    const defs = new Set<readonly number[]>();
    const uses = new Set<readonly number[]>();
    for (const f of comp) {
      for (const b of f.blocks) {
        for (const inst of b.instructions) {
          const a = ownAccess(pt, inst);
          if (a.defs.length) defs.add(a.defs);
          if (a.uses.length) uses.add(a.uses);
        }
      }
      for (const g of callees.get(f) ?? []) {
        if (g.isDeclaration || sccOf.get(g) === s) continue;
        defs.add(mod.get(g)!);
        uses.add(ref.get(g)!);
      }
    }
    let md = sortedUnion([...defs]);
    let rf = sortedUnion([...uses]);
    if (!recursive.has(comp[0]!)) {
      const own = locals.get(comp[0]!);
      if (own) {
        md = dropLocals(md, own);
        rf = dropLocals(rf, own);
      }
    }
    for (const f of comp) {
      mod.set(f, md);
      ref.set(f, rf);
    }
  }

  const EMPTY: readonly never[] = [];
  return {
    pointsTo: pt,
    callSitesIn: (f) => sites.get(f) ?? EMPTY,
    callersOf: (f) => callers.get(f) ?? EMPTY,
    calleesOf: (f) => callees.get(f) ?? EMPTY,
    targetsOf: (call) => callTargets.get(call) ?? pt.callees(call),
    sccs,
    recursive: (f) => recursive.has(f),
    mod: (f) => mod.get(f) ?? EMPTY,
    ref: (f) => ref.get(f) ?? EMPTY,
  };
}

/** Whether the sorted list holds x (binary search). */
function contains(sorted: readonly number[], x: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v === x) return true;
    if (v < x) lo = mid + 1;
    else hi = mid;
  }
  return false;
}
