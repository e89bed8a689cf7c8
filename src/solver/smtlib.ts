// Expressions to SMT-LIB2 text for the native Z3 process. A query is one assertion: the conjunction of
// its constraints under `let` bindings, one binding per shared node (so the text is linear in the
// DAG), grouped by height so each `let` only refers to earlier ones. The text of each node's term is
// memoised here per node id (names are `e<id>`, `u<id>` for writes), so a query costs one walk over
// its DAG and a join of cached strings.
//
// Only declarations live at Z3's base level (arrays `a<id>`, byte variables `b<array>_<index>`):
// in Z3 4.8 every base-level define-fun slows each later get-value down (measured: 20,000 of them
// cost 180 ms per get-value), so nodes are never defined there. Constant tables are the exception
// (define-fun of a store chain, few per run; z3-native.ts restarts the process when they pile up).
//
// Bytes read at constant indices of unwritten symbolic arrays are the variables (array-use.ts); a
// query that also reaches such an array through the array theory asserts `(select a i) = b_i` for
// that array's byte variables.
//
// Sorts: width-1 expressions are Bool (comparisons and connectives are native there) and become
// `(ite b #b1 #b0)` where a bit-vector is needed; other widths are (_ BitVec w). Arrays map
// (_ BitVec 32) to (_ BitVec 8): an index is its value modulo 2^32, as in the evaluator.

import { ArrayDecl, Expr, Kind, UpdateNode, isFloatKind } from '../expr/expr.js';
import { encodeFloat } from './fp-encode.js';
import { SMTLIB_FP } from './fp-smtlib.js';
import { postOrder } from '../expr/walk.js';
import { requestedIndices, type ModelReads } from './core.js';
import { isByteVar } from './array-use.js';
import { unsignedBounds } from '../expr/bounds.js';

export const ARRAY_SORT = '(Array (_ BitVec 32) (_ BitVec 8))';
const M32 = 0xffffffffn;
/** Stores per define-fun when spelling out a constant table (keeps the text's nesting shallow). */
const STORES_PER_DEF = 64;
/** Reads of a constant table at an index with fewer possible values than this become an `ite`. */
const SMALL_TABLE_READ = 64n;
/**
 * Constant tables at least this long are read through a lookup function, not a select over stores:
 * every table. The select was slow at 204 bytes too (issue 20: musl's mbrtowc bittab in wc, 51 words
 * read at 4*(c-0xc2): 1.5 s per unsat query through the array theory, 0.1 s as a lookup), which made
 * 97% of wc's Z3 time.
 */
const BIG_TABLE = 1;
/**
 * A read through at most this many writes over a constant table becomes an `ite` per write over the
 * table's lookup (read-over-write), not a select over stores: Coreutils tr writes one symbolic entry
 * into its 256-byte identity table and reads it back at symbolic indices, and Z3 4.8.12 took 10-30 s
 * (timeouts included) on such 900-byte queries through the array theory.
 */
const WRITTEN_TABLE_WRITES = 32;
/**
 * A read at an index of at most this many possible values through writes at constant indices — a
 * table rewritten entry by entry — becomes an `ite` over those values, each the newest write there
 * (rewrittenTableRead). Coreutils tr builds its 256-entry character-set table that way from entries
 * that test symbolic set members, then reads it at each input character: through the array theory
 * (258 stores) Z3 4.8.12 took 1-25 s per query, growing along a path (benchmarks/results/solver-bound,
 * Session 18).
 */
const REWRITTEN_READ_VALUES = 256n;
/** Writes looked through by rewrittenTableRead, at most; and of them at symbolic indices. */
const REWRITTEN_WRITES = 4096;
const REWRITTEN_SYMBOLIC_WRITES = 32;
/** Bytes per get-value term when reading a model back. */
const BYTES_PER_READ = 128;

