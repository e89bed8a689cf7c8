// Queries over a few input bytes, decided by enumeration instead of Z3 (issue 20). A query whose
// constraints and expression read at most maxBytes bytes has finitely many assignments; evaluating
// the query under each of them is a complete decision procedure, and it is cheap when the bytes'
// own constraints leave few values (a digit: 10 of 256) and the expression DAG is small: the budget
// is assignments x nodes.
//
// Why: Coreutils seq parses its symbolic argument with musl's strtold, whose decimal path (decfloat)
// does bignum arithmetic — 64-bit udiv/urem by 10^9, stores into a 128-word ring buffer at indices
// computed from the digits — so one or two symbolic digit bytes yield queries of ~150 nodes that Z3 4.8
// takes 1-20 s each (measured: 20 such queries were 78 of seq's 90 s in Z3, one a 22.5 s timeout).
// The same queries evaluate under 256 assignments in milliseconds. KLEE never meets them: uClibc's
// strtod works in long double, which KLEE concretises at the first digit.
//
// The layer sits under the caches, just above the Z3 back end, so what it answers is cached like a
// Z3 answer. A satisfiable answer's model gives every enumerated byte (all the query reads); bytes it
// does not give read 0, which the query does not depend on.

import { ArrayDecl, Expr, Kind, type UpdateNode } from '../expr/expr.js';
import { Evaluator } from '../expr/evaluate.js';
import { postOrder, updateChain } from '../expr/walk.js';
import { arrayOfKey, atomArray, atomIndex, footprint, unionFootprints, EMPTY_FOOTPRINT } from '../expr/footprint.js';
import type { ChainCounters, CheckResult, CoreSolver, Query } from './core.js';
import { ByteDomains } from './byte-domains.js';
import { bytesKeyOf, constraintKey, filterRows, MAX_ROWS, rowOf, setRow, SolutionSets, type SolutionList } from './solution-sets.js';

/** Whether `e` is not the constant true (true conjuncts decide nothing). */
const notTrue = (e: Expr): boolean => e.kind !== Kind.Const || e.value !== 1n;

/** Every byte value (a byte no constraint of its own narrows). */
const ALL_VALUES: readonly number[] = Array.from({ length: 256 }, (_, v) => v);
/** Nodes' hardness kept is at most ten times this (the memo is emptied when full). */
const MAX_DOMAINS = 10_000;

export interface SmallDomainOptions {
  /** Most input bytes a query may read to be enumerated (default 4). */
  maxBytes?: number;
  /**
   * Largest assignments x DAG nodes spent on one query (default 100,000: a few ms, what a small Z3
   * query costs; 1,000,000 for every query made enumeration 56% of seq's CPU time, on queries Z3
   * answers in 10 ms).
   */
  maxWork?: number;
  /**
   * The budget of a query Z3 finds hard: one with a division or remainder, or a read through array
   * writes (default 2,000,000: ~0.1-0.3 s, where Z3 took 1-20 s on seq's).
   */
  maxHardWork?: number;
}

/** One enumerated byte: which array, which index, and the values its own constraints allow. */
interface DomainByte {
  array: ArrayDecl;
  index: number;
  values: readonly number[];
}

/**
 * The bytes `conjuncts` read, or null when they are more than `maxBytes` (a read at a symbolic index
 * counts every byte of its array).
 */
export function domainBytes(conjuncts: readonly Expr[], maxBytes: number): DomainByte[] | null {
  let fp = EMPTY_FOOTPRINT;
  for (const c of conjuncts) fp = unionFootprints(fp, footprint(c));
  let count = fp.bytes.length;
  for (const k of fp.whole) count += arrayOfKey(k).size;
  if (count > maxBytes) return null;
  const out: DomainByte[] = fp.bytes.map((atom) => ({ array: arrayOfKey(atomArray(atom)), index: atomIndex(atom), values: [] }));
  for (const k of fp.whole) {
    const array = arrayOfKey(k);
    for (let i = 0; i < array.size; i++) out.push({ array, index: i, values: [] });
  }
  return out;
}

/** The one byte `e` reads at a constant index (its position in `bytes`), or -1. */
function unaryByte(e: Expr, bytes: readonly DomainByte[]): number {
  const fp = footprint(e);
  if (fp.whole.length > 0 || fp.bytes.length !== 1) return -1;
  const array = arrayOfKey(atomArray(fp.bytes[0]!));
  const index = atomIndex(fp.bytes[0]!);
  return bytes.findIndex((b) => b.array === array && b.index === index);
}

/**
 * For each j, the ids of the nodes under `roots` (update lists included) that read one of bytes[0..j]:
 * what an enumeration step that changed those bytes must evaluate again. A read at a symbolic index
 * reads every enumerated byte of its array.
 */
