// Typing rules shared by instructions and constant expressions: which casts are valid, which types an
// opcode accepts, and the result types of comparisons, getelementptr and extractvalue. Each check
// returns an error message (or the result type), so the caller can locate it.

import type { Constant, Value } from './model.js';
import { I1, typeToString, type Type, type VectorType } from './types.js';
import { ptrType } from './parse-types.js';
import { vocabulary } from './vocabulary.js';

export const INT_BINARY = new Set(['add', 'sub', 'mul', 'udiv', 'sdiv', 'urem', 'srem', 'shl', 'lshr', 'ashr', 'and', 'or', 'xor']);
export const FP_BINARY = new Set(['fadd', 'fsub', 'fmul', 'fdiv', 'frem']);
export const CASTS = new Set([
  'trunc', 'zext', 'sext', 'fptrunc', 'fpext', 'fptoui', 'fptosi', 'uitofp', 'sitofp',
  'ptrtoint', 'inttoptr', 'bitcast', 'addrspacecast',
]);
/** Predicates, each mapped to its canonical string (vocabulary.ts). */
export const ICMP_PREDICATES = vocabulary(['eq', 'ne', 'ugt', 'uge', 'ult', 'ule', 'sgt', 'sge', 'slt', 'sle']);
export const FCMP_PREDICATES = vocabulary([
  'false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true',
]);

const FLOAT_BITS: Record<string, number> = { half: 16, bfloat: 16, float: 32, double: 64, x86_fp80: 80, fp128: 128, ppc_fp128: 128 };

function scalar(t: Type): Type {
  return t.kind === 'vector' ? t.elem : t;
}

/** Bit size of a first-class non-aggregate type for bitcast; 0 when it has none. */
function primitiveBits(t: Type): number {
  switch (t.kind) {
    case 'int':
      return t.bits;
    case 'float':
      return FLOAT_BITS[t.name]!;
    case 'vector': {
      const e = primitiveBits(t.elem);
      return t.elem.kind === 'ptr' ? 0 : e * t.length;
    }
    default:
      return 0;
  }
}

/** Why `op` cannot cast `src` to `dst`, or undefined when it can. */
export function castError(op: string, src: Type, dst: Type): string | undefined {
  const bad = `invalid cast opcode for cast from '${typeToString(src)}' to '${typeToString(dst)}'`;
  const sv = src.kind === 'vector';
  const dv = dst.kind === 'vector';
  if (op !== 'bitcast' && (sv !== dv || (sv && (src as VectorType).length !== (dst as VectorType).length))) return bad;
  const s = scalar(src);
  const d = scalar(dst);
  switch (op) {
    case 'trunc':
      return s.kind === 'int' && d.kind === 'int' && s.bits > d.bits ? undefined : bad;
    case 'zext':
    case 'sext':
      return s.kind === 'int' && d.kind === 'int' && s.bits < d.bits ? undefined : bad;
    case 'fptrunc':
      return s.kind === 'float' && d.kind === 'float' && FLOAT_BITS[s.name]! > FLOAT_BITS[d.name]! ? undefined : bad;
    case 'fpext':
      return s.kind === 'float' && d.kind === 'float' && FLOAT_BITS[s.name]! < FLOAT_BITS[d.name]! ? undefined : bad;
    case 'fptoui':
    case 'fptosi':
      return s.kind === 'float' && d.kind === 'int' ? undefined : bad;
    case 'uitofp':
    case 'sitofp':
      return s.kind === 'int' && d.kind === 'float' ? undefined : bad;
    case 'ptrtoint':
      return s.kind === 'ptr' && d.kind === 'int' ? undefined : bad;
    case 'inttoptr':
      return s.kind === 'int' && d.kind === 'ptr' ? undefined : bad;
    case 'addrspacecast':
      return s.kind === 'ptr' && d.kind === 'ptr' && s.addrSpace !== d.addrSpace ? undefined : bad;
    case 'bitcast': {
      if (s.kind === 'ptr' || d.kind === 'ptr') {
        // Pointers only to pointers of the same address space (vector lengths equal).
        if (s.kind !== 'ptr' || d.kind !== 'ptr' || s.addrSpace !== d.addrSpace) return bad;
        if (sv !== dv || (sv && (src as VectorType).length !== (dst as VectorType).length)) return bad;
        return undefined;
      }
      const sb = primitiveBits(src);
      return sb > 0 && sb === primitiveBits(dst) ? undefined : bad;
    }
  }
  return bad;
}

