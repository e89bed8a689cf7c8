// Test-Comp's test-suite format (src/testcomp/suite.ts, inputs.ts): values as TestCov's harness reads
// them, the XML valid against the published DTDs (xmllint), and the zip holding exactly the folder.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { inputText, testInputs } from '../../src/testcomp/inputs.js';
import { testcaseXml, writeTestSuite } from '../../src/testcomp/suite.js';
import { dtdErrors, removeTempDirs, tasksDir, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const le = (n: bigint, bytes: number): Uint8Array => {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return out;
};

describe('input values', () => {
  it('prints each kind as the C literal of its size and signedness', () => {
    expect(inputText('char', le(0xfbn, 1))).toBe('-5');
    expect(inputText('uchar', le(0xfbn, 1))).toBe('251');
    expect(inputText('bool', le(1n, 1))).toBe('1');
    expect(inputText('int', le(0xffffffffn, 4))).toBe('-1');
    expect(inputText('uint', le(0xffffffffn, 4))).toBe('4294967295');
    expect(inputText('long', le(0x80000000n, 4))).toBe('-2147483648'); // ILP32: 4 bytes
    expect(inputText('long', le(0x80000000n, 8))).toBe('2147483648'); // LP64
    expect(inputText('ulonglong', le(0xffffffffffffffffn, 8))).toBe('18446744073709551615');
    expect(inputText('double', le(0x400a000000000000n, 8))).toBe('3.25');
    expect(inputText('float', le(0x3fc00000n, 4))).toBe('1.5');
    expect(inputText('double', le(0x7ff8000000000000n, 8))).toBe('nan');
    expect(inputText('float', le(0xff800000n, 4))).toBe('-inf');
  });

  it('takes the nondet objects of a test in order and skips others', () => {
    const inputs = testInputs({
      version: 3,
      args: ['p'],
      symArgvs: 0,
      symArgvLen: 0,
      objects: [
        { name: 'nondet_int#1', bytes: le(74n, 4) },
        { name: 'model_version', bytes: le(1n, 4) },
        { name: 'nondet_uchar#3', bytes: le(107n, 1) },
      ],
    });
    expect(inputs).toEqual([
      { value: '74', type: 'int' },
      { value: '107', type: 'unsigned char' },
    ]);
  });
});

describe('test-suite files', () => {
  it('writes metadata and test cases that the DTDs accept, and zips the folder', () => {
    const dir = tempDir();
    const program = join(tasksDir, 'nondet-assume.c');
    const s = writeTestSuite(
      dir,
      { programFile: program, specification: 'COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )', producer: 'sympath <test> & co', architecture: '64bit', creationTime: new Date('2026-01-02T03:04:05Z') },
      [
        { inputs: [{ value: '74', type: 'int' }, { value: '107', type: 'unsigned char' }], coversError: true },
        { inputs: [], coversError: false },
      ],
    );
    expect(s.files).toEqual(['test-suite/metadata.xml', 'test-suite/test001.xml', 'test-suite/test002.xml']);
    expect(dtdErrors(join(s.dir, 'metadata.xml'), 'test-metadata')).toBeNull();
    expect(dtdErrors(join(s.dir, 'test001.xml'), 'testcase')).toBeNull();
    expect(dtdErrors(join(s.dir, 'test002.xml'), 'testcase')).toBeNull();

    const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'input', parseTagValue: false });
    const meta = parser.parse(readFileSync(join(s.dir, 'metadata.xml'), 'utf8'))['test-metadata'];
    expect(meta.producer).toBe('sympath <test> & co');
    expect(meta.architecture).toBe('64bit');
    expect(meta.creationtime).toBe('2026-01-02T03:04:05Z');
    expect(meta.programhash).toMatch(/^[0-9a-f]{64}$/);
    const t1 = parser.parse(readFileSync(join(s.dir, 'test001.xml'), 'utf8')).testcase;
    expect(t1['@_coversError']).toBe('true');
    expect(t1.input.map((i: { '#text': string }) => i['#text'])).toEqual(['74', '107']);

    const unzipped = unzipSync(readFileSync(s.zip));
    expect(Object.keys(unzipped).sort()).toEqual(s.files);
    expect(Buffer.from(unzipped['test-suite/test001.xml']!).toString()).toBe(readFileSync(join(s.dir, 'test001.xml'), 'utf8'));
  });

  it('is checked for real: the DTD validation rejects a wrong element order and a bad attribute', () => {
    const dir = tempDir();
    const s = writeTestSuite(dir, { programFile: join(tasksDir, 'long-loop.c'), specification: 'x', producer: 'p', architecture: '32bit' }, []);
    const meta = readFileSync(join(s.dir, 'metadata.xml'), 'utf8');
    const swapped = meta.replace(/(  <sourcecodelang>.*\n)(  <producer>.*\n)/, '$2$1');
    expect(swapped).not.toBe(meta);
    writeFileSync(join(dir, 'bad-meta.xml'), swapped);
    expect(dtdErrors(join(dir, 'bad-meta.xml'), 'test-metadata')).toMatch(/producer|sourcecodelang|content/);
    writeFileSync(join(dir, 'bad-test.xml'), testcaseXml({ inputs: [], coversError: true }).replace('"true"', '"yes"'));
    expect(dtdErrors(join(dir, 'bad-test.xml'), 'testcase')).toMatch(/coversError|yes/);
  });
});
