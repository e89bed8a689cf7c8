// The expression DAG: bitvectors of width 1..128 (booleans are width 1) and reads of byte arrays.
// Every node is hash-consed at construction — structurally equal nodes are the same object — so
// equality is `===`, a node's `id` keys caches (solver, translation, evaluation), and sharing across
// states and paths is free. Nodes are immutable. Construct them only through build.ts, which folds
// constants and applies the simplifier's rules; `intern` here is the raw constructor underneath.
//
// Comparisons are canonical, as in KLEE: only Eq, Ult, Ule, Slt and Sle exist (`a > b` is built as
// `b < a`, `a != b` as `Not(Eq)`), so the solver and the simplifier have fewer shapes to handle.

export const enum Kind {
  /** A constant; `value` holds it (unsigned, < 2^width). */
  Const,
  /** `array[index]` after `updates`: 8 bits. kids = [index]. */
  Read,
  /** if kids[0] then kids[1] else kids[2]. */
  Select,
  /** kids[0] is the high part, kids[1] the low part. */
  Concat,
  /** `width` bits of kids[0] starting at bit `offset`. */
  Extract,
  ZExt,
  SExt,
  Add,
  Sub,
  Mul,
  UDiv,
  SDiv,
  URem,
  SRem,
  /** Bitwise not (for width 1: logical not). */
  Not,
  And,
  Or,
  Xor,
  Shl,
  LShr,
  AShr,
  Eq,
  Ult,
  Ule,
  Slt,
  Sle,
  // IEEE-754 floating point over bit patterns (fp-semantics.ts): operands and results are the 32- or
  // 64-bit IEEE encodings of float/double, so memory, bitcasts and the other kinds see plain bits.
  // Rounding is to nearest, ties to even; NaN results follow x86 SSE (fp-semantics.ts says how).
  /** kids = [a, b], width 32 or 64: a + b. */
  FAdd,
  FSub,
  FMul,
  FDiv,
  /** C fmod (LLVM frem): a - trunc(a / b) * b, exact. */
  FRem,
  /** Width 1, kids of width 32/64: ordered equal / less / less-or-equal (false if either is NaN). */
  FOeq,
  FOlt,
  FOle,
  /** Width 1: either kid is a NaN (unordered). */
  FUno,
  /** float -> double (width 64, kid 32) and double -> float (width 32, kid 64). */
  FpExt,
  FpTrunc,
  /** float/double -> integer of `width` bits, toward zero; NaN and out of range as x86 (fp-semantics.ts). */
  FpToSI,
  FpToUI,
  /** integer kid -> float/double of `width` (32/64) bits, rounded to nearest even. */
  SIToFp,
  UIToFp,
}

/** Whether `k` is one of the floating-point kinds (FAdd..UIToFp). */
export function isFloatKind(k: Kind): boolean {
  return k >= Kind.FAdd;
}

export const KIND_NAMES: readonly string[] = [
  'Const', 'Read', 'Select', 'Concat', 'Extract', 'ZExt', 'SExt', 'Add', 'Sub', 'Mul', 'UDiv', 'SDiv',
  'URem', 'SRem', 'Not', 'And', 'Or', 'Xor', 'Shl', 'LShr', 'AShr', 'Eq', 'Ult', 'Ule', 'Slt', 'Sle',
  'FAdd', 'FSub', 'FMul', 'FDiv', 'FRem', 'FOeq', 'FOlt', 'FOle', 'FUno', 'FpExt', 'FpTrunc', 'FpToSI',
  'FpToUI', 'SIToFp', 'UIToFp',
];

/**
 * A symbolic array of bytes: one per klee_make_symbolic call (or symbolic file, argv word, …). `name`
 * is unique within a run (the engine makes it so); `size` is the number of bytes. An array with
 * `constantValues` is a concrete table (used for symbolic-index reads of concrete memory).
 */
export class ArrayDecl {
  private static nextId = 0;
  readonly id = ArrayDecl.nextId++;
  constructor(
    readonly name: string,
    readonly size: number,
    readonly constantValues?: Uint8Array,
  ) {}
  get isSymbolic(): boolean {
    return this.constantValues === undefined;
  }