const BV_OPS: Partial<Record<Kind, string>> = {
  [Kind.Add]: 'bvadd', [Kind.Sub]: 'bvsub', [Kind.Mul]: 'bvmul', [Kind.UDiv]: 'bvudiv', [Kind.SDiv]: 'bvsdiv',
  [Kind.URem]: 'bvurem', [Kind.SRem]: 'bvsrem', [Kind.And]: 'bvand', [Kind.Or]: 'bvor', [Kind.Xor]: 'bvxor',
  [Kind.Shl]: 'bvshl', [Kind.LShr]: 'bvlshr', [Kind.AShr]: 'bvashr',
};
const CMP_OPS: Partial<Record<Kind, string>> = {
  [Kind.Ult]: 'bvult', [Kind.Ule]: 'bvule', [Kind.Slt]: 'bvslt', [Kind.Sle]: 'bvsle',
};
const BOOL_OPS: Partial<Record<Kind, string>> = { [Kind.And]: 'and', [Kind.Or]: 'or', [Kind.Xor]: 'xor' };

export function sortOf(width: number): string {
  return width === 1 ? 'Bool' : `(_ BitVec ${width})`;
}

/** A bit-vector literal of `width` bits (Bool literal for width 1 when `asBool`). */
export function literal(width: number, value: bigint, asBool = true): string {
  if (width === 1 && asBool) return value ? 'true' : 'false';
  if (width % 4 === 0) return '#x' + value.toString(16).padStart(width / 4, '0');
  return '#b' + value.toString(2).padStart(width, '0');
}

function index32(value: bigint): string {
  return literal(32, value & M32);
}

/** One query's let bindings (name, term) with the height that orders them. */
interface Binding {
  height: number;
  text: string;
}

export class SmtLibTranslator {
  /** Term text per node id / update id (persistent), and heights for let grouping. */
  private readonly bodies = new Map<number, string>();
  private readonly heights = new Map<number, number>();
  private readonly updateBodies = new Map<string, string>();
  private readonly updateHeights = new Map<string, number>();
  /** Base-level declarations made (arrays, byte variables) and constant tables defined. */
  private readonly arrays = new Set<number>();
  private readonly byteVars = new Map<number, number[]>();
  private readonly declaredVars = new Set<string>();
  /** The lookup term over `i` of each big constant table read so far (bigTableRead), by array id. */
  private readonly lookups = new Map<number, string>();
  private tables = 0;
  private pending: string[] = [];
  private modelTerms = 0;
  /** Per query: nodes already bound, and the bindings. */
  private bound = new Set<number>();
  private boundUpdates = new Set<string>();
  private bindings: Binding[] = [];

  /** Constant tables defined at the base level (the caller restarts Z3 past a limit). */
  get baseDefinitions(): number {
    return this.tables;
  }

  /** Base-level declarations emitted since the last call, as one string. */
  takePending(): string {
    if (this.pending.length === 0) return '';
    const s = this.pending.join('\n') + '\n';
    this.pending = [];
    return s;
  }

  /**
   * The assertion of the conjunction of `conjuncts` (width-1, non-constant), with the links of the
   * byte variables of `theory` (arrays the query reaches through the array theory).
   */
  assertion(conjuncts: readonly Expr[], theory: ReadonlySet<ArrayDecl>): string {
    this.bound = new Set();
    this.boundUpdates = new Set();
    this.bindings = [];
    const names = conjuncts.map((c) => this.collect(c));
    for (const a of theory) {
      const vars = this.byteVars.get(a.id);
      if (!vars) continue;
      this.declareArray(a);
      for (const i of vars) names.push(`(= (select a${a.id} ${index32(BigInt(i))}) b${a.id}_${i})`);
    }
    let body = names.length === 0 ? 'true' : names.length === 1 ? names[0]! : `(and ${names.join(' ')})`;
    if (this.bindings.length > 0) {
      const byHeight = new Map<number, string[]>();
      for (const b of this.bindings) {
        let list = byHeight.get(b.height);
        if (!list) byHeight.set(b.height, (list = []));
        list.push(b.text);
      }
      const levels = [...byHeight.keys()].sort((x, y) => x - y);
      let open = '';
      for (const h of levels) open += `(let (${byHeight.get(h)!.join('')}) `;
      body = open + body + ')'.repeat(levels.length);
    }
    this.bindings = [];
    return `(assert ${body})`;
  }

