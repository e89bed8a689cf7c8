// Expressions to SMT-LIB2 text (QF_ABV) for the native Z3 process. Every non-constant node is defined
// once per process with a 0-ary define-fun at the base level (outside push/pop), so a query's text is
// linear in the new part of the DAG and repeated constraints cost one name each; arrays are declared
// once. Z3 keeps the definitions as shared terms, so this is also the per-node translation memo.
//
// Sorts: width-1 expressions are Bool (comparisons and connectives are native there) and become
// `(ite b #b1 #b0)` where a bit-vector is needed; other widths are (_ BitVec w). Arrays map
// (_ BitVec 32) to (_ BitVec 8): an index is its value modulo 2^32, as in the evaluator.

import { ArrayDecl, Expr, Kind, UpdateNode } from '../expr/expr.js';
import { postOrder, updateChain } from '../expr/walk.js';
import { requestedIndices, type ModelReads } from './core.js';

export const ARRAY_SORT = '(Array (_ BitVec 32) (_ BitVec 8))';
const M32 = 0xffffffffn;
/** Stores per define-fun when spelling out a constant table (keeps the text's nesting shallow). */
const STORES_PER_DEF = 64;
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

export class SmtLibTranslator {
  private readonly defined = new Set<number>();
  private readonly updates = new Set<number>();
  private readonly arrays = new Set<number>();
  private pending: string[] = [];
  private modelTerms = 0;

  /** Number of definitions made (the process is restarted past a limit to bound Z3's memory). */
  get size(): number {
    return this.defined.size + this.updates.size;
  }

  /** Base-level declarations and definitions emitted since the last call, as one string. */
  takePending(): string {
    if (this.pending.length === 0) return '';
    const s = this.pending.join('\n') + '\n';
    this.pending = [];
    return s;
  }

  /** The term for a width-1 expression to assert (a Bool). Emits definitions as needed. */
  assertion(e: Expr): string {
    return `(assert ${this.ref(e)})`;
  }

  /** The term naming `e` (a literal for constants). Emits definitions as needed. */
  ref(e: Expr): string {
    if (e.kind === Kind.Const) return literal(e.width, e.value);
    if (!this.defined.has(e.id)) {
      postOrder(
        e,
        (n) => n.kind === Kind.Const || this.defined.has(n.id),
        (n) => this.define(n),
      );
    }
    return `e${e.id}`;
  }

  /**
   * Commands (inside the query's push scope) that define model terms for `reads` and get their
   * values, and the layout to decode the answer with `decodeModel`.
   */
  modelCommands(reads: ModelReads): { text: string; layout: ModelLayout } {
    const layout: ModelLayout = [];
    let defs = '';
    const names: string[] = [];
    for (const [array, r] of reads) {
      if (!array.isSymbolic) continue;
      this.declareArray(array);
      const all = requestedIndices(array, r).filter((i) => i >= 0 && i < array.size);
      for (let k = 0; k < all.length; k += BYTES_PER_READ) {
        const indices = all.slice(k, k + BYTES_PER_READ);
        const name = `m${this.modelTerms++}`;
        const selects = indices.map((i) => `(select a${array.id} ${index32(BigInt(i))})`);
        const body = selects.length === 1 ? selects[0]! : `(concat ${selects.join(' ')})`;
        defs += `(define-fun ${name} () (_ BitVec ${8 * indices.length}) ${body})`;
        names.push(name);
        layout.push({ name, array, indices });
      }
    }
    if (names.length === 0) return { text: '', layout };
    return { text: `${defs}(get-value (${names.join(' ')}))`, layout };
  }

  private declareArray(a: ArrayDecl): void {
    if (this.arrays.has(a.id)) return;
    this.arrays.add(a.id);
    if (a.isSymbolic) {
      this.pending.push(`(declare-fun a${a.id} () ${ARRAY_SORT})`);
      return;
    }
    // A constant table: stores over an all-zero array, in define-funs of bounded nesting.
    const table = a.constantValues!;
    let prev = `((as const ${ARRAY_SORT}) #x00)`;
    let body = prev;
    let part = 0;
    let inPart = 0;
    for (let i = 0; i < table.length; i++) {
      if (table[i] === 0) continue;
      body = `(store ${body} ${index32(BigInt(i))} ${literal(8, BigInt(table[i]!))})`;
      if (++inPart === STORES_PER_DEF) {
        const name = `a${a.id}_${part++}`;
        this.pending.push(`(define-fun ${name} () ${ARRAY_SORT} ${body})`);
        prev = name;
        body = prev;
        inPart = 0;
      }
    }
    this.pending.push(`(define-fun a${a.id} () ${ARRAY_SORT} ${body})`);
  }