function staleNodes(roots: readonly Expr[], bytes: readonly DomainByte[]): number[][] {
  const bit = new Map<string, number>();
  bytes.forEach((b, j) => bit.set(`${b.array.id}:${b.index}`, 1 << j));
  const arrayBits = new Map<ArrayDecl, number>();
  bytes.forEach((b, j) => arrayBits.set(b.array, (arrayBits.get(b.array) ?? 0) | (1 << j)));
  const mask = new Map<number, number>();
  const maskOf = (root: Expr): number => {
    postOrder(
      root,
      (n) => mask.has(n.id),
      (n) => {
        let m = 0;
        for (const k of n.kids) m |= mask.get(k.id)!;
        if (n.kind === Kind.Read) {
          const index = n.kids[0]!;
          m |= index.kind === Kind.Const ? (bit.get(`${n.array!.id}:${Number(index.value & 0xffffffffn)}`) ?? 0) : (arrayBits.get(n.array!) ?? 0);
          if (n.updates) m |= chainMask(n.updates);
        }
        mask.set(n.id, m);
      },
    );
    return mask.get(root.id)!;
  };
  // An update list's mask from each write down, memoised per write: long lists share their tails.
  const chainMasks = new Map<UpdateNode, number>();
  const chainMask = (head: UpdateNode): number => {
    for (const u of updateChain(head, (w) => chainMasks.has(w))) {
      chainMasks.set(u, maskOf(u.index) | maskOf(u.value) | (u.next ? chainMasks.get(u.next)! : 0));
    }
    return chainMasks.get(head)!;
  };
  for (const r of roots) maskOf(r);
  return bytes.map((_, j) => {
    const changed = (1 << (j + 1)) - 1;
    const ids: number[] = [];
    for (const [id, m] of mask) if ((m & changed) !== 0) ids.push(id);
    return ids;
  });
}

export class SmallDomain implements CoreSolver {
  private readonly maxBytes: number;
  private readonly maxWork: number;
  private readonly maxHardWork: number;
  /** Whether a node has a division, remainder or read through writes below it (hard for Z3). */
  private readonly hardMemo = new Map<number, boolean>();
  /** The solutions of constraint sets asked about more than once (solution-sets.ts). */
  private readonly lists = new SolutionSets();

  constructor(
    private readonly inner: CoreSolver,
    private readonly counters: ChainCounters,
    opts: SmallDomainOptions = {},
    /** The values conditions reading one byte allow (shared with intervals.ts). */
    private readonly byteDomains: ByteDomains = new ByteDomains(),
  ) {
    this.maxBytes = opts.maxBytes ?? 4;
    this.maxWork = opts.maxWork ?? 100_000;
    this.maxHardWork = opts.maxHardWork ?? 2_000_000;
  }

  async check(q: Query): Promise<CheckResult> {
    return this.enumerate(q) ?? this.inner.check(q);
  }

  /**
   * The answer by enumeration, or null when the query is outside the budget. A path's constraints
   * asked about again are answered from the list of their solutions (solution-sets.ts); otherwise the
   * product of the bytes' domains is searched for a first solution (search).
   */
  private enumerate(q: Query): CheckResult | null {
    const constraints = q.constraints.filter(notTrue);
    const conjuncts = [q.expr, ...constraints].filter(notTrue);
    if (conjuncts.some((c) => c.kind === Kind.Const)) return this.unsat(); // a FALSE conjunct
    if (conjuncts.length === 0) return null; // nothing to decide; the inner layers answer at once
    const bytes = domainBytes(conjuncts, this.maxBytes);
    if (bytes === null || bytes.length === 0) return null;
    const budget = conjuncts.some((c) => this.isHard(c)) ? this.maxHardWork : this.maxWork;
    // Buffers per array, reused across assignments (the evaluator reads them when it first needs them).
    const buffers = new Map<ArrayDecl, Uint8Array>();
    for (const b of bytes) if (!buffers.has(b.array)) buffers.set(b.array, new Uint8Array(b.array.size));

    if (constraints.length > 0 && notTrue(q.expr)) {
      const listed = this.byList(q.expr, constraints, bytes.length, buffers, budget);
      if (listed !== null) return listed;
    }
    const found = this.search(conjuncts, bytes, buffers, budget, () => true);
    if (found === null) return null;
    return found ? this.answer(buffers) : this.unsat();
  }

  /**
   * `e ∧ constraints` from the list of the constraints' solutions, when they read every byte the query
   * reads and have been asked about before; null when not answered this way.
   */
  private byList(e: Expr, constraints: readonly Expr[], queryBytes: number, buffers: Map<ArrayDecl, Uint8Array>, budget: number): CheckResult | null {
    const bytes = domainBytes(constraints, this.maxBytes);
    if (bytes === null || bytes.length !== queryBytes) return null; // e reads a byte they do not
    const key = constraintKey(constraints);
    let list = this.lists.get(key);
    if (list === undefined) {
      if (!this.lists.seenBefore(key)) return null;
      list = this.lists.fromParent(constraints, bytesKeyOf(bytes), buffers, budget) ?? this.listAll(constraints, bytes, buffers, budget);
      this.lists.put(key, list);
    }
    if (list === 'too-many') return null;
    const rows = filterRows(list, e, buffers, budget, 1);
    if (rows === null) return null;
    if (rows.length === 0) return this.unsat();
    setRow(list, rows[0]!, buffers);
    return this.answer(buffers);
  }