  /**
   * Commands (inside the query's push scope) that define model terms for `reads` and get their
   * values, and the layout to decode the answer with `decodeModel`.
   */
  modelCommands(reads: ModelReads, theory: ReadonlySet<ArrayDecl>): { text: string; layout: ModelLayout } {
    const layout: ModelLayout = [];
    let defs = '';
    const names: string[] = [];
    for (const [array, r] of reads) {
      if (!array.isSymbolic) continue;
      // Through the array when the query uses it (linked to the byte variables), else the variables.
      const viaArray = theory.has(array);
      if (viaArray) this.declareArray(array);
      const all = requestedIndices(array, r).filter((i) => i >= 0 && i < array.size);
      for (let k = 0; k < all.length; k += BYTES_PER_READ) {
        const indices = all.slice(k, k + BYTES_PER_READ);
        const name = `m${this.modelTerms++}`;
        const selects = indices.map((i) => (viaArray ? `(select a${array.id} ${index32(BigInt(i))})` : this.byteVar(array, i)));
        const body = selects.length === 1 ? selects[0]! : `(concat ${selects.join(' ')})`;
        defs += `(define-fun ${name} () (_ BitVec ${8 * indices.length}) ${body})`;
        names.push(name);
        layout.push({ name, array, indices });
      }
    }
    if (names.length === 0) return { text: '', layout };
    return { text: `${defs}(get-value (${names.join(' ')}))`, layout };
  }

  // -------------------------------------------------------------------------------------------
  // Per-query collection of let bindings

  /** The name of `e` in the current query, binding it and everything below it. */
  private collect(e: Expr): string {
    postOrder(
      e,
      (n) => n.kind === Kind.Const || this.bound.has(n.id),
      (n) => {
        this.bound.add(n.id);
        if (isByteVar(n)) {
          this.byteVar(n.array!, Number(n.kids[0]!.value));
          return;
        }
        const overWrites = n.kind === Kind.Read && (isWrittenTableRead(n) || rewrittenReadRange(n) !== null);
        if (overWrites) for (let u = n.updates; u; u = u.next) this.collect(u.index), this.collect(u.value);
        else if (n.kind === Kind.Read) this.collectUpdates(n.array!, n.updates);
        let body = this.bodies.get(n.id);
        if (body === undefined) {
          body = this.body(n);
          this.bodies.set(n.id, body);
          let h = 0;
          for (const k of n.kids) h = Math.max(h, this.height(k));
          if (overWrites) for (let u = n.updates; u; u = u.next) h = Math.max(h, this.height(u.index), this.height(u.value));
          else if (n.updates) h = Math.max(h, this.updateHeights.get(`${n.array!.id}_${n.updates.id}`)!);
          this.heights.set(n.id, h + 1);
        }
        this.bindings.push({ height: this.heights.get(n.id)!, text: `(e${n.id} ${body})` });
      },
    );
    return this.name(e);
  }

  private height(e: Expr): number {
    return e.kind === Kind.Const || isByteVar(e) ? 0 : this.heights.get(e.id)!;
  }

