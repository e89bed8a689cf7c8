// The counterexample cache (KLEE's CexCachingSolver). Every satisfiable query reaching Z3 leaves a
// model behind (the bytes its constraints read); later queries are first tried against the stored
// models by concrete evaluation — a model of a subset, a superset or an unrelated set of constraints
// often satisfies the new query too (the constraints of one path share their prefix), and a model that
// evaluates to true is a proof of satisfiability. Unsatisfiable sets are remembered as well: a query
// whose set of constraints contains a known-unsat set is unsat.
//
// Beyond KLEE, a failed trial is followed by a repair: when the query expression pins bytes in a simple
// way (`in[3] == 'f'`, `'a' < in[0]`, conjunctions of those), those bytes are patched into the newest
// models (and into the all-zero assignment) and the result checked by evaluation — a lexer branching
// on a fresh input character is then answered without Z3.
//
// Cost per query: the models are tried newest first, each checking the query expression first (the
// likeliest to fail) and the constraints newest first; each model's evaluator memoises per node, so a
// constraint shared by many queries is evaluated once per model.

import { TRUE } from '../expr/build.js';
import { ArrayDecl, Expr, Kind } from '../expr/expr.js';
import { Evaluator, type Assignment } from '../expr/evaluate.js';
import { arrayOfKey, atomArray, atomIndex, footprint, unionFootprints, type Footprint } from '../expr/footprint.js';
import { constraintsKey, mergeReads, type ChainCounters, type CheckResult, type CoreSolver, type ModelReads, type Query } from './core.js';

export interface CexCacheOptions {
  /** Models kept for trial by evaluation (most recent first). */
  models?: number;
  /** Exact answers kept (sat with model / unsat). */
  exact?: number;
  /** Known-unsat constraint sets kept. */
  unsatSets?: number;
  /** Stored models a repair is tried on (0 disables repairs). */
  patchBases?: number;
}

type Patch = Map<ArrayDecl, Map<number, number>>;

/** A read of one unwritten symbolic byte at a constant index. */
function plainByte(e: Expr): boolean {
  return e.kind === Kind.Read && e.updates === null && e.kids[0]!.kind === Kind.Const && e.array!.isSymbolic;
}

function pin(out: Patch, byte: Expr, value: number): boolean {
  const a = byte.array!;
  const i = Number(byte.kids[0]!.value);
  let m = out.get(a);
  if (!m) out.set(a, (m = new Map()));
  const prev = m.get(i);
  if (prev !== undefined && prev !== value) return false;
  m.set(i, value & 0xff);
  return true;
}

/** Byte values that make `e` true for its simple shapes (false: none found). */
export function patchFor(e: Expr, out: Patch): boolean {
  const [a, b] = e.kids;
  switch (e.kind) {
    case Kind.And:
      return e.width === 1 && patchFor(a!, out) && patchFor(b!, out);
    case Kind.Eq:
      return a!.kind === Kind.Const && plainByte(b!) && pin(out, b!, Number(a!.value));
    case Kind.Not:
      return a!.kind === Kind.Eq && a!.kids[0]!.kind === Kind.Const && plainByte(a!.kids[1]!) && pin(out, a!.kids[1]!, Number(a!.kids[0]!.value) + 1);
    case Kind.Ult:
      if (a!.kind === Kind.Const && plainByte(b!)) return a!.value < 255n && pin(out, b!, Number(a!.value) + 1);
      if (plainByte(a!) && b!.kind === Kind.Const) return b!.value > 0n && pin(out, a!, Number(b!.value) - 1);
      return false;
    case Kind.Slt: {
      const s = (x: Expr): number => Number(BigInt.asIntN(8, x.value));
      if (a!.kind === Kind.Const && plainByte(b!)) return s(a!) < 127 && pin(out, b!, s(a!) + 1);
      if (plainByte(a!) && b!.kind === Kind.Const) return s(b!) > -128 && pin(out, a!, s(b!) - 1);
      return false;
    }
  }
  return false;
}

/** `base` with the bytes of `patch` set (patched arrays copied). */
function applyPatch(base: Assignment, patch: Patch): Map<ArrayDecl, Uint8Array> {
  const out = new Map(base);
  for (const [a, bytes] of patch) {
    const copy = new Uint8Array(a.size);
    const old = base.get(a);
    if (old) copy.set(old.subarray(0, a.size));
    for (const [i, v] of bytes) if (i < a.size) copy[i] = v;
    out.set(a, copy);
  }
  return out;
}

class CachedModel {
  readonly ev: Evaluator;
  constructor(readonly assignment: Assignment) {
    this.ev = new Evaluator(assignment);
  }
  /** Whether every constraint (newest first) and `expr` hold. */
  satisfies(constraints: readonly Expr[], expr: Expr): boolean {
    const ev = this.ev;
    if (ev.size > 200_000) ev.clear();
    if (expr.kind !== Kind.Const && !ev.isTrue(expr)) return false;
    for (let i = constraints.length - 1; i >= 0; i--) if (!ev.isTrue(constraints[i]!)) return false;
    return true;
  }
}