  /** The set of this array alone (evaluate.ts collectArrays of a read: one set per array, not per read
   *  node — the weakest-precondition walks make reads by the hundred thousand, and the sets stayed). */
  alone: ReadonlySet<ArrayDecl> | undefined = undefined;
}

/**
 * One write of an update list: `index := value` over `next` (older writes). Hash-consed like Expr, so
 * two states that performed the same writes share the list. `length` counts the writes.
 */
export class UpdateNode {
  constructor(
    readonly index: Expr,
    readonly value: Expr,
    readonly next: UpdateNode | null,
    readonly id: number,
    readonly length: number,
  ) {}

  /** The symbolic arrays this list reads (evaluate.ts collectArrays' memo, on the node: a field load
   *  instead of a lookup in a table of millions). */
  arrays: ReadonlySet<ArrayDecl> | undefined = undefined;
}

export class Expr {
  constructor(
    readonly kind: Kind,
    readonly width: number,
    readonly kids: readonly Expr[],
    /** Const: the value. */
    readonly value: bigint,
    /** Extract: the low bit. */
    readonly offset: number,
    /** Read: the array and the writes over it (null = none). */
    readonly array: ArrayDecl | null,
    readonly updates: UpdateNode | null,
    readonly id: number,
  ) {}

  /** The symbolic arrays this node reads (evaluate.ts collectArrays' memo, on the node: the backward
   *  walks of --prune postcondition ask it of millions of nodes, and a field beats a global table). */
  arrays: ReadonlySet<ArrayDecl> | undefined = undefined;

  get isConst(): boolean {
    return this.kind === Kind.Const;
  }
  get isTrue(): boolean {
    return this.kind === Kind.Const && this.width === 1 && this.value === 1n;
  }
  get isFalse(): boolean {
    return this.kind === Kind.Const && this.width === 1 && this.value === 0n;
  }

  toString(): string {
    return exprToString(this);
  }
}

export const MAX_WIDTH = 128;

// -------------------------------------------------------------------------------------------------
// Hash-consing tables. A node lives as long as the table (a run). Keyed by a 32-bit hash of the node's
// fields (kids and update lists by id: they are hash-consed already), each bucket one node or, on a
// collision, an array of them compared field by field. Not string keys: building and hashing a string
// per construction was a fifth of the CPU time of --prune postcondition's walks, which build terms by
// the million. Constants have a Map per width keyed by the value.

type Bucket<T> = T | T[];

const exprTable = new Map<number, Bucket<Expr>>();
const constTables: Map<bigint, Expr>[] = [];
const updateTable = new Map<number, Bucket<UpdateNode>>();
let nextExprId = 0;
let nextUpdateId = 0;

/** Number of distinct expression nodes made so far (for stats and memory budgets). */
export function exprCount(): number {
  return nextExprId;
}

