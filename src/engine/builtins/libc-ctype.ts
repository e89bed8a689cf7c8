// glibc's <ctype.h> tables for programs compiled against glibc headers with `--libc none`: the
// isalpha()… macros index `*__ctype_b_loc()` (class bits per character, index -128..255) and
// tolower()/toupper() index `*__ctype_tolower_loc()` / `*__ctype_toupper_loc()`. The tables (C
// locale, glibc's bit layout) are read-only objects laid out when the module declares the functions.

import type { AddressSpace } from '../../memory/address-space.js';
import { ObjKind } from '../../memory/memory-object.js';
import type { Executor } from '../executor.js';
import type { BuiltinTableEntries } from './types.js';

// glibc's _ISbit(n) on little-endian machines
const UPPER = 1 << 8, LOWER = 1 << 9, ALPHA = 1 << 10, DIGIT = 1 << 11, XDIGIT = 1 << 12, SPACE = 1 << 13;
const PRINT = 1 << 14, GRAPH = 1 << 15, BLANK = 1 << 0, CNTRL = 1 << 1, PUNCT = 1 << 2, ALNUM = 1 << 3;

function classBits(c: number): number {
  let m = 0;
  const upper = c >= 65 && c <= 90;
  const lower = c >= 97 && c <= 122;
  const digit = c >= 48 && c <= 57;
  if (upper) m |= UPPER | ALPHA | ALNUM;
  if (lower) m |= LOWER | ALPHA | ALNUM;
  if (digit) m |= DIGIT | ALNUM;
  if (digit || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)) m |= XDIGIT;
  if (c === 32 || (c >= 9 && c <= 13)) m |= SPACE;
  if (c >= 32 && c <= 126) m |= PRINT;
  if (c >= 33 && c <= 126) m |= GRAPH;
  if (c === 32 || c === 9) m |= BLANK;
  if (c < 32 || c === 127) m |= CNTRL;
  if (c >= 33 && c <= 126 && !upper && !lower && !digit) m |= PUNCT;
  return m;
}

export const CTYPE_FUNCTIONS = ['__ctype_b_loc', '__ctype_tolower_loc', '__ctype_toupper_loc'] as const;

/** Lays out the tables and their pointer cells; returns each function's result (the cell address). */
export function setupCtype(ex: Executor, space: AddressSpace): Map<string, bigint> {
  const out = new Map<string, bigint>();
  const table = (name: string, entry: number, value: (c: number) => number): bigint => {
    const mo = ex.image.allocator.allocate(384 * entry, ObjKind.Global, name, 'libc', true);
    const os = space.bind(mo);
    for (let i = 0; i < 384; i++) {
      const c = i - 128;
      os.writeConcrete(i * entry, entry, BigInt.asUintN(entry * 8, BigInt(value(c))));
    }
    const cell = ex.image.allocator.allocate(8, ObjKind.Global, `${name} pointer`, 'libc', true);
    space.bind(cell).writeConcrete(0, 8, BigInt(mo.address + 128 * entry));
    return BigInt(cell.address);
  };
  out.set('__ctype_b_loc', table('__ctype_b', 2, (c) => (c >= 0 && c < 128 ? classBits(c) : 0)));
  out.set('__ctype_tolower_loc', table('__ctype_tolower', 4, (c) => (c >= 65 && c <= 90 ? c + 32 : c)));
  out.set('__ctype_toupper_loc', table('__ctype_toupper', 4, (c) => (c >= 97 && c <= 122 ? c - 32 : c)));
  return out;
}

export const CTYPE_TABLES: BuiltinTableEntries = Object.fromEntries(
  CTYPE_FUNCTIONS.map((name) => [name, (c) => c.ex.builtins.staticData(name)]),
);
