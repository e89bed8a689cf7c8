// KLEE's .ktest binary format, read and written byte-exactly so KLEE's ktest-tool and klee-replay read
// sympath's tests and sympath reads KLEE's (lib/Basic/KTest.cpp is the reference):
//
//   magic      5 bytes  "KTEST" (files from old KLEE versions: "BOUT\n", also accepted on reading)
//   version    u32      3 when written; readers accept 1..3
//   numArgs    u32      then per argument: u32 length + bytes (no NUL) — the program's command line
//   symArgvs   u32      } only when version >= 2
//   symArgvLen u32      }
//   numObjects u32      then per object: u32 name length + name bytes, u32 size + size bytes
//
// Every u32 is big-endian. Strings are written as UTF-8 (KLEE writes C strings, i.e. whatever bytes the
// argument had) and read back as UTF-8.

import { readFileSync } from 'node:fs';
import { writeFileAtomic } from './atomic-file.js';
import type { KTestObject } from './test-case.js';

export const KTEST_VERSION = 3;
const MAGIC = 'KTEST';
const OLD_MAGIC = 'BOUT\n';

export interface KTest {
  version: number;
  /** The command line the test was made for: program, then its arguments. */
  args: string[];
  symArgvs: number;
  symArgvLen: number;
  objects: KTestObject[];
}

/** A file that is not a valid .ktest (bad magic, unknown version, truncated). */
export class KTestFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KTestFormatError';
  }
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8');

function checkU32(n: number, what: string): void {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new RangeError(`ktest: ${what} ${n} is not a u32`);
}

/** The bytes of `t` as KLEE writes them (always version 3, whatever t.version says). */
export function encodeKTest(t: Pick<KTest, 'args' | 'objects'> & Partial<Pick<KTest, 'symArgvs' | 'symArgvLen'>>): Uint8Array {
  const args = t.args.map((a) => utf8.encode(a));
  const names = t.objects.map((o) => utf8.encode(o.name));
  let size = 5 + 4 + 4 + 8 + 4;
  for (const a of args) size += 4 + a.length;
  t.objects.forEach((o, i) => (size += 4 + names[i]!.length + 4 + o.bytes.length));
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  const u32 = (n: number, what: string): void => {
    checkU32(n, what);
    view.setUint32(at, n, false);
    at += 4;
  };
  const bytes = (b: Uint8Array): void => {
    out.set(b, at);
    at += b.length;
  };
  bytes(utf8.encode(MAGIC));
  u32(KTEST_VERSION, 'version');
  u32(args.length, 'numArgs');
  for (const a of args) {
    u32(a.length, 'argument length');
    bytes(a);
  }
  u32(t.symArgvs ?? 0, 'symArgvs');
  u32(t.symArgvLen ?? 0, 'symArgvLen');
  u32(t.objects.length, 'numObjects');
  t.objects.forEach((o, i) => {
    u32(names[i]!.length, 'name length');
    bytes(names[i]!);
    u32(o.bytes.length, 'object size');
    bytes(o.bytes);
  });
  return out;
}

/** Parses .ktest bytes; `source` names the file in error messages. */
export function decodeKTest(data: Uint8Array, source = '<ktest>'): KTest {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 0;
  const need = (n: number, what: string): void => {
    if (at + n > data.length) throw new KTestFormatError(`${source}: truncated .ktest file (reading ${what} at byte ${at})`);
  };
  const u32 = (what: string): number => {
    need(4, what);
    const v = view.getUint32(at, false);
    at += 4;
    return v;
  };
  const bytes = (n: number, what: string): Uint8Array => {
    need(n, what);
    const b = data.slice(at, at + n);
    at += n;
    return b;
  };
  if (data.length < 5) throw new KTestFormatError(`${source}: not a .ktest file (too short)`);
  const magic = String.fromCharCode(...data.subarray(0, 5));
  if (magic !== MAGIC && magic !== OLD_MAGIC) throw new KTestFormatError(`${source}: not a .ktest file (bad magic)`);
  at = 5;
  const version = u32('version');
  if (version > KTEST_VERSION || version === 0) {
    throw new KTestFormatError(`${source}: unsupported .ktest version ${version} (this reader knows 1..${KTEST_VERSION})`);
  }
  const numArgs = u32('numArgs');
  const args: string[] = [];
  for (let i = 0; i < numArgs; i++) args.push(fromUtf8.decode(bytes(u32('argument length'), `argument ${i}`)));
  let symArgvs = 0;
  let symArgvLen = 0;
  if (version >= 2) {
    symArgvs = u32('symArgvs');
    symArgvLen = u32('symArgvLen');
  }
  const numObjects = u32('numObjects');
  const objects: KTestObject[] = [];
  for (let i = 0; i < numObjects; i++) {
    const name = fromUtf8.decode(bytes(u32('name length'), `name of object ${i}`));
    const b = bytes(u32('object size'), `bytes of object ${i}`);
    objects.push({ name, bytes: b });
  }
  return { version, args, symArgvs, symArgvLen, objects };
}

export function readKTest(path: string): KTest {
  return decodeKTest(new Uint8Array(readFileSync(path)), path);
}

/**
 * Writes `t` to `path` synchronously (the output directory must survive a Ctrl-C right after) and
 * atomically (a temporary name, then a rename: a full disk leaves no truncated test).
 */
export function writeKTest(path: string, t: Parameters<typeof encodeKTest>[0]): void {
  writeFileAtomic(path, encodeKTest(t));
}
