// `sympath ktest FILE.ktest... [--json]`: print a .ktest the way KLEE's ktest-tool does (args, objects
// with name, size, data as a Python bytes literal, hex, int/uint for 1-, 2-, 4- and 8-byte objects, and
// printable text), or as JSON. Reads KLEE's files as well as sympath's.

import { Command } from 'commander';
import { KTestFormatError, readKTest, type KTest } from '../engine/ktest.js';
import { UserError } from './user-error.js';

/** Python's repr() of a str: single quotes unless the text has ' and no ". */
export function pyStr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

/** Python's repr() of bytes: b'...' with \xNN for anything not printable ASCII. */
export function pyBytes(b: Uint8Array): string {
  const hasSingle = b.includes(0x27);
  const quote = hasSingle && !b.includes(0x22) ? '"' : "'";
  let out = `b${quote}`;
  for (const c of b) {
    if (c === 0x5c) out += '\\\\';
    else if (c === quote.charCodeAt(0)) out += `\\${quote}`;
    else if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c === 0x09) out += '\\t';
    else if (c >= 0x20 && c < 0x7f) out += String.fromCharCode(c);
    else out += `\\x${c.toString(16).padStart(2, '0')}`;
  }
  return out + quote;
}

function hex(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** Little-endian signed and unsigned values of a 1/2/4/8-byte object (as ktest-tool shows them). */
export function intsOf(b: Uint8Array): { int: bigint; uint: bigint } | undefined {
  if (![1, 2, 4, 8].includes(b.length)) return undefined;
  let u = 0n;
  for (let i = b.length - 1; i >= 0; i--) u = (u << 8n) | BigInt(b[i]!);
  const bits = BigInt(b.length * 8);
  const s = u >= 1n << (bits - 1n) ? u - (1n << bits) : u;
  return { int: s, uint: u };
}

/** Printable characters as they are, everything else as '.' (ktest-tool's "text"). */
export function textOf(b: Uint8Array): string {
  return Array.from(b, (c) => (c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '.')).join('');
}

export function formatKTest(file: string, t: KTest): string {
  const lines = [
    `ktest file : ${pyStr(file)}`,
    `args       : [${t.args.map(pyStr).join(', ')}]`,
    `num objects: ${t.objects.length}`,
  ];
  t.objects.forEach((o, i) => {
    const p = `object ${i}:`;
    lines.push(`${p} name: ${pyStr(o.name)}`, `${p} size: ${o.bytes.length}`, `${p} data: ${pyBytes(o.bytes)}`);
    lines.push(`${p} hex : 0x${hex(o.bytes)}`);
    const ints = intsOf(o.bytes);
    if (ints) lines.push(`${p} int : ${ints.int}`, `${p} uint: ${ints.uint}`);
    lines.push(`${p} text: ${textOf(o.bytes)}`);
  });
  return `${lines.join('\n')}\n`;
}

const jsonInt = (v: bigint): number | string => (v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString());

/** The JSON form: int/uint are numbers, or decimal strings beyond 2^53; absent for other sizes. */
export function ktestJson(file: string, t: KTest): object {
  return {
    file,
    version: t.version,
    args: t.args,
    symArgvs: t.symArgvs,
    symArgvLen: t.symArgvLen,
    objects: t.objects.map((o) => {
      const ints = intsOf(o.bytes);
      return {
        name: o.name,
        size: o.bytes.length,
        hex: hex(o.bytes),
        ...(ints ? { int: jsonInt(ints.int), uint: jsonInt(ints.uint) } : {}),
        text: textOf(o.bytes),
      };
    }),
  };
}

function load(file: string): KTest {
  try {
    return readKTest(file);
  } catch (e) {
    if (e instanceof KTestFormatError) throw new UserError(`sympath ktest: ${e.message}`);
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UserError(`sympath ktest: ${file}: no such file`);
    if (code === 'EISDIR') throw new UserError(`sympath ktest: ${file}: is a directory`);
    throw new UserError(`sympath ktest: ${file}: ${(e as Error).message}`);
  }
}

export function register(program: Command): void {
  program
    .command('ktest')
    .summary('print a .ktest file (like KLEE\'s ktest-tool)')
    .argument('<files...>', '.ktest files (sympath\'s or KLEE\'s)')
    .option('--json', 'print JSON instead: one object, or an array for several files')
    .action((files: string[], flags: { json?: boolean }) => {
      const tests = files.map((f) => ({ file: f, t: load(f) }));
      if (flags.json) {
        const docs = tests.map(({ file, t }) => ktestJson(file, t));
        process.stdout.write(`${JSON.stringify(docs.length === 1 ? docs[0] : docs, null, 2)}\n`);
      } else {
        process.stdout.write(tests.map(({ file, t }) => formatKTest(file, t)).join('\n'));
      }
    });
}