/** The bytes a model must give to decide `constraints ∧ expr` (their footprint), as a read request. */
export function readsForFootprint(fp: Footprint): ModelReads {
  const reads = new Map<ArrayDecl, number[] | 'all'>();
  for (const arr of fp.whole) reads.set(arrayOfKey(arr), 'all');
  for (const b of fp.bytes) {
    const a = arrayOfKey(atomArray(b));
    let list = reads.get(a) as number[] | undefined;
    if (!list) reads.set(a, (list = []));
    list.push(atomIndex(b));
  }
  return reads;
}

export class CexCache implements CoreSolver {
  private readonly exact = new Map<string, Assignment | 'unsat'>();
  private readonly models: CachedModel[] = [];
  /** Known-unsat sets (sorted ids) indexed by their largest id. */
  private readonly unsat = new Map<number, number[][]>();
  private unsatCount = 0;
  private readonly maxModels: number;
  private readonly maxExact: number;
  private readonly maxUnsat: number;
  private readonly patchBases: number;

  constructor(
    private readonly inner: CoreSolver,
    private readonly counters: ChainCounters,
    opts: CexCacheOptions = {},
  ) {
    this.maxModels = opts.models ?? 16;
    this.maxExact = opts.exact ?? 20_000;
    this.maxUnsat = opts.unsatSets ?? 100_000;
    this.patchBases = opts.patchBases ?? 2;
  }

  async check(q: Query): Promise<CheckResult> {
    const key = `${q.key ?? constraintsKey(q.constraints)}|${q.expr.id}`;
    const hit = this.lookup(q, key);
    if (hit) {
      this.counters.cexCacheHits++;
      return hit;
    }
    const fp = q.constraints.reduce((f, c) => unionFootprints(f, footprint(c)), footprint(q.expr));
    const reads = mergeReads(q.reads, readsForFootprint(fp));
    const r = await this.inner.check({ ...q, reads });
    if (r.status === 'sat') this.remember(key, r.model ?? new Map());
    else if (r.status === 'unsat') this.rememberUnsat(key, q);
    return r;
  }

  private lookup(q: Query, key: string): CheckResult | undefined {
    const exact = this.exact.get(key);
    if (exact === 'unsat') return { status: 'unsat' };
    if (exact) return { status: 'sat', model: exact };
    if (this.unsatCount > 0 && this.containsUnsatSet(q)) {
      this.counters.cexUnsatSubsetHits++;
      return { status: 'unsat' };
    }
    for (let i = 0; i < this.models.length; i++) {
      const m = this.models[i]!;
      if (m.satisfies(q.constraints, q.expr)) {
        if (i > 0) {
          this.models.splice(i, 1);
          this.models.unshift(m);
        }
        this.counters.cexModelHits++;
        return { status: 'sat', model: m.assignment };
      }
    }
    return this.repair(q, key);
  }

  /** Tries the newest models (and all zeros) with the bytes the query pins patched in. */
  private repair(q: Query, key: string): CheckResult | undefined {
    if (this.patchBases === 0) return undefined;
    const patch: Patch = new Map();
    if (!patchFor(q.expr, patch) || patch.size === 0) return undefined;
    const bases: Assignment[] = this.models.slice(0, this.patchBases).map((m) => m.assignment);
    bases.push(new Map());
    for (const base of bases) {
      const candidate = new CachedModel(applyPatch(base, patch));
      if (candidate.satisfies(q.constraints, q.expr)) {
        this.counters.cexPatchHits++;
        this.remember(key, candidate.assignment, candidate);
        return { status: 'sat', model: candidate.assignment };
      }
    }
    return undefined;
  }

  private idsOf(q: Query): number[] {
    const ids = q.constraints.map((c) => c.id);
    if (q.expr !== TRUE) ids.push(q.expr.id);
    return ids;
  }

  private containsUnsatSet(q: Query): boolean {
    const ids = this.idsOf(q);
    let set: Set<number> | undefined;
    for (const id of ids) {
      const bucket = this.unsat.get(id);
      if (!bucket) continue;
      set ??= new Set(ids);
      for (const u of bucket) if (u.every((x) => set!.has(x))) return true;
    }
    return false;
  }

  private remember(key: string, model: Assignment, cached = new CachedModel(model)): void {
    if (this.exact.size >= this.maxExact) this.exact.delete(this.exact.keys().next().value!);
    this.exact.set(key, model);
    this.models.unshift(cached);
    if (this.models.length > this.maxModels) this.models.pop();
  }

  private rememberUnsat(key: string, q: Query): void {
    if (this.exact.size >= this.maxExact) this.exact.delete(this.exact.keys().next().value!);
    this.exact.set(key, 'unsat');
    if (this.unsatCount >= this.maxUnsat) {
      this.unsat.clear();
      this.unsatCount = 0;
    }
    const ids = [...new Set(this.idsOf(q))].sort((a, b) => a - b);
    if (ids.length === 0) return;
    const max = ids[ids.length - 1]!;
    let bucket = this.unsat.get(max);
    if (!bucket) this.unsat.set(max, (bucket = []));
    bucket.push(ids);
    this.unsatCount++;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