  /** Every solution of `constraints` over `bytes`, or 'too-many' (more than MAX_ROWS, or past the budget). */
  private listAll(constraints: readonly Expr[], bytes: DomainByte[], buffers: Map<ArrayDecl, Uint8Array>, budget: number): SolutionList | 'too-many' {
    const rows: number[] = [];
    let tooMany = false;
    const done = this.search(constraints, bytes, buffers, budget, () => {
      if (rows.length >= MAX_ROWS) return (tooMany = true);
      rows.push(rowOf(bytes, buffers));
      return false;
    });
    if (done === null || tooMany) return 'too-many';
    return { bytes, bytesKey: bytesKeyOf(bytes), rows: Uint32Array.from(rows) };
  }

  /**
   * Searches the assignments of `bytes` under which every conjunct holds, calling `onSolution` at each
   * (with the assignment in `buffers`) until it returns true. Each byte's domain is first narrowed by
   * the conjuncts that read only that byte (an input character's path constraints: `c` is a digit,
   * `c != '.'`), then the other conjuncts are evaluated over the product of domains. Returns true when
   * stopped by `onSolution`, false when every assignment was visited, null past `budget` evaluated nodes.
   */
  private search(conjuncts: readonly Expr[], bytes: DomainByte[], buffers: Map<ArrayDecl, Uint8Array>, budget: number, onSolution: () => boolean): boolean | null {
    const set = (b: DomainByte, v: number): void => {
      buffers.get(b.array)![b.index] = v;
    };
    // Unary conjuncts narrow their byte's domain; the first evaluation of each measures its DAG.
    const unary: Expr[][] = bytes.map(() => []);
    const joint: Expr[] = [];
    for (const c of conjuncts) {
      const j = unaryByte(c, bytes);
      if (j >= 0) unary[j]!.push(c);
      else joint.push(c);
    }
    let work = 0;
    for (let j = 0; j < bytes.length; j++) {
      const b = bytes[j]!;
      if (unary[j]!.length === 0) {
        b.values = ALL_VALUES;
        continue;
      }
      // The intersection of the conditions' value sets (each evaluated once for the run: byte-domains.ts).
      const sets: Uint8Array[] = [];
      for (const c of unary[j]!) {
        sets.push(this.byteDomains.allowed(c, b.array, b.index));
        work += this.byteDomains.lastCost;
      }
      if (work > budget) return null;
      const values: number[] = [];
      for (let v = 0; v < 256; v++) if (sets.every((set) => set[v] === 1)) values.push(v);
      b.values = values;
      if (b.values.length === 0) return false;
      set(b, b.values[0]!);
    }

    // The first combination is evaluated whole: its memo size is the joint DAG's node count.
    const ev = new Evaluator(buffers);
    if (joint.every((c) => ev.isTrue(c)) && onSolution()) return true;
    let total = 1;
    for (const b of bytes) total *= b.values.length;
    if (work + Math.max(1, ev.size) * total > budget) return null;

    // Mixed-radix counter over the domains (digit j indexes bytes[j].values). A step changes bytes 0..j
    // (j the highest digit that moved), and only the nodes reading one of them are evaluated again:
    // the rest of the DAG keeps its memoised value (the budget above still counts whole evaluations).
    const stale = staleNodes(joint, bytes);
    const digit = bytes.map(() => 0);
    for (let n = 1; n < total; n++) {
      let j = 0;
      for (; j < bytes.length; j++) {
        if (++digit[j]! < bytes[j]!.values.length) {
          set(bytes[j]!, bytes[j]!.values[digit[j]!]!);
          break;
        }
        digit[j] = 0;
        set(bytes[j]!, bytes[j]!.values[0]!);
      }
      ev.forget(stale[j]!);
      // The query expression first: it is the likeliest to fail (the constraints held on the path).
      if (joint.every((c) => ev.isTrue(c)) && onSolution()) return true;
    }
    return false;
  }

  private isHard(e: Expr): boolean {
    const memo = this.hardMemo;
    if (memo.size > MAX_DOMAINS * 10) memo.clear();
    postOrder(
      e,
      (n) => memo.has(n.id),
      (n) => {
        let hard = n.kind === Kind.UDiv || n.kind === Kind.SDiv || n.kind === Kind.URem || n.kind === Kind.SRem;
        hard ||= n.kind === Kind.Read && n.updates !== null;
        for (const k of n.kids) hard ||= memo.get(k.id) ?? false;
        memo.set(n.id, hard);
      },
    );
    return memo.get(e.id) ?? false;
  }

  private unsat(): CheckResult {
    this.counters.smallDomainAnswers++;
    return { status: 'unsat' };
  }

  private answer(buffers: Map<ArrayDecl, Uint8Array>): CheckResult {
    this.counters.smallDomainAnswers++;
    const model = new Map<ArrayDecl, Uint8Array>();
    for (const [a, bytes] of buffers) model.set(a, bytes.slice());
    return { status: 'sat', model };
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
