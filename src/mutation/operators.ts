// The mutation operators, named as the mutation literature names them (DGSE's Table 11, Proteum/Major):
// each finds its sites in clang's AST of one file (ast.ts) and proposes single-site text edits. An edit
// replaces a byte range of the file; the range always comes from the AST (a node's extent, or the one
// operator token found between two operands' extents), never from a pattern over the source.
//
//   RO   relational operator replacement     <  <=  >  >=  ==  != , each by the others
//   AO   arithmetic operator replacement     +  -  *  /  % , each by the others
//   CO   conditional connective replacement  && <-> ||
//   LO   logical (bitwise) operator repl.    &  |  ^ , each by the others
//   SO   shift operator replacement          << <-> >>
//   AS   assignment operator replacement     op= by the others of its family (+= -= *= /= %=;
//                                            &= |= ^=; <<= >>=) and by plain =
//   CR   constant replacement                integer literal c by 0, 1, c+1, c-1
//   NEG  condition negation                  the condition c of if/while/for/do/?: by !(c)
//   DL   statement deletion                  an expression statement, break, continue or `return;`
//                                            directly in a block, deleted (its `;` and newlines stay)

import { extent, looseExtent, type AstFunction, type AstNode } from './ast.js';

export const OPERATORS = ['RO', 'AO', 'CO', 'LO', 'SO', 'AS', 'CR', 'NEG', 'DL'] as const;
export type OperatorName = (typeof OPERATORS)[number];

export function isOperatorName(s: string): s is OperatorName {
  return (OPERATORS as readonly string[]).includes(s);
}

/** One proposed mutant: replace file bytes [begin, end) (the text `original`) by `replacement`. */
export interface Candidate {
  operator: OperatorName;
  begin: number;
  end: number;
  original: string;
  replacement: string;
  /** The function the site is in. */
  function: string;
}

const BINARY: Record<string, { op: OperatorName; family: readonly string[] }> = {};
for (const [op, family] of [
  ['RO', ['<', '<=', '>', '>=', '==', '!=']],
  ['AO', ['+', '-', '*', '/', '%']],
  ['CO', ['&&', '||']],
  ['LO', ['&', '|', '^']],
  ['SO', ['<<', '>>']],
] as const) {
  for (const o of family) BINARY[o] = { op, family };
}

const ASSIGN_FAMILIES: readonly (readonly string[])[] = [
  ['+=', '-=', '*=', '/=', '%='],
  ['&=', '|=', '^='],
  ['<<=', '>>='],
];

/** Statement kinds DL deletes when they stand directly in a block. */
const DELETABLE = new Set([
  'CallExpr',
  'BinaryOperator',
  'CompoundAssignOperator',
  'UnaryOperator',
  'ConditionalOperator',
  'CStyleCastExpr',
  'ParenExpr',
  'BreakStmt',
  'ContinueStmt',
]);

/** Skips blanks, comments and line continuations from `i`; returns the first other byte's offset. */
function skipBlank(src: Buffer, i: number, end: number): number {
  while (i < end) {
    const c = src[i]!;
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0b || c === 0x0c) i++;
    else if (c === 0x5c && (src[i + 1] === 0x0a || (src[i + 1] === 0x0d && src[i + 2] === 0x0a))) i += src[i + 1] === 0x0a ? 2 : 3;
    else if (c === 0x2f && src[i + 1] === 0x2a) {
      const close = src.indexOf('*/', i + 2, 'latin1');
      if (close < 0 || close + 2 > end) return end;
      i = close + 2;
    } else if (c === 0x2f && src[i + 1] === 0x2f) {
      const nl = src.indexOf(0x0a, i + 2);
      i = nl < 0 ? end : nl + 1;
    } else return i;
  }
  return end;
}

const OPERATOR_CHARS = new Set([...'<>=!&|^+-*/%'].map((c) => c.charCodeAt(0)));

/** The offset of the operator token `op` standing alone between two operands, if it is exactly that.
 *  Found forward from the left operand's end; when that end is inside a macro expansion (whose written
 *  end the dump does not give), backward from the right operand's start instead. */
function operatorBetween(src: Buffer, file: string, lhs: AstNode | undefined, rhs: AstNode | undefined, op: string): number | undefined {
  if (!lhs || !rhs) return undefined;
  const l = looseExtent(lhs, file);
  const r = looseExtent(rhs, file);
  if (!l || !r) return undefined;
  const leftMacro = lhs.end!.macro;
  if (!leftMacro) {
    if (l.end > r.begin) return undefined;
    const at = skipBlank(src, l.end, r.begin);
    if (at + op.length > r.begin || src.toString('latin1', at, at + op.length) !== op) return undefined;
    return skipBlank(src, at + op.length, r.begin) === r.begin ? at : undefined;
  }
  if (rhs.begin!.macro) return undefined;
  let i = r.begin;
  while (i > 0 && (src[i - 1] === 0x20 || src[i - 1] === 0x09 || src[i - 1] === 0x0a || src[i - 1] === 0x0d)) i--;
  const at = i - op.length;
  if (at <= 0 || src.toString('latin1', at, i) !== op || OPERATOR_CHARS.has(src[at - 1]!)) return undefined;
  return at >= lhs.begin!.offset ? at : undefined;
}

