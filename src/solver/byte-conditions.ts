// Conditions on one input byte sent to Z3 as ranges of its values (issue 20). A C library tests a
// character against a set in ways that make large formulas of one byte: musl's strspn/strcspn build a
// 256-bit set on the stack and test `set[c / 64] & (1 << c % 64)` — a read of a concrete table at a
// symbolic index (an if-then-else chain over eight bytes), a 64-bit shift by a symbolic amount and an
// And — and ctype tables do the same with byte lookups. Z3 bit-blasts each from scratch in every query
// that holds it. Such a condition reads a single byte, so the values it allows (byte-domains.ts
// evaluates it at all 256) define it exactly: `lo <= c <= hi` for each run of allowed values, or the
// negation of the runs it forbids when those are fewer.
//
// Before that, a byte the query's one-byte conjuncts allow only one value (`c == '.'`) is replaced by
// that value everywhere (KLEE's constraint manager does the same with equalities on the path), and the
// equality kept: a read at an index computed from the byte (`argv[1][c == '.' ? 6 : ...]`, seq's format
// parsing) becomes a read of one byte, its tests one-byte conditions with ranges forms, where Z3 was
// given an if-then-else over every byte of the argument in each query (3-30 ms each).
//
// The rewrites keep the query's meaning (each replaced condition is equal to its replacement at every
// value of its byte, a pinned byte equals its value in every solution, and nothing else reads
// differently), so answers are Z3's own and a model satisfies the original query. Only the text Z3
// receives changes: the layer sits just above the back end, so the caches and the other layers see the
// original expressions.

import * as B from '../expr/build.js';
import { ArrayDecl, Expr, Kind, type UpdateNode } from '../expr/expr.js';
import { rebuild } from '../expr/evaluate.js';
import { arrayOfKey, atomArray, atomIndex, footprint } from '../expr/footprint.js';
import { postOrder } from '../expr/walk.js';
import type { ChainCounters, CheckResult, CoreSolver, Query } from './core.js';
import { ByteDomains, onlyValue, type ByteSet } from './byte-domains.js';
import { flatten } from './intervals.js';

/**
 * Smallest condition (nodes counted as a tree) rewritten: `c == k` (3 nodes) is its own ranges form.
 * From 4 on, digit tests (`(zext c) - '0' <u 10`, 32-bit) become 8-bit comparisons too: on seq that gave
 * 7.7 s of Z3 in a 9M-instruction run where rewriting only conditions of 12 nodes or more gave 10.2 s.
 */
const MIN_NODES = 4;
/** Most runs of values written out (beyond it the condition is sent as it is). */
const MAX_RUNS = 8;
/** Rewritten conditions kept (the table is emptied when full). */
const MAX_KEPT = 50_000;

export class ByteConditions implements CoreSolver {
  /** Condition id -> its replacement (itself when it is not rewritten). */
  private readonly rewritten = new Map<number, Expr>();
  /** Tree sizes (capped at MIN_NODES), per node id. */
  private readonly sizes = new Map<number, number>();

  constructor(
    private readonly inner: CoreSolver,
    private readonly counters: ChainCounters,
    private readonly byteDomains: ByteDomains = new ByteDomains(),
  ) {}

  async check(q: Query): Promise<CheckResult> {
    if (this.rewritten.size > MAX_KEPT) this.rewritten.clear();
    if (this.sizes.size > MAX_KEPT * 10) this.sizes.clear();
    let changed = false;
    const pinned = this.pinnedBytes(q);
    const memo = new Map<number, Expr>();
    const updateMemo = new Map<number, UpdateNode | null>();
    // With bytes pinned, conditions are rewritten after the substitution, which may make them one-byte.
    const rewrite = (rebuilt: Expr, original: Expr): Expr =>
      pinned.get(original.id)?.value ?? pinned.get(rebuilt.id)?.value ?? this.replacement(pinned.size > 0 ? rebuilt : original) ?? rebuilt;
    const map = (e: Expr): Expr => {
      const r = rebuild(e, rewrite, memo, updateMemo);
      if (r !== e) changed = true;
      return r;
    };
    const constraints = q.constraints.map(map);
    const expr = map(q.expr);
    if (!changed) return this.inner.check(q);
    this.counters.byteConditionQueries++;
    if (pinned.size > 0) {
      this.counters.pinnedByteQueries++;
      // A conjunct the substitution made false (a test of a character read at an index computed from
      // a pinned byte, which no one-byte layer above saw): no solution, and nothing for Z3 to do.
      if (expr === B.FALSE || constraints.includes(B.FALSE)) return { status: 'unsat' };
    }
    // The pinned bytes' equalities, which the substitution turned into `true`.
    for (const { read, value } of pinned.values()) constraints.push(B.eq(value, read));
    return this.inner.check({ constraints, expr, reads: q.reads });
  }