  /**
   * Binds the writes of `u` over `array` (oldest first) not yet bound in this query. An update list
   * may be shared by reads of different arrays (hash-consing), so names and memo keys carry the array.
   */
  private collectUpdates(array: ArrayDecl, u: UpdateNode | null): void {
    const key = (n: UpdateNode): string => `${array.id}_${n.id}`;
    const chain: UpdateNode[] = [];
    for (let n = u; n && !this.boundUpdates.has(key(n)); n = n.next) chain.push(n);
    if (chain.length > 0) this.declareArray(array);
    for (let j = chain.length - 1; j >= 0; j--) {
      const n = chain[j]!;
      const name = key(n);
      this.boundUpdates.add(name);
      const idx = this.collect(n.index);
      const val = this.collect(n.value);
      let body = this.updateBodies.get(name);
      if (body === undefined) {
        body = `(store ${n.next ? `u${key(n.next)}` : `a${array.id}`} ${this.indexTerm(n.index, idx)} ${val})`;
        this.updateBodies.set(name, body);
        const h = Math.max(n.next ? this.updateHeights.get(key(n.next))! : 0, this.height(n.index), this.height(n.value));
        this.updateHeights.set(name, h + 1);
      }
      this.bindings.push({ height: this.updateHeights.get(name)!, text: `(u${name} ${body})` });
    }
  }

  /** The name of a node bound (or declared) in this query. */
  private name(e: Expr): string {
    if (e.kind === Kind.Const) return literal(e.width, e.value);
    if (isByteVar(e)) return `b${e.array!.id}_${e.kids[0]!.value}`;
    return `e${e.id}`;
  }

  /** The variable of byte `index` of a symbolic array (declared on first use). */
  private byteVar(a: ArrayDecl, index: number): string {
    const name = `b${a.id}_${index}`;
    if (!this.declaredVars.has(name)) {
      this.declaredVars.add(name);
      this.pending.push(`(declare-fun ${name} () (_ BitVec 8))`);
      let list = this.byteVars.get(a.id);
      if (!list) this.byteVars.set(a.id, (list = []));
      list.push(index);
    }
    return name;
  }

  private declareArray(a: ArrayDecl): void {
    if (this.arrays.has(a.id)) return;
    this.arrays.add(a.id);
    if (a.isSymbolic) {
      this.pending.push(`(declare-fun a${a.id} () ${ARRAY_SORT})`);
      return;
    }
    // A constant table: stores over an all-zero array, in define-funs of bounded nesting.
    this.tables++;
    const table = a.constantValues!;
    let body = `((as const ${ARRAY_SORT}) #x00)`;
    let part = 0;
    let inPart = 0;
    for (let i = 0; i < table.length; i++) {
      if (table[i] === 0) continue;
      body = `(store ${body} ${index32(BigInt(i))} ${literal(8, BigInt(table[i]!))})`;
      if (++inPart === STORES_PER_DEF) {
        const name = `a${a.id}_${part++}`;
        this.pending.push(`(define-fun ${name} () ${ARRAY_SORT} ${body})`);
        body = name;
        inPart = 0;
      }
    }
    this.pending.push(`(define-fun a${a.id} () ${ARRAY_SORT} ${body})`);
  }

  /**
   * A read of an unwritten constant table at an index of few possible values, as an `ite` over those
   * entries (null when it does not apply). Z3 4.8 can hang on a select over a big table's store chain
   * (Coreutils nl: a 2,835-entry bitmap indexed by `0x240 | c >> 3`, 32 possible indices: no answer
   * in minutes, while the `ite` form answers in 0.1 s) and the query needs no array theory at all.
   */
  private smallTableRead(e: Expr): string | null {
    const a = e.array!;
    const idx = e.kids[0]!;
    if (e.updates !== null || a.isSymbolic || idx.kind === Kind.Const) return null;
    const { lo, hi } = unsignedBounds(idx, 10);
    if (hi - lo >= SMALL_TABLE_READ || hi > M32) return null;
    const table = a.constantValues!;
    const x = this.bv(idx);
    let out = literal(8, tableAt(table, hi));
    for (let i = hi - 1n; i >= lo; i--) {
      const v = tableAt(table, i);
      if (literal(8, v) !== out) out = `(ite (= ${x} ${literal(idx.width, i, false)}) ${literal(8, v)} ${out})`;
    }
    return out;
  }