/** Mixes `x` into hash `h` (32-bit, murmur3-style). */
function mix(h: number, x: number): number {
  h ^= Math.imul(x, 0xcc9e2d51);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function insert<T>(table: Map<number, Bucket<T>>, h: number, x: T): T {
  const b = table.get(h);
  if (b === undefined) table.set(h, x);
  else if (Array.isArray(b)) b.push(x);
  else table.set(h, [b, x]);
  return x;
}

export function internConst(width: number, value: bigint): Expr {
  const t = (constTables[width] ??= new Map());
  let e = t.get(value);
  if (!e) {
    e = new Expr(Kind.Const, width, [], value, 0, null, null, nextExprId++);
    t.set(value, e);
  }
  return e;
}

function sameKids(a: readonly Expr[], b: readonly Expr[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// The three constructors below compare a bucket's nodes inline rather than through a lookup with a
// closure: they run for every node any builder makes (the weakest-precondition walks of --prune
// postcondition make millions), and a closure per call was a visible share of their time.

function sameNode(e: Expr, kind: Kind, width: number, kids: readonly Expr[], offset: number): boolean {
  return e.kind === kind && e.width === width && e.offset === offset && e.array === null && sameKids(e.kids, kids);
}

/** The raw constructor: no folding or simplification (build.ts does that). */
export function intern(kind: Kind, width: number, kids: readonly Expr[], offset = 0): Expr {
  let h = mix(mix(kind, width), offset);
  for (let i = 0; i < kids.length; i++) h = mix(h, kids[i]!.id);
  const b = exprTable.get(h);
  if (b !== undefined) {
    if (!Array.isArray(b)) {
      if (sameNode(b, kind, width, kids, offset)) return b;
    } else for (let i = 0; i < b.length; i++) if (sameNode(b[i]!, kind, width, kids, offset)) return b[i]!;
  }
  return insert(exprTable, h, new Expr(kind, width, kids, 0n, offset, null, null, nextExprId++));
}

function sameRead(e: Expr, array: ArrayDecl, updates: UpdateNode | null, index: Expr): boolean {
  return e.array === array && e.updates === updates && e.kids[0] === index;
}

export function internRead(array: ArrayDecl, updates: UpdateNode | null, index: Expr): Expr {
  const h = mix(mix(mix(Kind.Read, array.id), updates ? updates.id : -1), index.id);
  const b = exprTable.get(h);
  if (b !== undefined) {
    if (!Array.isArray(b)) {
      if (sameRead(b, array, updates, index)) return b;
    } else for (let i = 0; i < b.length; i++) if (sameRead(b[i]!, array, updates, index)) return b[i]!;
  }
  return insert(exprTable, h, new Expr(Kind.Read, 8, [index], 0n, 0, array, updates, nextExprId++));
}

export function internUpdate(index: Expr, value: Expr, next: UpdateNode | null): UpdateNode {
  const h = mix(mix(index.id, value.id), next ? next.id : -1);
  const b = updateTable.get(h);
  if (b !== undefined) {
    if (!Array.isArray(b)) {
      if (b.index === index && b.value === value && b.next === next) return b;
    } else {
      for (let i = 0; i < b.length; i++) {
        const u = b[i]!;
        if (u.index === index && u.value === value && u.next === next) return u;
      }
    }
  }
  return insert(updateTable, h, new UpdateNode(index, value, next, nextUpdateId++, next ? next.length + 1 : 1));
}

// -------------------------------------------------------------------------------------------------
// Bit helpers shared by the builders and the evaluator.

const MASKS: bigint[] = [];
for (let w = 0; w <= MAX_WIDTH; w++) MASKS.push((1n << BigInt(w)) - 1n);

/** 2^width - 1. */
export function mask(width: number): bigint {
  return MASKS[width]!;
}

/** The value as a signed integer of `width` bits. */
export function toSigned(value: bigint, width: number): bigint {
  return value >> BigInt(width - 1) ? value - (1n << BigInt(width)) : value;
}

/** Reduce any bigint (possibly negative) to its unsigned `width`-bit representative. */
export function truncate(value: bigint, width: number): bigint {
  return value & MASKS[width]!;
}

// -------------------------------------------------------------------------------------------------
// Printing (for messages, klee_print_expr and debugging), KLEE-like.

export function exprToString(e: Expr): string {
  switch (e.kind) {
    case Kind.Const:
      return e.width === 1 ? (e.value ? 'true' : 'false') : `(w${e.width} ${e.value})`;
    case Kind.Read: {
      const ups = e.updates ? ` [${updatesToString(e.updates)}]` : '';
      return `(Read w8 ${exprToString(e.kids[0]!)} ${e.array!.name}${ups})`;
    }
    case Kind.Extract:
      return `(Extract w${e.width} ${e.offset} ${exprToString(e.kids[0]!)})`;
    default:
      return `(${KIND_NAMES[e.kind]} w${e.width} ${e.kids.map(exprToString).join(' ')})`;
  }
}

function updatesToString(u: UpdateNode): string {
  const parts: string[] = [];
  for (let n: UpdateNode | null = u; n; n = n.next) parts.push(`${exprToString(n.index)}=${exprToString(n.value)}`);
  return parts.join(', ');
}
