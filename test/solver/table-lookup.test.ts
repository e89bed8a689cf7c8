// Issue 20: a read of a small constant table (204 bytes: musl's mbrtowc bittab, read by wc) at a
// symbolic index goes to Z3 as a lookup over the index bits, not a select over the table's store
// chain (1.5 s per unsat query in wc, 97% of its Z3 time). Checked: the SMT text has no select and
// no array for the table, and Z3's answers equal brute force over the two input bytes.
import { describe, expect, it } from 'vitest';
import * as B from '../../src/expr/build.js';
import { ArrayDecl, Expr, internUpdate } from '../../src/expr/expr.js';
import { evaluate } from '../../src/expr/evaluate.js';
import type { Query } from '../../src/solver/core.js';
import { SmtLibTranslator, lookupTree } from '../../src/solver/smtlib.js';
import { sharedBackend } from './helpers.js';

const backend = sharedBackend(30);

const IN = new ArrayDecl('in', 2);
const table = new Uint8Array(204).map((_, i) => (i * 37 + 11) % 251);
const TABLE = new ArrayDecl('bittab', 204, table);
const byte = (i: number): Expr => B.read(IN, null, B.constant(32, i));

/** bittab[4 * (in[0] - 0xc2)] (in[0] in 0xc2..0xf4) compared with in[1] by `cmp`. */
function query(cmp: (x: Expr, y: Expr) => Expr, k: number): Query {
  const lead = B.zext(byte(0), 32);
  const off = B.sub(lead, B.constant(32, 0xc2));
  const inRange = B.ult(off, B.constant(32, 0x33));
  const entry = B.read(TABLE, null, B.mul(B.constant(32, 4), off));
  return { constraints: [inRange], expr: cmp(B.add(entry, byte(1)), B.constant(8, k)) };
}

function bruteForce(q: Query): 'sat' | 'unsat' {
  const bytes = new Uint8Array(2);
  const a = new Map([[IN, bytes]]);
  for (let v = 0; v < 65536; v++) {
    bytes[0] = v & 0xff;
    bytes[1] = v >> 8;
    if ([q.expr, ...q.constraints].every((e) => evaluate(e, a) === 1n)) return 'sat';
  }
  return 'unsat';
}

describe('reads of a small constant table at a symbolic index', () => {
  it('are spelled as a lookup over the index (no select, no array for the table)', () => {
    const tr = new SmtLibTranslator();
    const q = query(B.eq, 3);
    const text = tr.assertion([...q.constraints, q.expr], new Set());
    const decls = tr.takePending();
    expect(text).not.toContain('(select');
    expect(decls).not.toContain(`a${TABLE.id}`);
    expect(text).toContain('(_ extract 7 7) i');
  });

  it("Z3's answers equal brute force", async () => {
    const answers: string[] = [];
    for (const [cmp, k] of [[B.eq, 3], [B.ult, 1], [B.ult, 0], [B.eq, 250]] as const) {
      const q = query(cmp, k);
      const r = await backend().check(q);
      expect(r.status).toBe(bruteForce(q));
      answers.push(r.status);
    }
    expect(answers).toContain('unsat');
    expect(answers).toContain('sat');
  }, 60_000);
});

// Coreutils tr: its 256-byte identity table gets one entry written at a symbolic index (xlate[c1] = c2)
// and is read back at symbolic indices; through the array theory Z3 4.8.12 took 10-30 s (and timed
// out) on such queries. They are now read-over-write: an ite per write over the table's lookup.
describe('reads of a constant table through symbolic writes', () => {
  const IDENTITY = new ArrayDecl('xlate', 256, new Uint8Array(256).map((_, i) => i));
  const p = byte(0);
  const q = byte(1);
  // xlate[p] = 200, then xlate[q]: 200 when q == p, else q.
  const written = internUpdate(B.zext(p, 32), B.constant(8, 200), null);
  const readBack = B.read(IDENTITY, written, B.zext(q, 32));
  // Then a newer write xlate[7] = p: xlate[q] is p when q == 7, whatever the older write says.
  const twice = internUpdate(B.constant(32, 7), p, written);
  const readTwice = B.read(IDENTITY, twice, B.zext(q, 32));
  const c = (v: number): Expr => B.constant(8, v);

  it('are spelled without the array theory', () => {
    const tr = new SmtLibTranslator();
    const text = tr.assertion([B.eq(readTwice, c(10))], new Set());
    const decls = tr.takePending();
    expect(text).not.toContain('(select');
    expect(text).not.toContain('(store');
    expect(decls).not.toContain(`a${IDENTITY.id}`);
  });

  it("Z3's answers equal brute force, the newest write first", async () => {
    const queries: Query[] = [
      { constraints: [B.not(B.eq(q, c(200)))], expr: B.eq(readBack, c(200)) }, // p == q
      { constraints: [B.not(B.eq(q, c(200))), B.not(B.eq(p, q))], expr: B.eq(readBack, c(200)) },
      // Read at 7 after both writes: p, not the older 200 (were the writes taken oldest first, p == 7 would give 200).
      { constraints: [B.eq(q, c(7)), B.not(B.eq(p, c(200)))], expr: B.eq(readTwice, c(200)) },
      { constraints: [B.eq(q, c(7))], expr: B.eq(readTwice, c(5)) }, // p == 5
    ];
    const answers: string[] = [];
    for (const query of queries) {
      const r = await backend().check(query);
      expect(r.status).toBe(bruteForce(query));
      answers.push(r.status);
    }
    expect(answers).toEqual(['sat', 'unsat', 'unsat', 'sat']);
  }, 60_000);
});

