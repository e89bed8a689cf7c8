// A test's inputs as Test-Comp's <input> values: each `nondet_<kind>#<n>` object of a .ktest (made by
// src/engine/builtins/testcomp.ts, in call order) read little-endian at its own size (which the data
// model decided when the program was compiled) and written as the C literal TestCov's harness parses:
// signed or unsigned decimal by the kind, 0/1 for bool, the shortest round-trip text for float/double.

import type { KTest } from '../engine/ktest.js';
import { parseNondetObjectName } from '../engine/builtins/testcomp.js';

export interface TestInput {
  /** The value's text. */
  value: string;
  /** The C type Test-Comp's optional `type` attribute names (e.g. "int", "unsigned long"). */
  type: string;
}

/** The C type of each nondet kind and whether its decimal is signed. */
const KINDS: Record<string, { type: string; signed: boolean }> = {
  bool: { type: '_Bool', signed: false },
  char: { type: 'char', signed: true },
  schar: { type: 'signed char', signed: true },
  uchar: { type: 'unsigned char', signed: false },
  short: { type: 'short', signed: true },
  ushort: { type: 'unsigned short', signed: false },
  int: { type: 'int', signed: true },
  uint: { type: 'unsigned int', signed: false },
  unsigned: { type: 'unsigned int', signed: false },
  long: { type: 'long', signed: true },
  ulong: { type: 'unsigned long', signed: false },
  longlong: { type: 'long long', signed: true },
  ulonglong: { type: 'unsigned long long', signed: false },
  size_t: { type: 'size_t', signed: false },
  pointer: { type: 'void *', signed: false },
  u8: { type: 'unsigned char', signed: false },
  u16: { type: 'unsigned short', signed: false },
  u32: { type: 'unsigned int', signed: false },
  u64: { type: 'unsigned long long', signed: false },
  int128: { type: '__int128', signed: true },
  uint128: { type: 'unsigned __int128', signed: false },
  float: { type: 'float', signed: true },
  double: { type: 'double', signed: true },
};

function littleEndian(bytes: Uint8Array): bigint {
  let v = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[i]!);
  return v;
}

/** C text of a float or double (nan/inf as strtod reads them; finite values round-trip exactly). */
function floatText(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (Object.is(x, -0)) return '-0.0';
  return String(x);
}

/** The <input> text of one object's bytes for a nondet kind. */
export function inputText(kind: string, bytes: Uint8Array): string {
  if (kind === 'float' && bytes.length === 4) return floatText(Buffer.from(bytes).readFloatLE(0));
  if (kind === 'double' && bytes.length === 8) return floatText(Buffer.from(bytes).readDoubleLE(0));
  const u = littleEndian(bytes);
  if (kind === 'bool') return u === 0n ? '0' : '1';
  const signed = KINDS[kind]?.signed ?? true;
  return (signed ? BigInt.asIntN(bytes.length * 8, u) : u).toString();
}

/** The test's inputs in call order; objects that are not nondet values (none in a Test-Comp task) are skipped. */
export function testInputs(t: KTest): TestInput[] {
  const out: TestInput[] = [];
  for (const o of t.objects) {
    const p = parseNondetObjectName(o.name);
    if (p === null) continue;
    out.push({ value: inputText(p.kind, o.bytes), type: KINDS[p.kind]?.type ?? p.kind });
  }
  return out;
}
