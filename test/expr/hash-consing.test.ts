// Hash-consing (expr.ts): structurally equal nodes are one object, different ones never are. Enough
// nodes that the 32-bit hash table likely gets collisions (about 160k distinct nodes: a few expected),
// so the buckets' field-by-field comparison is exercised too.

import { expect, test } from 'vitest';
import { ArrayDecl, Kind, intern, internConst, internRead, internUpdate } from '../../src/expr/expr.js';

test('equal structures intern to one node, distinct ones to distinct nodes', () => {
  const a = new ArrayDecl('hc_a', 16);
  const b = new ArrayDecl('hc_b', 16);
  const idx = Array.from({ length: 16 }, (_, i) => internConst(32, BigInt(i)));
  const reads = [a, b].flatMap((arr) => idx.map((i) => internRead(arr, null, i)));
  const made = new Map<string, ReturnType<typeof intern>>();
  const kinds = [Kind.Add, Kind.Sub, Kind.Xor, Kind.Concat];
  const wrong: string[] = []; // expect() per node would make this test take 20 s
  for (let n = 0; n < 300_000; n++) {
    const x = reads[n % reads.length]!;
    const c = internConst(8, BigInt((n >> 5) & 255));
    const kind = kinds[(n >> 13) & 3]!;
    const width = kind === Kind.Concat ? 16 : 8;
    const e = intern(kind, width, [x, c]);
    const off = (n >> 15) & 3;
    const ext = intern(Kind.Extract, 4, [e], off);
    const key = `${kind}:${x.id}:${c.id}`;
    const before = made.get(key);
    if (before && before !== e) wrong.push(`${key} made twice`);
    if (!before) made.set(key, e);
    if (intern(kind, width, [x, c]) !== e) wrong.push(`${key} not found again`);
    if (intern(Kind.Extract, 4, [e], off) !== ext || ext.offset !== off || ext.kids[0] !== e) wrong.push(`extract of ${key} at ${off}`);
    if (e.kind !== kind || e.kids[0] !== x || e.kids[1] !== c) wrong.push(`${key} has other fields`);
  }
  expect(wrong.slice(0, 5)).toEqual([]);
  // every distinct key made a distinct node
  expect(new Set(made.values()).size).toBe(made.size);
  // extracts differing only in their offset are different nodes
  const e0 = [...made.values()][0]!;
  expect(intern(Kind.Extract, 4, [e0], 0)).not.toBe(intern(Kind.Extract, 4, [e0], 1));
  // reads: same array, updates and index are one node; another array or update list is another
  const u = internUpdate(idx[0]!, internConst(8, 7n), null);
  expect(internUpdate(idx[0]!, internConst(8, 7n), null)).toBe(u);
  expect(internRead(a, u, idx[1]!)).toBe(internRead(a, u, idx[1]!));
  expect(internRead(a, u, idx[1]!)).not.toBe(internRead(a, null, idx[1]!));
  expect(internRead(a, null, idx[1]!)).not.toBe(internRead(b, null, idx[1]!));
  // constants by width and value
  expect(internConst(64, 2n ** 63n)).toBe(internConst(64, 2n ** 63n));
  expect(internConst(32, 5n)).not.toBe(internConst(64, 5n));
});
