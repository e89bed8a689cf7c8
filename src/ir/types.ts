// LLVM types as the parser produces them. Identified structs are shared objects (one per name, body
// filled in when its definition is parsed), so type identity for them is object identity; every other
// type is compared structurally with `typesEqual`.

export type Type =
  | VoidType
  | IntType
  | FloatType
  | PtrType
  | LabelType
  | MetadataType
  | TokenType
  | ArrayType
  | VectorType
  | StructType
  | FunctionType;

export interface VoidType { readonly kind: 'void' }
export interface IntType { readonly kind: 'int'; readonly bits: number }
export type FloatKind = 'half' | 'bfloat' | 'float' | 'double' | 'x86_fp80' | 'fp128' | 'ppc_fp128';
export interface FloatType { readonly kind: 'float'; readonly name: FloatKind }
/** Opaque pointer. Typed pointers from clang-14 IR (`i8*`) are parsed as this too. */
export interface PtrType { readonly kind: 'ptr'; readonly addrSpace: number }
export interface LabelType { readonly kind: 'label' }
export interface MetadataType { readonly kind: 'metadata' }
export interface TokenType { readonly kind: 'token' }
export interface ArrayType { readonly kind: 'array'; readonly length: number; readonly elem: Type }
export interface VectorType {
  readonly kind: 'vector';
  readonly length: number;
  readonly elem: Type;
  readonly scalable: boolean;
}
export interface StructType {
  readonly kind: 'struct';
  /** Fields; for an identified struct filled when its body is parsed. */
  fields: Type[];
  packed: boolean;
  /** Name without the leading `%` for identified structs (`struct.foo`); undefined for literal ones. */
  readonly name?: string;
  /** An identified struct declared `opaque` (no body). */
  opaque: boolean;
}
export interface FunctionType {
  readonly kind: 'function';
  readonly ret: Type;
  readonly params: readonly Type[];
  readonly varArgs: boolean;
}

export const VOID: VoidType = { kind: 'void' };
export const PTR: PtrType = { kind: 'ptr', addrSpace: 0 };
export const LABEL: LabelType = { kind: 'label' };
export const METADATA: MetadataType = { kind: 'metadata' };
export const TOKEN: TokenType = { kind: 'token' };

const intTypes = new Map<number, IntType>();
/** Shared IntType objects: `intType(32) === intType(32)`. */
export function intType(bits: number): IntType {
  let t = intTypes.get(bits);
  if (!t) {
    t = { kind: 'int', bits };
    intTypes.set(bits, t);
  }
  return t;
}
export const I1 = intType(1);
export const I8 = intType(8);
export const I32 = intType(32);
export const I64 = intType(64);

const floatTypes = new Map<FloatKind, FloatType>();
export function floatType(name: FloatKind): FloatType {
  let t = floatTypes.get(name);
  if (!t) {
    t = { kind: 'float', name };
    floatTypes.set(name, t);
  }
  return t;
}

export function typesEqual(a: Type, b: Type): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'int':
      return a.bits === (b as IntType).bits;
    case 'float':
      return a.name === (b as FloatType).name;
    case 'ptr':
      return a.addrSpace === (b as PtrType).addrSpace;
    case 'array':
    case 'vector':
      return a.length === (b as ArrayType).length && typesEqual(a.elem, (b as ArrayType).elem);
    case 'struct': {
      const s = b as StructType;
      if (a.name !== undefined || s.name !== undefined) return false; // identified: identity only
      return a.packed === s.packed && a.fields.length === s.fields.length && a.fields.every((f, i) => typesEqual(f, s.fields[i]!));
    }
    case 'function': {
      const f = b as FunctionType;
      return (
        a.varArgs === f.varArgs &&
        typesEqual(a.ret, f.ret) &&
        a.params.length === f.params.length &&
        a.params.every((p, i) => typesEqual(p, f.params[i]!))
      );
    }
    default:
      return true;
  }
}

/** The type as LLVM prints it (`i32`, `ptr`, `[4 x i8]`, `%struct.s`, `{ i32, ptr }`). */
export function typeToString(t: Type): string {
  switch (t.kind) {
    case 'void':
    case 'label':
    case 'metadata':
    case 'token':
      return t.kind;
    case 'int':
      return `i${t.bits}`;
    case 'float':
      return t.name;
    case 'ptr':
      return t.addrSpace ? `ptr addrspace(${t.addrSpace})` : 'ptr';
    case 'array':
      return `[${t.length} x ${typeToString(t.elem)}]`;
    case 'vector':
      return `<${t.scalable ? 'vscale x ' : ''}${t.length} x ${typeToString(t.elem)}>`;
    case 'struct': {
      if (t.name !== undefined) return `%${t.name}`;
      const body = `{ ${t.fields.map(typeToString).join(', ')} }`;
      return t.packed ? `<${body}>` : body;
    }
    case 'function':
      return `${typeToString(t.ret)} (${[...t.params.map(typeToString), ...(t.varArgs ? ['...'] : [])].join(', ')})`;
  }
}

export function isIntOrIntVector(t: Type): boolean {
  return t.kind === 'int' || (t.kind === 'vector' && t.elem.kind === 'int');
}

/** Element type of a vector, or the type itself for scalars. */
export function scalarType(t: Type): Type {
  return t.kind === 'vector' ? t.elem : t;
}
