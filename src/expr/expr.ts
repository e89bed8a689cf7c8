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
}

export const KIND_NAMES: readonly string[] = [
  'Const', 'Read', 'Select', 'Concat', 'Extract', 'ZExt', 'SExt', 'Add', 'Sub', 'Mul', 'UDiv', 'SDiv',
  'URem', 'SRem', 'Not', 'And', 'Or', 'Xor', 'Shl', 'LShr', 'AShr', 'Eq', 'Ult', 'Ule', 'Slt', 'Sle',
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
// Hash-consing tables. Keys are short strings of ids; a node lives as long as the table (a run).

const exprTable = new Map<string, Expr>();
const updateTable = new Map<string, UpdateNode>();
let nextExprId = 0;
let nextUpdateId = 0;

/** Number of distinct expression nodes made so far (for stats and memory budgets). */
export function exprCount(): number {
  return exprTable.size;
}

export function internConst(width: number, value: bigint): Expr {
  const key = `c${width}:${value}`;
  let e = exprTable.get(key);
  if (!e) {
    e = new Expr(Kind.Const, width, [], value, 0, null, null, nextExprId++);
    exprTable.set(key, e);
  }
  return e;
}

/** The raw constructor: no folding or simplification (build.ts does that). */
export function intern(kind: Kind, width: number, kids: readonly Expr[], offset = 0): Expr {
  let key = `${kind}:${width}`;
  for (const k of kids) key += `:${k.id}`;
  if (kind === Kind.Extract) key += `@${offset}`;
  let e = exprTable.get(key);
  if (!e) {
    e = new Expr(kind, width, kids, 0n, offset, null, null, nextExprId++);
    exprTable.set(key, e);
  }
  return e;
}

export function internRead(array: ArrayDecl, updates: UpdateNode | null, index: Expr): Expr {
  const key = `r${array.id}:${updates ? updates.id : -1}:${index.id}`;
  let e = exprTable.get(key);
  if (!e) {
    e = new Expr(Kind.Read, 8, [index], 0n, 0, array, updates, nextExprId++);
    exprTable.set(key, e);
  }
  return e;
}

export function internUpdate(index: Expr, value: Expr, next: UpdateNode | null): UpdateNode {
  const key = `${index.id}:${value.id}:${next ? next.id : -1}`;
  let u = updateTable.get(key);
  if (!u) {
    u = new UpdateNode(index, value, next, nextUpdateId++, next ? next.length + 1 : 1);
    updateTable.set(key, u);
  }
  return u;
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