  /**
   * A read of an unwritten constant table of BIG_TABLE bytes or more at a symbolic index, as a lookup
   * term over the index (null when it does not apply). A select over the store chain of an 8 KiB table
   * gave no answer in 60 s (issue 21 item 18; KLEE: 2 s); the lookup is a multiplexer over the index's
   * bits, whose subtrees of one value collapse — what the bit-blaster handles at once (0.7 s for that
   * table), without the array theory. It is spelled out in each query: Z3 4.8.12 did not finish even
   * parsing the same term as a define-fun (30 s), where asserting it answers in under a second.
   */
  private bigTableRead(e: Expr): string | null {
    const a = e.array!;
    const idx = e.kids[0]!;
    if (e.updates !== null || a.isSymbolic || idx.kind === Kind.Const || a.constantValues!.length < BIG_TABLE) return null;
    return this.tableEntry(a, idx);
  }

  /** Entry `idx` of constant table `a`: a literal at a constant index, else the table's lookup term. */
  private tableEntry(a: ArrayDecl, idx: Expr): string {
    if (idx.kind === Kind.Const) return literal(8, tableAt(a.constantValues!, idx.value & M32));
    let tree = this.lookups.get(a.id);
    if (tree === undefined) this.lookups.set(a.id, (tree = lookupTree(a.constantValues!)));
    return `(let ((i ${this.indexTerm(idx, this.name(idx))})) ${tree})`;
  }

  /**
   * A read through a few writes over a constant table (isWrittenTableRead), by read-over-write: the
   * newest write whose index equals the read's gives the byte, else the table's own entry (a literal,
   * or the table's lookup term over the index). Indices compare as the array theory's 32-bit ones.
   */
  private writtenTableRead(e: Expr): string {
    const idx = e.kids[0]!;
    const j = this.indexTerm(idx, this.name(idx));
    let out = this.tableEntry(e.array!, idx);
    const writes: UpdateNode[] = [];
    for (let u = e.updates; u; u = u.next) writes.push(u);
    // Oldest first, so that the newest write is the outermost test.
    for (let k = writes.length - 1; k >= 0; k--) {
      const u = writes[k]!;
      out = `(ite (= ${j} ${this.indexTerm(u.index, this.name(u.index))}) ${this.bv(u.value)} ${out})`;
    }
    return out;
  }

  /**
   * A read through writes at mostly constant indices (rewrittenReadRange), as an `ite` over the
   * index's few possible values. Entry i is the newest write at constant index i, under an `ite` for
   * each newer write at a symbolic index, else the array's own byte (the table's, 0 past its end; a
   * symbolic array's byte). Indices compare as the array theory's 32-bit ones.
   */
  private rewrittenTableRead(e: Expr, lo: bigint, hi: bigint): string {
    const a = e.array!;
    const writes: UpdateNode[] = [];
    for (let u = e.updates; u !== null; u = u.next) writes.push(u); // newest first
    const entries: string[] = [];
    for (let i = lo; i <= hi; i++) {
      const symbolic: UpdateNode[] = [];
      let entry: string | undefined;
      for (const u of writes) {
        if (u.index.kind !== Kind.Const) symbolic.push(u);
        else if ((u.index.value & M32) === i) {
          entry = this.bv(u.value);
          break;
        }
      }
      entry ??= a.isSymbolic ? this.byteVar(a, Number(i)) : literal(8, tableAt(a.constantValues!, i));
      for (let k = symbolic.length - 1; k >= 0; k--) {
        const u = symbolic[k]!;
        entry = `(ite (= ${index32(i)} ${this.indexTerm(u.index, this.name(u.index))}) ${this.bv(u.value)} ${entry})`;
      }
      entries.push(entry);
    }
    const idx = e.kids[0]!;
    const x = this.bv(idx);
    let out = entries[entries.length - 1]!;
    for (let i = hi - 1n; i >= lo; i--) out = `(ite (= ${x} ${literal(idx.width, i, false)}) ${entries[Number(i - lo)]!} ${out})`;
    return out;
  }

  /** A 32-bit index term for index expression `e` named `name`. */
  private indexTerm(e: Expr, name: string): string {
    if (e.kind === Kind.Const) return index32(e.value);
    if (e.width === 32) return name;
    if (e.width > 32) return `((_ extract 31 0) ${name})`;
    return `((_ zero_extend ${32 - e.width}) ${this.bv(e)})`;
  }

