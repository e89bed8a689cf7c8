// Values as LLVM writes them: operand references (`%x`, `@g`, `label %bb`), constants (literals,
// aggregates, constant expressions, floats in LLVM's hexadecimal forms). Used for messages and by the
// module printer (print.ts).

import type { Constant, ConstExpr, Value } from './model.js';
import { quoteName } from './parse-context.js';
import { doubleToBits } from './float-bits.js';
import { typeToString, type FloatType } from './types.js';

/** A value as it would appear as an operand in a message: `%x`, `@g`, `i32 5`, `null`, `label %bb`. */
export function printValueRef(v: Value): string {
  switch (v.vk) {
    case 'inst':
    case 'arg':
      return v.name === '' ? `<unnamed ${typeToString(v.type)}>` : `%${quoteName(v.name)}`;
    case 'block':
      return `label %${quoteName(v.name)}`;
    case 'global':
    case 'func':
    case 'alias':
      return `@${quoteName(v.name)}`;
    case 'metadata':
      return `metadata ${v.text}`;
    case 'asm':
      return `asm ${JSON.stringify(v.asm)}`;
    default:
      return `${typeToString(v.type)} ${printConstant(v)}`;
  }
}

/** An operand without its type: `%x`, `@g`, `7`, `null`, `%bb` (blocks), `asm sideeffect "…", "…"`. */
export function operandText(v: Value): string {
  switch (v.vk) {
    case 'inst':
    case 'arg':
    case 'block':
      return `%${quoteName(v.name)}`;
    case 'metadata':
      return metadataText(v.text);
    case 'asm':
      return `asm sideeffect ${llvmString(v.asm)}, ${llvmString(v.constraints)}`;
    default:
      return printConstant(v);
  }
}

/** `T v` (`label %bb` for blocks, `metadata …` for metadata operands). */
export function typedOperand(v: Value): string {
  if (v.vk === 'block') return `label %${quoteName(v.name)}`;
  if (v.vk === 'metadata') return `metadata ${metadataText(v.text)}`;
  return `${typeToString(v.type)} ${operandText(v)}`;
}

/**
 * A metadata operand's text, made standalone: the model keeps no metadata nodes, so an operand that
 * names one (`!12`), or uses clang-14's typed-pointer syntax, prints as an empty node `!{}`.
 */
function metadataText(text: string): string {
  return /![0-9]|\*/.test(text) ? '!{}' : text;
}

/** A constant without its type, as LLVM writes it (`5`, `null`, `getelementptr (i8, ptr @a, i64 1)`). */
export function printConstant(c: Constant): string {
  switch (c.vk) {
    case 'cint':
      if (c.type.kind === 'int' && c.type.bits === 1) return c.value ? 'true' : 'false';
      return BigInt.asIntN(c.type.kind === 'int' ? c.type.bits : 64, c.value).toString();
    case 'cfloat':
      return floatLiteral((c.type as FloatType).name, c.bits);
    case 'cnull':
      return c.type.kind === 'token' ? 'none' : 'null';
    case 'cundef':
      return 'undef';
    case 'cpoison':
      return 'poison';
    case 'czero':
      return 'zeroinitializer';
    case 'cdata':
      return `c${llvmString(c.bytes)}`;
    case 'caggr': {
      const inner = c.elements.map(typedOperand).join(', ');
      const t = c.type;
      if (t.kind === 'array') return `[${inner}]`;
      if (t.kind === 'vector') return `<${inner}>`;
      return t.kind === 'struct' && t.packed ? `<{ ${inner} }>` : `{ ${inner} }`;
    }
    case 'cexpr':
      return constExprText(c);
    case 'blockaddr':
      return `blockaddress(@${quoteName(c.fn.name)}, %${quoteName(c.block.name)})`;
    default:
      return `@${quoteName(c.name)}`;
  }
}

function constExprText(c: ConstExpr): string {
  const ops = c.operands;
  switch (c.op) {
    case 'trunc': case 'zext': case 'sext': case 'fptrunc': case 'fpext': case 'fptoui': case 'fptosi':
    case 'uitofp': case 'sitofp': case 'ptrtoint': case 'inttoptr': case 'bitcast': case 'addrspacecast':
      return `${c.op} (${typedOperand(ops[0]!)} to ${typeToString(c.type)})`;
    case 'getelementptr': {
      const inb = c.flags && c.flags & 32 ? ' inbounds' : '';
      return `getelementptr${inb} (${typeToString(c.sourceElemType!)}, ${ops.map(typedOperand).join(', ')})`;
    }
    case 'icmp':
    case 'fcmp':
      return `${c.op} ${c.predicate} (${ops.map(typedOperand).join(', ')})`;
    default: {
      const flags = c.flags ? flagWords(c.flags) : '';
      return `${c.op}${flags} (${ops.map(typedOperand).join(', ')})`;
    }
  }
}

/** ` nuw nsw exact disjoint` for the InstFlag bits that arithmetic carries. */
export function flagWords(flags: number): string {
  let s = '';
  if (flags & 1) s += ' nuw';
  if (flags & 2) s += ' nsw';
  if (flags & 4) s += ' exact';
  if (flags & 8) s += ' disjoint';
  return s;
}

/** LLVM's float literal for bits of a format: double-bits hex for half…double, 0xK/0xL/0xM else. */
export function floatLiteral(kind: FloatType['name'], bits: bigint): string {
  const hex = (v: bigint, digits: number) => v.toString(16).toUpperCase().padStart(digits, '0');
  switch (kind) {
    case 'double':
      return `0x${hex(bits, 16)}`;
    case 'float': {
      const view = new DataView(new ArrayBuffer(4));
      view.setUint32(0, Number(bits));
      return `0x${hex(doubleToBits(view.getFloat32(0)), 16)}`;
    }
    case 'half':
      return `0xH${hex(bits, 4)}`;
    case 'bfloat':
      return `0xR${hex(bits, 4)}`;
    case 'x86_fp80':
      return `0xK${hex(bits, 20)}`;
    case 'fp128':
    case 'ppc_fp128': {
      const lo = bits & ((1n << 64n) - 1n);
      const hi = bits >> 64n;
      return `0x${kind === 'fp128' ? 'L' : 'M'}${hex(lo, 16)}${hex(hi, 16)}`;
    }
  }
}

/** `"…"` with LLVM's escapes (printable ASCII except `"` and `\` as is, the rest as \XX). */
export function llvmString(s: string | Uint8Array): string {
  const bytes = typeof s === 'string' ? new TextEncoder().encode(s) : s;
  let out = '"';
  for (const b of bytes) out += b >= 32 && b < 127 && b !== 34 && b !== 92 ? String.fromCharCode(b) : `\\${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out + '"';
}