  /** The array term after `updates` over `array` (defining the writes not yet defined). */
  private arrayTerm(array: ArrayDecl, updates: UpdateNode | null): string {
    this.declareArray(array);
    if (!updates) return `a${array.id}`;
    for (const u of updateChain(updates, (x) => this.updates.has(x.id))) {
      const prev = u.next ? `u${u.next.id}` : `a${array.id}`;
      const idx = this.index(u.index);
      const val = this.ref(u.value);
      this.updates.add(u.id);
      this.pending.push(`(define-fun u${u.id} () ${ARRAY_SORT} (store ${prev} ${idx} ${val}))`);
    }
    return `u${updates.id}`;
  }

  /** A 32-bit index term. */
  private index(e: Expr): string {
    if (e.kind === Kind.Const) return index32(e.value);
    if (e.width === 32) return this.ref(e);
    if (e.width > 32) return `((_ extract 31 0) ${this.ref(e)})`;
    return `((_ zero_extend ${32 - e.width}) ${this.bvRef(e)})`;
  }

  /** `e` as a bit-vector term (width-1 expressions converted from Bool). */
  private bvRef(e: Expr): string {
    if (e.width !== 1) return this.ref(e);
    if (e.kind === Kind.Const) return e.value ? '#b1' : '#b0';
    return `(ite e${e.id} #b1 #b0)`;
  }

  private define(e: Expr): void {
    const w = e.width;
    const k = e.kids;
    const t = (x: Expr): string => (x.kind === Kind.Const ? literal(x.width, x.value) : `e${x.id}`);
    const bv = (x: Expr): string => this.bvRef(x);
    let body: string;
    switch (e.kind) {
      case Kind.Read:
        body = `(select ${this.arrayTerm(e.array!, e.updates)} ${this.index(k[0]!)})`;
        break;
      case Kind.Select:
        body = `(ite ${t(k[0]!)} ${t(k[1]!)} ${t(k[2]!)})`;
        break;
      case Kind.Concat:
        body = `(concat ${bv(k[0]!)} ${bv(k[1]!)})`;
        break;
      case Kind.Extract: {
        const lo = e.offset;
        body = w === 1
          ? `(= ((_ extract ${lo} ${lo}) ${bv(k[0]!)}) #b1)`
          : `((_ extract ${lo + w - 1} ${lo}) ${bv(k[0]!)})`;
        break;
      }
      case Kind.ZExt:
        body = `((_ zero_extend ${w - k[0]!.width}) ${bv(k[0]!)})`;
        break;
      case Kind.SExt:
        body = `((_ sign_extend ${w - k[0]!.width}) ${bv(k[0]!)})`;
        break;
      case Kind.Not:
        body = w === 1 ? `(not ${t(k[0]!)})` : `(bvnot ${t(k[0]!)})`;
        break;
      case Kind.Eq:
        body = `(= ${t(k[0]!)} ${t(k[1]!)})`;
        break;
      case Kind.Ult:
      case Kind.Ule:
      case Kind.Slt:
      case Kind.Sle:
        body = `(${CMP_OPS[e.kind]} ${bv(k[0]!)} ${bv(k[1]!)})`;
        break;
      default: {
        const op = BV_OPS[e.kind];
        if (!op) throw new Error(`smtlib: unexpected kind ${e.kind}`);
        if (w !== 1) body = `(${op} ${t(k[0]!)} ${t(k[1]!)})`;
        else if (BOOL_OPS[e.kind]) body = `(${BOOL_OPS[e.kind]} ${t(k[0]!)} ${t(k[1]!)})`;
        else body = `(= (${op} ${bv(k[0]!)} ${bv(k[1]!)}) #b1)`;
      }
    }
    this.defined.add(e.id);
    this.pending.push(`(define-fun e${e.id} () ${sortOf(w)} ${body})`);
  }
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
