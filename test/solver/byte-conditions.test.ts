// Issue 20: conditions on one input byte sent to Z3 as ranges of the byte's values
// (src/solver/byte-conditions.ts). Checked: the ranges form equals the set at every byte value; musl's
// strspn bitset test (a concrete table read at a symbolic index, a 64-bit shift by the byte) reaches Z3
// as comparisons of the byte, with no shift or table left; and on random queries mixing such
// conditions with conditions over other bytes, the layer answers as Z3 does on the original query, with
// models that satisfy the original.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as B from '../../src/expr/build.js';
import { ArrayDecl, Expr, Kind } from '../../src/expr/expr.js';
import { evaluate } from '../../src/expr/evaluate.js';
import { postOrder } from '../../src/expr/walk.js';
import { newCounters, type CoreSolver, type Query } from '../../src/solver/core.js';
import { ByteConditions, ranges } from '../../src/solver/byte-conditions.js';
import { sharedBackend } from './helpers.js';

const backend = sharedBackend(30);

const IN = new ArrayDecl('in', 4);
const c = (w: number, v: number | bigint): Expr => B.constant(w, BigInt.asUintN(w, BigInt(v)));
const byte = (i: number): Expr => B.read(IN, null, c(32, i));

/** musl's strspn membership test: `set[ch / 64] & (1 << ch % 64)`, over a 256-bit set of `chars`. */
function bitsetTest(chars: string, ch: Expr): Expr {
  const table = new Uint8Array(32);
  for (const k of chars) table[k.charCodeAt(0) >> 3]! |= 1 << (k.charCodeAt(0) & 7);
  const T = new ArrayDecl(`set${chars}`, 32, table);
  const wide = B.zext(ch, 64);
  const at = B.shl(B.lshr(wide, c(64, 6)), c(64, 3)); // byte offset of the 64-bit word
  let word = B.read(T, null, B.extract(at, 0, 32));
  for (let k = 1; k < 8; k++) word = B.concat(B.read(T, null, B.extract(B.add(at, c(64, k)), 0, 32)), word);
  const bit = B.shl(c(64, 1), B.and(wide, c(64, 63)));
  return B.ne(B.and(word, bit), c(64, 0));
}

const setOf = (f: (v: number) => boolean): Uint8Array => Uint8Array.from({ length: 256 }, (_, v) => (f(v) ? 1 : 0));

/** An inner solver recording what reaches it. */
function recording(): { inner: CoreSolver; seen: Query[] } {
  const seen: Query[] = [];
  return { seen, inner: { check: (q) => (seen.push(q), backend().check(q)), close: async () => {} } };
}

/** `q`, satisfiable, through the layer over Z3: the answer is 'sat' with a model of the original query. */
async function satisfiable(q: Query) {
  const { inner, seen } = recording();
  const counters = newCounters();
  const s = new ByteConditions(inner, counters);
  const r = await s.check(q);
  expect(r.status).toBe('sat');
  expect([q.expr, ...q.constraints].every((e) => evaluate(e, r.model!) === 1n)).toBe(true);
  return { s, counters, seen, r };
}

function kinds(q: Query): Set<Kind> {
  const out = new Set<Kind>();
  for (const e of [q.expr, ...q.constraints]) postOrder(e, () => false, (n) => out.add(n.kind));
  return out;
}

