// .ktest: KLEE's byte layout, round trips, old formats, and the ktest-tool style printout.
import fc from 'fast-check';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeKTest, encodeKTest, KTestFormatError, readKTest, writeKTest } from '../../src/engine/ktest.js';
import { formatKTest, ktestJson, pyBytes, pyStr } from '../../src/cli/ktest.js';

const u32 = (n: number): number[] => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const str = (s: string): number[] => [...u32(s.length), ...Buffer.from(s, 'latin1')];

/** Hand-built, following lib/Basic/KTest.cpp: what KLEE writes for `get_sign.bc` with a = 0x01020304. */
const FIXTURE = new Uint8Array([
  ...Buffer.from('KTEST'),
  ...u32(3), // version
  ...u32(2), // numArgs
  ...str('get_sign.bc'),
  ...str('-x'),
  ...u32(0), // symArgvs
  ...u32(0), // symArgvLen
  ...u32(2), // numObjects
  ...str('a'),
  ...u32(4),
  4, 3, 2, 1,
  ...str('buf'),
  ...u32(0),
]);

describe('.ktest format', () => {
  it('writes exactly the bytes KLEE writes', () => {
    const bytes = encodeKTest({
      args: ['get_sign.bc', '-x'],
      objects: [
        { name: 'a', bytes: new Uint8Array([4, 3, 2, 1]) },
        { name: 'buf', bytes: new Uint8Array([]) },
      ],
    });
    expect(Buffer.from(bytes).toString('hex')).toBe(Buffer.from(FIXTURE).toString('hex'));
  });

  it('reads the fixture', () => {
    const t = decodeKTest(FIXTURE);
    expect(t.version).toBe(3);
    expect(t.args).toEqual(['get_sign.bc', '-x']);
    expect(t.symArgvs).toBe(0);
    expect(t.symArgvLen).toBe(0);
    expect(t.objects.map((o) => [o.name, [...o.bytes]])).toEqual([
      ['a', [4, 3, 2, 1]],
      ['buf', []],
    ]);
  });

  it('reads version 1 files (no sym-argv fields) with the old BOUT magic', () => {
    const old = new Uint8Array([...Buffer.from('BOUT\n'), ...u32(1), ...u32(1), ...str('p'), ...u32(1), ...str('x'), ...u32(1), 0x41]);
    const t = decodeKTest(old);
    expect(t.version).toBe(1);
    expect(t.args).toEqual(['p']);
    expect(t.objects[0]!.name).toBe('x');
    expect([...t.objects[0]!.bytes]).toEqual([0x41]);
  });

  it('keeps symArgvs and symArgvLen', () => {
    const t = decodeKTest(encodeKTest({ args: [], objects: [], symArgvs: 2, symArgvLen: 10 }));
    expect([t.symArgvs, t.symArgvLen]).toEqual([2, 10]);
  });

  it('round-trips any content', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string()),
        fc.array(fc.record({ name: fc.string(), bytes: fc.uint8Array({ maxLength: 64 }) }), { maxLength: 8 }),
        (args, objects) => {
          const cleanArgs = args.map((a) => a.replace(/\0/g, ''));
          const t = decodeKTest(encodeKTest({ args: cleanArgs, objects }));
          expect(t.args).toEqual(cleanArgs);
          expect(t.objects.map((o) => o.name)).toEqual(objects.map((o) => o.name));
          t.objects.forEach((o, i) => expect([...o.bytes]).toEqual([...objects[i]!.bytes]));
        },
      ),
    );
  });

  it('round-trips through a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ktest-'));
    const path = join(dir, 't.ktest');
    writeKTest(path, { args: ['prog.c', '--sym-arg', '3'], objects: [{ name: 'n', bytes: new Uint8Array([1, 2]) }] });
    expect(readKTest(path).args).toEqual(['prog.c', '--sym-arg', '3']);
    expect(readFileSync(path).subarray(0, 9).toString('hex')).toBe(Buffer.from('KTEST').toString('hex') + '00000003');
  });

  it('rejects bad magic, future versions and truncated files with a clear message', () => {
    expect(() => decodeKTest(new Uint8Array(Buffer.from('HELLO....')), 'x.ktest')).toThrow(/x.ktest: not a .ktest file/);
    const future = new Uint8Array([...Buffer.from('KTEST'), ...u32(4)]);
    expect(() => decodeKTest(future)).toThrow(/unsupported .ktest version 4/);
    expect(() => decodeKTest(FIXTURE.subarray(0, FIXTURE.length - 6))).toThrow(KTestFormatError);
    expect(() => decodeKTest(FIXTURE.subarray(0, FIXTURE.length - 6))).toThrow(/truncated/);
  });
});

describe('ktest-tool printout', () => {
  it("prints like KLEE's ktest-tool", () => {
    const t = decodeKTest(FIXTURE);
    expect(formatKTest('klee-last/test000001.ktest', t)).toBe(
      [
        "ktest file : 'klee-last/test000001.ktest'",
        "args       : ['get_sign.bc', '-x']",
        'num objects: 2',
        "object 0: name: 'a'",
        'object 0: size: 4',
        "object 0: data: b'\\x04\\x03\\x02\\x01'",
        'object 0: hex : 0x04030201',
        'object 0: int : 16909060',
        'object 0: uint: 16909060',
        'object 0: text: ....',
        "object 1: name: 'buf'",
        'object 1: size: 0',
        "object 1: data: b''",
        'object 1: hex : 0x',
        'object 1: text: ',
        '',
      ].join('\n'),
    );
  });

  it('shows signed values, printable text and Python escapes', () => {
    expect(pyBytes(new Uint8Array([0x41, 0x0a, 0x5c, 0x27, 0xff]))).toBe(`b"A\\n\\\\'\\xff"`);
    expect(pyStr("it's")).toBe(`"it's"`);
    const t = { version: 3, args: [], symArgvs: 0, symArgvLen: 0, objects: [{ name: 'x', bytes: new Uint8Array([0xff, 0xff]) }] };
    expect(formatKTest('f', t)).toContain('object 0: int : -1\nobject 0: uint: 65535');
    const json = ktestJson('f', t) as { objects: { int: number; uint: number; hex: string }[] };
    expect(json.objects[0]).toMatchObject({ int: -1, uint: 65535, hex: 'ffff' });
    const big = { ...t, objects: [{ name: 'y', bytes: new Uint8Array(8).fill(0xff) }] };
    expect((ktestJson('f', big) as { objects: { uint: unknown }[] }).objects[0]!.uint).toBe('18446744073709551615');
  });
});