  /** `e` as a bit-vector term (width-1 expressions converted from Bool). */
  private bv(e: Expr): string {
    if (e.width !== 1) return this.name(e);
    if (e.kind === Kind.Const) return e.value ? '#b1' : '#b0';
    return `(ite ${this.name(e)} #b1 #b0)`;
  }

  /** The term of a node over its kids' names (memoised by the caller). */
  private body(e: Expr): string {
    const w = e.width;
    const k = e.kids;
    const t = (x: Expr): string => this.name(x);
    const bv = (x: Expr): string => this.bv(x);
    switch (e.kind) {
      case Kind.Read: {
        if (isWrittenTableRead(e)) return this.writtenTableRead(e);
        const range = rewrittenReadRange(e);
        if (range !== null) return this.rewrittenTableRead(e, range.lo, range.hi);
        const small = this.smallTableRead(e) ?? this.bigTableRead(e);
        if (small !== null) return small;
        // The array term: the newest write's name, or the base array (declared at the base level).
        this.declareArray(e.array!);
        const arr = e.updates ? `u${e.array!.id}_${e.updates.id}` : `a${e.array!.id}`;
        return `(select ${arr} ${this.indexTerm(k[0]!, t(k[0]!))})`;
      }
      case Kind.Select:
        return `(ite ${t(k[0]!)} ${t(k[1]!)} ${t(k[2]!)})`;
      case Kind.Concat:
        return `(concat ${bv(k[0]!)} ${bv(k[1]!)})`;
      case Kind.Extract: {
        const lo = e.offset;
        return w === 1 ? `(= ((_ extract ${lo} ${lo}) ${bv(k[0]!)}) #b1)` : `((_ extract ${lo + w - 1} ${lo}) ${bv(k[0]!)})`;
      }
      case Kind.ZExt:
        return `((_ zero_extend ${w - k[0]!.width}) ${bv(k[0]!)})`;
      case Kind.SExt:
        return `((_ sign_extend ${w - k[0]!.width}) ${bv(k[0]!)})`;
      case Kind.Not:
        return w === 1 ? `(not ${t(k[0]!)})` : `(bvnot ${t(k[0]!)})`;
      case Kind.Eq:
        return `(= ${t(k[0]!)} ${t(k[1]!)})`;
      case Kind.Ult:
      case Kind.Ule:
      case Kind.Slt:
      case Kind.Sle:
        return `(${CMP_OPS[e.kind]} ${bv(k[0]!)} ${bv(k[1]!)})`;
    }
    if (isFloatKind(e.kind)) return encodeFloat(SMTLIB_FP, e.kind, w, k.map(bv), k.map((x) => x.width));
    const op = BV_OPS[e.kind];
    if (!op) throw new Error(`smtlib: unexpected kind ${e.kind}`);
    if (w !== 1) return `(${op} ${t(k[0]!)} ${t(k[1]!)})`;
    if (BOOL_OPS[e.kind]) return `(${BOOL_OPS[e.kind]} ${t(k[0]!)} ${t(k[1]!)})`;
    return `(= (${op} ${bv(k[0]!)} ${bv(k[1]!)}) #b1)`;
  }
}

/** table[i], 0 past its end (an unwritten constant table's bytes there). */
function tableAt(table: ArrayLike<number>, i: bigint): bigint {
  return BigInt(i < BigInt(table.length) ? table[Number(i)]! : 0);
}

/** A read of a constant table through at most WRITTEN_TABLE_WRITES writes (writtenTableRead). */
function isWrittenTableRead(e: Expr): boolean {
  return e.updates !== null && !e.array!.isSymbolic && e.updates.length <= WRITTEN_TABLE_WRITES;
}