  /**
   * The bytes the query's top-level conjuncts on one byte allow exactly one value, by read node id:
   * the read and the value (a constant).
   */
  private pinnedBytes(q: Query): Map<number, { read: Expr; value: Expr }> {
    const out = new Map<number, { read: Expr; value: Expr }>();
    const literals = flatten([q.expr, ...q.constraints]);
    if (literals === null) return out;
    for (const [atom, { set, conjuncts }] of this.byteDomains.conjunctDomains(literals).domains) {
      const value = onlyValue(set);
      const array = arrayOfKey(atomArray(atom));
      const index = atomIndex(atom);
      if (value === undefined || index >= array.size) continue;
      // (a conjunct may read the byte only through writes: the first with a plain read of it)
      let read: Expr | undefined;
      for (const c of conjuncts) {
        read = plainRead(c, array, index);
        if (read) break;
      }
      if (read) out.set(read.id, { read, value: B.constant(8, value) });
    }
    return out;
  }

  /** The ranges form of a condition on one byte, or undefined to keep the node (rebuilt). */
  private replacement(e: Expr): Expr | undefined {
    if (e.width !== 1 || e.kind === Kind.Const || e.kind === Kind.Read) return undefined;
    const known = this.rewritten.get(e.id);
    if (known !== undefined) return known === e ? undefined : known;
    let out: Expr | undefined;
    const fp = footprint(e);
    if (fp.whole.length === 0 && fp.bytes.length === 1 && this.treeSize(e) >= MIN_NODES) {
      const array = arrayOfKey(atomArray(fp.bytes[0]!));
      const index = atomIndex(fp.bytes[0]!);
      const byte = index < array.size ? plainRead(e, array, index) : undefined;
      if (byte) out = ranges(this.byteDomains.allowed(e, array, index), byte);
    }
    this.rewritten.set(e.id, out ?? e);
    return out;
  }

  /** The node's size as a tree, counted up to MIN_NODES. */
  private treeSize(e: Expr): number {
    const sizes = this.sizes;
    postOrder(
      e,
      (n) => sizes.has(n.id),
      (n) => {
        let s = 1;
        for (const k of n.kids) s += sizes.get(k.id)!;
        sizes.set(n.id, Math.min(s, MIN_NODES));
      },
    );
    return sizes.get(e.id)!;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** A read of byte `index` of `array` with no writes over it, found in `e` (undefined: none). */
function plainRead(e: Expr, array: ArrayDecl, index: number): Expr | undefined {
  let found: Expr | undefined;
  const seen = new Set<number>();
  postOrder(
    e,
    (n) => found !== undefined || seen.has(n.id),
    (n) => {
      seen.add(n.id);
      if (n.kind === Kind.Read && n.array === array && n.updates === null && n.kids[0]!.kind === Kind.Const && n.kids[0]!.value === BigInt(index)) found = n;
    },
  );
  return found;
}

/** Runs [lo, hi] of the values where `set` is 1. */
function runsOf(set: ByteSet, want: number): [number, number][] {
  const runs: [number, number][] = [];
  for (let v = 0; v < 256; v++) {
    if (set[v] !== want) continue;
    const lo = v;
    while (v + 1 < 256 && set[v + 1] === want) v++;
    runs.push([lo, v]);
  }
  return runs;
}

/** `byte` in one of the runs. */
function inRuns(runs: readonly [number, number][], byte: Expr): Expr {
  let out: Expr = B.FALSE;
  for (const [lo, hi] of runs) {
    const c = (v: number): Expr => B.constant(8, v);
    const r = lo === hi ? B.eq(c(lo), byte) : lo === 0 ? B.ule(byte, c(hi)) : hi === 255 ? B.ule(c(lo), byte) : B.andB(B.ule(c(lo), byte), B.ule(byte, c(hi)));
    out = out === B.FALSE ? r : B.orB(out, r);
  }
  return out;
}

/** The condition "byte's value is in `set`", from the allowed runs or the negated forbidden ones. */
export function ranges(set: ByteSet, byte: Expr): Expr | undefined {
  const allowed = runsOf(set, 1);
  const forbidden = runsOf(set, 0);
  if (forbidden.length === 0) return B.TRUE;
  if (allowed.length === 0) return B.FALSE;
  if (Math.min(allowed.length, forbidden.length) > MAX_RUNS) return undefined;
  return allowed.length <= forbidden.length ? inRuns(allowed, byte) : B.notB(inRuns(forbidden, byte));
}