function text(src: Buffer, begin: number, end: number): string {
  return src.toString('latin1', begin, end);
}

/** The condition child of a statement or ?: node, if it has one. */
function conditionOf(n: AstNode): AstNode | undefined {
  const c = n.children;
  switch (n.kind) {
    case 'IfStmt': {
      const i = (n.raw.hasInit === true ? 1 : 0) + (n.raw.hasVar === true ? 1 : 0);
      return c[i];
    }
    case 'WhileStmt':
      return c[n.raw.hasVar === true ? 1 : 0];
    case 'DoStmt':
      return c[1];
    case 'ForStmt':
      return c[2]?.kind ? c[2] : undefined;
    case 'ConditionalOperator':
      return c[0];
    default:
      return undefined;
  }
}

function literalMutants(src: Buffer, file: string, n: AstNode, fn: string, out: Candidate[]): void {
  const e = extent(n, file);
  if (!e || typeof n.raw.value !== 'string') return;
  const tok = text(src, e.begin, e.end);
  let value: bigint;
  try {
    value = BigInt(n.raw.value);
  } catch {
    return;
  }
  let cut = tok.length;
  while (cut > 0 && 'uUlL'.includes(tok[cut - 1]!)) cut--;
  const suffix = tok.slice(cut);
  const seen = new Set<bigint>([value]);
  for (const v of [0n, 1n, value + 1n, value - 1n]) {
    if (seen.has(v)) continue;
    seen.add(v);
    const digits = `${v < 0n ? -v : v}${suffix}`;
    out.push({ operator: 'CR', begin: e.begin, end: e.end, original: tok, replacement: v < 0n ? `(-${digits})` : digits, function: fn });
  }
}

function visit(src: Buffer, file: string, n: AstNode, fn: string, out: Candidate[]): void {
  const opcode = typeof n.raw.opcode === 'string' ? n.raw.opcode : undefined;
  if (n.kind === 'BinaryOperator' && opcode !== undefined && BINARY[opcode]) {
    const at = operatorBetween(src, file, n.children[0], n.children[1], opcode);
    if (at !== undefined) {
      const { op, family } = BINARY[opcode]!;
      for (const r of family) {
        if (r !== opcode) out.push({ operator: op, begin: at, end: at + opcode.length, original: opcode, replacement: r, function: fn });
      }
    }
  } else if (n.kind === 'CompoundAssignOperator' && opcode !== undefined) {
    const family = ASSIGN_FAMILIES.find((f) => f.includes(opcode));
    const at = family ? operatorBetween(src, file, n.children[0], n.children[1], opcode) : undefined;
    if (family && at !== undefined) {
      for (const r of [...family, '=']) {
        if (r !== opcode) out.push({ operator: 'AS', begin: at, end: at + opcode.length, original: opcode, replacement: r, function: fn });
      }
    }
  } else if (n.kind === 'IntegerLiteral') {
    literalMutants(src, file, n, fn, out);
  }
  const cond = conditionOf(n);
  const ce = cond ? extent(cond, file) : undefined;
  if (ce) {
    const t = text(src, ce.begin, ce.end);
    out.push({ operator: 'NEG', begin: ce.begin, end: ce.end, original: t, replacement: `!(${t})`, function: fn });
  }
  if (n.kind === 'CompoundStmt') {
    for (const s of n.children) {
      const deletable = DELETABLE.has(s.kind) || (s.kind === 'ReturnStmt' && s.children.length === 0);
      const se = deletable ? extent(s, file) : undefined;
      if (!se) continue;
      const t = text(src, se.begin, se.end);
      out.push({ operator: 'DL', begin: se.begin, end: se.end, original: t, replacement: t.replace(/[^\n]/g, ''), function: fn });
    }
  }
  for (const c of n.children) visit(src, file, c, fn, out);
}

/** Every candidate mutant of the functions, in file order (then operator, then replacement). */
export function candidates(src: Buffer, file: string, functions: readonly AstFunction[]): Candidate[] {
  const out: Candidate[] = [];
  for (const f of functions) visit(src, file, f.node, f.name, out);
  const rank = (o: OperatorName): number => OPERATORS.indexOf(o);
  const seen = new Set<string>();
  return out
    .sort((a, b) => a.begin - b.begin || rank(a.operator) - rank(b.operator) || a.end - b.end || (a.replacement < b.replacement ? -1 : a.replacement > b.replacement ? 1 : 0))
    .filter((c) => {
      const key = `${c.begin}:${c.end}:${c.replacement}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
