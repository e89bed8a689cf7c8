// Large ObjectStates (over CHUNK_BYTES) keep their concrete bytes in chunks shared copy-on-write between
// clones (src/memory/chunked-bytes.ts; issue 20). Checked: a clone shares every chunk and a write copies
// only the chunk it lands in; clone and original stay independent; and random concrete accesses —
// across chunk boundaries, fills, copies between small, medium and large objects, overlapping copies
// within one object — read back as from a plain byte array.

import { describe, expect, test } from 'vitest';
import { ChunkedBytes, MIN_CHUNK as CHUNK_BYTES } from '../../src/memory/chunked-bytes.js';
import { MemoryObject, ObjKind } from '../../src/memory/memory-object.js';
import { ObjectState } from '../../src/memory/object-state.js';
import { Rng } from '../../src/search/rng.js';

const obj = (id: number, size: number) => new MemoryObject(id, 0x1000_0000 + id * 0x10000, size, ObjKind.Heap, `o${id}`, '');
const chunksOf = (os: ObjectState) => (os as unknown as { chunks: ChunkedBytes | null }).chunks;

describe('ChunkedBytes', () => {
  test('a clone shares every chunk; a write copies only the chunk it lands in; untouched chunks are zero', () => {
    const a = ChunkedBytes.of(1112);
    expect(a.ownedChunks).toBe(0); // all chunks the shared zero chunk
    a.put(5, 7);
    a.put(1000, 9);
    expect(a.ownedChunks).toBe(2);
    const b = a.clone();
    expect(a.ownedChunks).toBe(0);
    expect(b.ownedChunks).toBe(0);
    b.put(6, 1);
    expect(b.ownedChunks).toBe(1);
    expect(a.get(6)).toBe(0);
    expect(b.get(5)).toBe(7);
    a.put(1000, 10);
    expect(b.get(1000)).toBe(9);
    expect(a.get(1000)).toBe(10);
    expect(a.get(500)).toBe(0);
    // Over 16 * 128 bytes the chunks grow instead: at most 16, so written all over an object costs
    // little more than one array (4 MB: 16 chunks of 256 KB).
    const big = ChunkedBytes.of(4 << 20);
    expect(big.chunkSize).toBe(256 << 10);
    big.fill(3, 0, 4 << 20);
    expect(big.ownedChunks).toBe(16);
    const c = big.clone();
    c.put(3 << 20, 4);
    expect(c.ownedChunks).toBe(1);
    expect(big.get(3 << 20)).toBe(3);
    expect(c.get(3 << 20)).toBe(4);
    expect(ChunkedBytes.of(2048).chunkSize).toBe(128);
    expect(ChunkedBytes.of(2049).chunkSize).toBe(256);
  });
});

describe('large ObjectStates against a plain byte array', () => {
  test('random concrete reads, writes, fills and copies, with clones taken along the way', () => {
    const rng = new Rng(7);
    for (let round = 0; round < 60; round++) {
      // 129 B to ~4.5 KB: 128-byte chunks, and from 2 KB on larger ones
      const size = CHUNK_BYTES + 1 + rng.nextInt(round % 2 === 0 ? 3 * CHUNK_BYTES : 35 * CHUNK_BYTES);
      let os = new ObjectState(obj(1, size), 1);
      expect(chunksOf(os)).not.toBeNull();
      let ref = new Uint8Array(size);
      const olds: [ObjectState, Uint8Array][] = [];
      for (let step = 0; step < 80; step++) {
        const n = [1, 2, 4, 8, 3, 16][rng.nextInt(6)]!;
        // offsets near chunk boundaries half of the time
        const near = CHUNK_BYTES * (1 + rng.nextInt(Math.floor(size / CHUNK_BYTES))) - rng.nextInt(10);
        const off = Math.max(0, Math.min(size - n, rng.nextInt(2) === 0 ? near : rng.nextInt(size - n + 1)));
        const op = rng.nextInt(6);
        if (op === 0 || op === 1) {
          const v = BigInt(rng.nextInt(2 ** 30)) * BigInt(rng.nextInt(2 ** 30)) + BigInt(rng.nextInt(1000));
          os.write(off, n, v);
          for (let i = 0; i < n; i++) ref[off + i] = Number((v >> BigInt(8 * i)) & 0xffn);
        } else if (op === 2) {
          const len = rng.nextInt(Math.min(300, size - off) + 1);
          os.fill(off, len, 0x5a + step);
          ref.fill((0x5a + step) & 0xff, off, off + len);
        } else if (op === 3) {
          // from another object: small (8), medium (40) or large (300)
          const srcSize = [8, 40, 300][rng.nextInt(3)]!;
          const src = new ObjectState(obj(2, srcSize), 1);
          const srcRef = new Uint8Array(srcSize);
          for (let i = 0; i < srcSize; i++) src.write(i, 1, BigInt((srcRef[i] = (i * 37 + step) & 0xff)));
          const len = Math.min(srcSize, size - off, 1 + rng.nextInt(srcSize));
          os.copyFrom(src, 0, off, len);
          ref.set(srcRef.subarray(0, len), off);
        } else if (op === 4) {
          // within the object, overlapping (memmove)
          const len = rng.nextInt(200);
          const from = rng.nextInt(size - Math.min(len, size) + 1);
          const to = rng.nextInt(size - Math.min(len, size) + 1);
          const l = Math.min(len, size - from, size - to);
          os.copyFrom(os, from, to, l);
          ref.copyWithin(to, from, from + l);
        } else {
          olds.push([os, ref.slice()]);
          os = os.clone(100 + step);
        }
        for (const o of [off, Math.max(0, off - 3)]) {
          if (o + n > size) continue;
          let want = 0n;
          for (let i = n - 1; i >= 0; i--) want = (want << 8n) | BigInt(ref[o + i]!);
          expect(os.read(o, n), `round ${round} step ${step}`).toBe(want);
        }
      }
      expect([...os.concreteBytes()]).toEqual([...ref]);
      // Clones taken earlier kept their contents.
      for (const [old, r] of olds) expect([...old.concreteBytes()]).toEqual([...r]);
    }
  });
});