/** Why `op` does not accept operands of type `t`, or undefined. */
export function operandTypeError(op: string, t: Type): string | undefined {
  const s = scalar(t);
  if (INT_BINARY.has(op)) return s.kind === 'int' ? undefined : `invalid operand type '${typeToString(t)}' for '${op}'`;
  if (FP_BINARY.has(op) || op === 'fneg') return s.kind === 'float' ? undefined : `invalid operand type '${typeToString(t)}' for '${op}'`;
  if (op === 'icmp') return s.kind === 'int' || s.kind === 'ptr' ? undefined : `icmp requires integer or pointer operands, not '${typeToString(t)}'`;
  if (op === 'fcmp') return s.kind === 'float' ? undefined : `fcmp requires floating-point operands, not '${typeToString(t)}'`;
  return undefined;
}

/** i1, or <N x i1> for vector operands. */
export function cmpResultType(t: Type): Type {
  return t.kind === 'vector' ? { kind: 'vector', length: t.length, elem: I1, scalable: t.scalable } : I1;
}

function constIndex(v: Value): number | undefined {
  if (v.vk === 'cint') return Number(v.value);
  if (v.vk === 'czero') return 0;
  if (v.vk === 'caggr' && v.elements.length > 0) {
    // A splat vector index into a struct: all lanes must agree.
    const first = constIndex(v.elements[0]!);
    return v.elements.every((e) => constIndex(e) === first) ? first : undefined;
  }
  return undefined;
}

/** The result type of `getelementptr T, base, indices`, or an error message. */
export function gepResultType(src: Type, base: Value, indices: readonly Value[]): Type | string {
  let vecLen = base.type.kind === 'vector' ? base.type.length : 0;
  const baseScalar = scalar(base.type);
  if (baseScalar.kind !== 'ptr') return 'base of getelementptr must be a pointer';
  if (src.kind === 'struct' && src.opaque) return `getelementptr into opaque type '${typeToString(src)}'`;
  let cur = src;
  for (let i = 0; i < indices.length; i++) {
    const idx = indices[i]!;
    const it = idx.type;
    if (scalar(it).kind !== 'int') return 'getelementptr index must be an integer';
    if (it.kind === 'vector') {
      if (vecLen && vecLen !== it.length) return 'getelementptr vector index has a different length';
      vecLen = it.length;
    }
    if (i === 0) continue;
    if (cur.kind === 'struct') {
      const k = constIndex(idx);
      if (k === undefined || k < 0 || k >= cur.fields.length || scalar(it).kind !== 'int' || (scalar(it) as { bits: number }).bits !== 32)
        return 'invalid getelementptr indices';
      cur = cur.fields[k]!;
    } else if (cur.kind === 'array' || cur.kind === 'vector') cur = cur.elem;
    else return 'invalid getelementptr indices';
  }
  const p = ptrType(baseScalar.addrSpace);
  return vecLen ? { kind: 'vector', length: vecLen, elem: p, scalable: false } : p;
}

/** The type at `indices` inside aggregate `t` (extractvalue/insertvalue), or an error message. */
export function aggregateIndexType(t: Type, indices: readonly number[], op: string): Type | string {
  let cur = t;
  if (indices.length === 0) return `${op} requires at least one index`;
  for (const i of indices) {
    if (cur.kind === 'struct' && !cur.opaque && i < cur.fields.length) cur = cur.fields[i]!;
    else if (cur.kind === 'array' && i < cur.length) cur = cur.elem;
    else return `invalid indices for ${op}`;
  }
  return cur;
}

/** `<M x T>` for a shufflevector of `<N x T>` vectors with an M-lane mask. */
export function shuffleResultType(vec: Type, maskLanes: number): Type | string {
  if (vec.kind !== 'vector') return 'shufflevector operands must be vectors';
  return { kind: 'vector', length: maskLanes, elem: vec.elem, scalable: vec.scalable };
}

/** Lanes of a shufflevector mask constant (-1 for undef/poison lanes), or an error message. */
export function shuffleMask(mask: Constant): number[] | string {
  const t = mask.type;
  if (t.kind !== 'vector' || t.elem.kind !== 'int' || t.elem.bits !== 32) return 'shufflevector mask must be a vector of i32';
  if (mask.vk === 'czero') return new Array<number>(t.length).fill(0);
  if (mask.vk === 'cundef' || mask.vk === 'cpoison') return new Array<number>(t.length).fill(-1);
  if (mask.vk !== 'caggr') return 'shufflevector mask must be a constant vector';
  const out: number[] = [];
  for (const e of mask.elements) {
    if (e.vk === 'cint') out.push(Number(e.value));
    else if (e.vk === 'cundef' || e.vk === 'cpoison') out.push(-1);
    else return 'invalid shufflevector mask element';
  }
  return out;
}