describe('conditions on one byte as ranges', () => {
  it('the ranges form is true exactly at the values of the set', () => {
    const sets = [
      setOf((v) => v >= 0x30 && v <= 0x39),
      setOf((v) => v !== 0x2e && v !== 0),
      setOf((v) => v === 0 || v === 255),
      setOf((v) => v < 0x10 || (v > 0x40 && v < 0x50) || v === 0x7f),
      setOf((v) => v % 17 === 3), // 15 runs each way: left as it is
    ];
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 255 }), { maxLength: 12 }), (picked) => {
        sets.push(setOf((v) => picked.includes(v)));
      }),
      { numRuns: 60, seed: 5 },
    );
    for (const set of sets) {
      const f = ranges(set, byte(0));
      const runs = set.reduce((n, s, v) => n + (s === 1 && (v === 0 || set[v - 1] === 0) ? 1 : 0), 0);
      const gaps = set.reduce((n, s, v) => n + (s === 0 && (v === 0 || set[v - 1] === 1) ? 1 : 0), 0);
      if (Math.min(runs, gaps) > 8) {
        expect(f).toBeUndefined();
        continue;
      }
      for (let v = 0; v < 256; v++) {
        const got = evaluate(f!, new Map([[IN, Uint8Array.of(v, 0, 0, 0)]]));
        expect(got, `value ${v}`).toBe(BigInt(set[v]!));
      }
    }
  });

  it("sends musl's strspn bitset test to Z3 as comparisons of the byte", async () => {
    const digitOrDot = bitsetTest('0123456789.', byte(1));
    const { s, counters, seen } = await satisfiable({ constraints: [digitOrDot, B.ne(byte(1), c(8, 0x2e))], expr: B.ult(byte(0), byte(1)), reads: new Map([[IN, 'all']]) });
    expect(counters.byteConditionQueries).toBe(1);
    const sent = kinds(seen[0]!);
    expect(sent.has(Kind.Shl)).toBe(false);
    expect(sent.has(Kind.Concat)).toBe(false);
    // No '.' and a digit: byte 1 is '0'..'9' and byte 0 below it; then nothing is left below '0'.
    const none = await s.check({ constraints: [digitOrDot, B.ne(byte(1), c(8, 0x2e))], expr: B.ult(byte(1), c(8, 0x30)) });
    expect(none.status).toBe('unsat');
  });

  it("substitutes a byte pinned to one value, so a test of a character read at an index computed from it is one byte's (seq's format parsing)", async () => {
    // argv[1][byte 1 == '.' ? 3 : 0] is a digit, with byte 1 == '.' on the path
    const at = B.read(IN, null, B.select(B.eq(byte(1), c(8, 0x2e)), c(32, 3), c(32, 0)));
    const { s, counters, seen, r } = await satisfiable({ constraints: [B.eq(byte(1), c(8, 0x2e)), bitsetTest('0123456789', at)], expr: B.ult(byte(0), byte(3)), reads: new Map([[IN, 'all']]) });
    expect(counters.pinnedByteQueries).toBe(1);
    const sent = kinds(seen[0]!);
    expect(sent.has(Kind.Select)).toBe(false);
    expect(sent.has(Kind.Shl)).toBe(false);
    expect(r.model!.get(IN)![1]).toBe(0x2e);
    // A conjunct the substitution makes false is answered without Z3.
    const before = seen.length;
    const self = B.read(IN, null, B.select(B.eq(byte(1), c(8, 0x2e)), c(32, 1), c(32, 0)));
    const none = await s.check({ constraints: [B.eq(byte(1), c(8, 0x2e))], expr: B.eq(self, c(8, 0x78)) });
    expect(none.status).toBe('unsat');
    expect(seen.length).toBe(before);
  });

  it('answers as Z3 does on the original query, with models of the original (random queries)', async () => {
    const charsets = ['0123456789', '+-', ' \t\n', 'eE.', 'abcxyz', '\x7f\x80\xff', '\x00'];
    const oneByte = fc.oneof(
      fc.tuple(fc.constantFrom(...charsets), fc.integer({ min: 0, max: 3 }), fc.boolean()).map(([set, i, neg]) => {
        const t = bitsetTest(set, byte(i));
        return neg ? B.not(t) : t;
      }),
      fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 40 })).map(([i, lo, span]) =>
        B.ult(B.sub(B.zext(byte(i), 32), c(32, lo)), c(32, span)), // `c - lo <u span`, as isdigit is compiled
      ),
      fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 255 })).map(([i, v]) => B.ne(byte(i), c(8, v))),
      fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom(0x30, 0x2e, 0x61, 0)).map(([i, v]) => B.eq(byte(i), c(8, v))), // pins the byte
    );
    // A set test of the character at an index computed from another byte (two bytes: not rewritten alone).
    const indexed = fc
      .tuple(fc.constantFrom(...charsets), fc.integer({ min: 0, max: 3 }), fc.constantFrom(0x30, 0x2e, 0x61, 0), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }))
      .map(([set, i, v, j, k]) => bitsetTest(set, B.read(IN, null, B.select(B.eq(byte(i), c(8, v)), c(32, j), c(32, k)))));
    const joint = fc
      .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: -40, max: 40 }))
      .map(([i, j, k]) => B.slt(B.add(B.zext(byte(i), 32), B.zext(byte(j), 32)), c(32, 0x60 + k)));
    let rewritten = 0;
    let pinnedQueries = 0;
    let unsat = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof({ weight: 3, arbitrary: oneByte }, { weight: 1, arbitrary: joint }, { weight: 1, arbitrary: indexed }), { minLength: 1, maxLength: 5 }), async (conds) => {
        const q: Query = { constraints: conds.slice(1), expr: conds[0]!, reads: new Map([[IN, 'all']]) };
        const counters = newCounters();
        const mine = await new ByteConditions(backend(), counters).check(q);
        const z3 = await backend().check(q);
        expect(mine.status, conds.map(String).join(' ∧ ')).toBe(z3.status);
        if (mine.status === 'sat') expect([q.expr, ...q.constraints].every((e) => evaluate(e, mine.model!) === 1n)).toBe(true);
        else unsat++;
        rewritten += counters.byteConditionQueries;
        pinnedQueries += counters.pinnedByteQueries;
      }),
      { numRuns: 200, seed: 11 },
    );
    // The property must have exercised the rewrites, on both answers.
    expect(rewritten).toBeGreaterThan(100);
    expect(pinnedQueries).toBeGreaterThan(30);
    expect(unsat).toBeGreaterThan(10);
  });
});