/**
 * The possible indices [lo, hi] of a read through writes to read as a rewritten table
 * (rewrittenTableRead), or null when it is not one: a symbolic index of at most REWRITTEN_READ_VALUES
 * values (within a symbolic array's bytes), at most REWRITTEN_WRITES writes, of which at most
 * REWRITTEN_SYMBOLIC_WRITES at symbolic indices.
 */
function rewrittenReadRange(e: Expr): { lo: bigint; hi: bigint } | null {
  const idx = e.kids[0]!;
  if (e.updates === null || idx.kind === Kind.Const || e.updates.length > REWRITTEN_WRITES) return null;
  const { lo, hi } = unsignedBounds(idx, 10);
  if (hi - lo >= REWRITTEN_READ_VALUES || hi > M32) return null;
  if (e.array!.isSymbolic && hi >= BigInt(e.array!.size)) return null;
  let symbolic = 0;
  for (let u: UpdateNode | null = e.updates; u !== null; u = u.next) if (u.index.kind !== Kind.Const && ++symbolic > REWRITTEN_SYMBOLIC_WRITES) return null;
  return { lo, hi };
}

export type ModelLayout = { name: string; array: ArrayDecl; indices: readonly number[] }[];

/** Bytes per array from a get-value answer `((m0 #x..) (m1 #x..))` laid out by `layout`. */
export function decodeModel(text: string, layout: ModelLayout): Map<ArrayDecl, Uint8Array> {
  const values = new Map<string, string>();
  const re = /\((m\d+)\s+#([xb])([0-9a-fA-F]+)\)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    values.set(m[1]!, m[2] === 'x' ? m[3]! : BigInt('0b' + m[3]!).toString(16).padStart(m[3]!.length / 4, '0'));
  }
  const model = new Map<ArrayDecl, Uint8Array>();
  for (const { name, array, indices } of layout) {
    const hex = values.get(name);
    if (hex === undefined) throw new Error(`z3: no value for ${name} in model answer`);
    let bytes = model.get(array);
    if (!bytes) model.set(array, (bytes = new Uint8Array(array.size)));
    // concat puts the first index in the highest byte
    for (let j = 0; j < indices.length; j++) bytes[indices[j]!] = parseInt(hex.substr(2 * j, 2), 16);
  }
  return model;
}

/** Ranges of at least this many entries counting up by one are an addition on the index (lookupTree). */
const COUNTING_RUN = 8;

/**
 * table[i] as a term over a 32-bit `i` (0 past the table's end): a multiplexer over i's low bits (the
 * table's length rounded up to a power of two), a range of one value being a leaf, and a range counting
 * up by one (mod 256) `i`'s low byte plus a constant: Coreutils tr's 256-entry identity table, read
 * through one write at each input character, was 256 leaves per read and up to 9 s per query.
 */
export function lookupTree(table: ArrayLike<number>): string {
  let bits = 0;
  while (1 << bits < table.length) bits++;
  const at = (i: number): number => (i < table.length ? table[i]! : 0);
  const node = (lo: number, bit: number): string => {
    const size = 1 << (bit + 1);
    const first = at(lo);
    let same = true;
    for (let i = lo + 1; i < lo + size && same; i++) same = at(i) === first;
    if (same || bit < 0) return literal(8, BigInt(first));
    let counting = size >= COUNTING_RUN;
    for (let i = lo + 1; i < lo + size && counting; i++) counting = at(i) === ((first + i - lo) & 0xff);
    if (counting) {
      const offset = (first - lo) & 0xff;
      return offset === 0 ? '((_ extract 7 0) i)' : `(bvadd ((_ extract 7 0) i) ${literal(8, BigInt(offset))})`;
    }
    return `(ite (= ((_ extract ${bit} ${bit}) i) #b1) ${node(lo + size / 2, bit - 1)} ${node(lo, bit - 1)})`;
  };
  const tree = node(0, bits - 1);
  return bits < 32 ? `(ite (= ((_ extract 31 ${bits}) i) ${literal(32 - bits, 0n)}) ${tree} #x00)` : tree;
}

