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
//
// Files: points-to-model.ts (objects, the PointsTo interface), points-to-constraints.ts (constraints
// from the IR, call binding, the solution), points-to-graph.ts (the constraint graph and its
// difference-propagation solver over bit sets, offline substitution, escape), points-to-cycles.ts
// (cycle detection for collapsing), bitset.ts and pair-set.ts (its sets and its edge table).

import type { Module } from '../ir/model.js';
import { solvePointsTo } from './points-to-constraints.js';
import type { PointsTo } from './points-to-model.js';

export { ObjKind, callArgs, type AbsObject, type PointsTo } from './points-to-model.js';

const cache = new WeakMap<Module, PointsTo>();

/** The points-to solution of a module (computed once, cached). */
export function pointsToOf(m: Module): PointsTo {
  let r = cache.get(m);
  if (!r) {
    r = solvePointsTo(m);
    cache.set(m, r);
  }
  return r;
}

/** A short printable name of an object. */
export function objectName(pt: PointsTo, o: number): string {
  return pt.objects[o]?.name ?? `obj#${o}`;
}