// Coreutils tr again: its character-set table is rewritten entry by entry (256 writes at constant
// indices, each entry a test of symbolic set members), then read at each input character. Through the
// array theory (258 stores) Z3 4.8.12 took 1-25 s per query; as an `ite` over the read index's 256
// values, each entry the newest write there, the bit-blaster needs no array at all.
describe('reads of a table rewritten entry by entry', () => {
  const IDENTITY = new ArrayDecl('set', 256, new Uint8Array(256).map((_, i) => i));
  const p = byte(0);
  const q = byte(1);
  const c = (v: number): Expr => B.constant(8, v);
  // set[p] = 1 (a symbolic write), then set[j] = (j == p || j == 'a') for every j: a rewritten table.
  let chain = internUpdate(B.zext(p, 32), c(1), null);
  for (let j = 0; j < 256; j++) {
    const member = B.orB(B.eq(p, c(j)), B.eq(c(j), c(0x61)));
    chain = internUpdate(B.constant(32, j), B.select(member, c(1), c(0)), chain);
  }
  const inSet = B.read(IDENTITY, chain, B.zext(q, 32));
  // A symbolic array read through a newer symbolic write over an older constant one: in[q & 1] after
  // in[0] = 5 and then in[p & 1] = 9 (the array's own byte where neither wrote).
  const bit = (x: Expr): Expr => B.and(B.zext(x, 32), B.constant(32, 1));
  const overIn = internUpdate(bit(p), c(9), internUpdate(B.constant(32, 0), c(5), null));
  const inRead = B.read(IN, overIn, bit(q));

  it('are spelled as an ite over the index, without the array theory', () => {
    const tr = new SmtLibTranslator();
    const text = tr.assertion([B.eq(inSet, c(1))], new Set());
    const decls = tr.takePending();
    expect(text).not.toContain('(select');
    expect(text).not.toContain('(store');
    expect(decls).not.toContain(`a${IDENTITY.id}`);
  });

  it("Z3's answers equal brute force", async () => {
    const queries: Query[] = [
      { constraints: [B.not(B.eq(q, c(0x61)))], expr: B.eq(inSet, c(1)) }, // q == p
      { constraints: [B.not(B.eq(q, c(0x61))), B.not(B.eq(p, q))], expr: B.eq(inSet, c(1)) },
      { constraints: [B.eq(q, c(0x61))], expr: B.eq(inSet, c(0)) },
      { constraints: [B.eq(q, c(200))], expr: B.eq(inSet, c(200)) }, // the identity entry is overwritten
      { constraints: [B.eq(bit(q), B.constant(32, 0))], expr: B.eq(inRead, c(5)) }, // p odd
      { constraints: [B.eq(bit(q), B.constant(32, 0)), B.eq(bit(p), B.constant(32, 0))], expr: B.eq(inRead, c(5)) },
      { constraints: [B.eq(bit(q), B.constant(32, 1)), B.eq(bit(p), B.constant(32, 0))], expr: B.eq(inRead, q) },
      { constraints: [B.eq(bit(q), B.constant(32, 1)), B.eq(bit(p), B.constant(32, 1))], expr: B.eq(inRead, q) }, // 9 == q, odd
    ];
    const answers: string[] = [];
    for (const query of queries) {
      const r = await backend().check(query);
      expect(r.status).toBe(bruteForce(query));
      answers.push(r.status);
    }
    expect(answers).toEqual(['sat', 'unsat', 'unsat', 'unsat', 'sat', 'unsat', 'sat', 'sat']);
  }, 60_000);
});

// Coreutils tr's identity table (xlate[i] = i) was 256 leaves per read; a range counting up by one is
// the index's low byte plus a constant (smtlib.ts, lookupTree).
describe('table ranges counting up by one', () => {
  it('are an addition on the index', () => {
    const identity = Array.from({ length: 256 }, (_, i) => i);
    expect(lookupTree(identity)).toBe('(ite (= ((_ extract 31 8) i) #x000000) ((_ extract 7 0) i) #x00)');
    const shifted = Array.from({ length: 256 }, (_, i) => (i + 3) & 0xff);
    expect(lookupTree(shifted)).toBe('(ite (= ((_ extract 31 8) i) #x000000) (bvadd ((_ extract 7 0) i) #x03) #x00)');
  });

  it("Z3's answers equal brute force (runs, constants and wrap-around in one table)", async () => {
    // 300 entries: 0..15 count from 250 (wrapping past 255), 16..31 are 7, the rest count from 40.
    const values = Array.from({ length: 300 }, (_, i) => (i < 16 ? (250 + i) & 0xff : i < 32 ? 7 : (40 + i - 32) & 0xff));
    const T = new ArrayDecl('runs', 300, Uint8Array.from(values));
    const index = B.add(B.zext(byte(0), 32), B.zext(byte(1), 32)); // 0..510, past the end included
    const queries: Query[] = [0, 3, 7, 40, 250, 255, 200].map((v) => ({ constraints: [], expr: B.eq(B.read(T, null, index), B.constant(8, v)) }));
    queries.push({ constraints: [B.ult(index, B.constant(32, 16))], expr: B.eq(B.read(T, null, index), B.constant(8, 20)) });
    queries.push({ constraints: [B.ult(B.constant(32, 299), index)], expr: B.eq(B.read(T, null, index), B.constant(8, 1)) });
    const answers: string[] = [];
    for (const query of queries) {
      const r = await backend().check(query);
      expect(r.status).toBe(bruteForce(query));
      answers.push(r.status);
    }
    expect(answers).toContain('unsat');
    expect(answers).toContain('sat');
  }, 60_000);
});
