// Module-level syntax: types, globals and their initializers (nested constant expressions), aliases,
// declarations, attributes, and clang-14's typed pointers.
import { describe, expect, it } from 'vitest';
import { fn, inst, mod } from './helpers.js';
import { printConstant } from '../../src/ir/index.js';
import type { Constant, ConstExpr, GlobalVariable, Module } from '../../src/ir/model.js';
import { typeToString } from '../../src/ir/types.js';

const global = (m: Module, name: string) => m.symbols.get(name) as GlobalVariable;
const init = (m: Module, name: string) => global(m, name).initializer!;

describe('module header', () => {
  it('reads source_filename, datalayout, triple and module asm', () => {
    const m = mod(`; ModuleID = 'a.c'
source_filename = "a.c"
target datalayout = "e-m:e-i64:64-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
module asm ".globl foo"
$c = comdat any
`);
    expect([m.sourceFileName, m.dataLayout, m.triple, m.moduleAsm]).toEqual(['a.c', 'e-m:e-i64:64-n8:16:32:64-S128', 'x86_64-pc-linux-gnu', ['.globl foo']]);
  });
});

describe('types', () => {
  const m = mod(`%struct.node = type { i32, ptr, %struct.inner }
%struct.inner = type <{ i8, i32 }>
%struct.opaque = type opaque
%union.u = type { [2 x i32] }
%0 = type { i64 }
@n = global %struct.node zeroinitializer
@v = global <4 x float> zeroinitializer
@z = global { i32, [0 x i8] } zeroinitializer
@w = global %0 zeroinitializer
`);
  it('shares identified structs and fills bodies defined later', () => {
    const node = m.types.get('struct.node')!;
    const inner = m.types.get('struct.inner')!;
    expect(node.fields[2]).toBe(inner);
    expect(inner.packed).toBe(true);
    expect(inner.fields.map(typeToString)).toEqual(['i8', 'i32']);
    expect(m.types.get('struct.opaque')!.opaque).toBe(true);
    expect(global(m, 'n').valueType).toBe(node);
    expect(typeToString(global(m, 'w').valueType)).toBe('%0');
  });
  it('parses vectors, arrays and literal structs', () => {
    expect(typeToString(global(m, 'v').valueType)).toBe('<4 x float>');
    expect(typeToString(global(m, 'z').valueType)).toBe('{ i32, [0 x i8] }');
  });
});

describe('global variables', () => {
  const m = mod(`@a = dso_local global [4 x i32] [i32 1, i32 2, i32 3, i32 0], align 16, !dbg !0
@s = private unnamed_addr constant [4 x i8] c"%d\\0A\\00", align 1
@e = external global i32, align 4
@w = extern_weak global ptr
@t = thread_local(initialexec) global i32 5, section ".tdata", comdat, align 4
@u = internal global { i8, i8 } { i8 17, i8 -1 }
@p = global <{ i8, i32 }> <{ i8 1, i32 2 }>
@b = global i1 true
@f = global float 1.000000e+00
@d = global double 0x7FF0000000000000
@h = global half 0xH3C00
@x = global x86_fp80 0xK3FFF8000000000000000
@q = global fp128 0xL00000000000000003FFF000000000000
@big = global i128 170141183460469231731687303715884105727
@neg = global i64 -1
@ptrs = global [2 x ptr] [ptr @a, ptr null]
@vec = global <2 x i16> <i16 1, i16 -2>
@un = global i32 undef
@po = global ptr poison
@0 = private global i8 0
!0 = !{}
`);
  it('reads linkage, constness, alignment, sections and thread locality', () => {
    const a = global(m, 'a');
    expect([a.linkage, a.isConstant, a.align, a.attrs]).toEqual(['', false, 16, ['dso_local']]);
    const s = global(m, 's');
    expect([s.linkage, s.isConstant, s.attrs]).toEqual(['private', true, ['unnamed_addr']]);
    expect(global(m, 'e').initializer).toBeUndefined();
    expect(global(m, 'w').initializer).toBeUndefined();
    const t = global(m, 't');
    expect([t.threadLocal, t.section, t.align]).toEqual([true, '.tdata', 4]);
    expect(t.attrs).toContain('comdat');
    expect(global(m, '0').valueType).toBeDefined();
    expect(m.globals.map((g) => g.name)[0]).toBe('a');
  });
  it('parses integer, float and string constants', () => {
    expect(printConstant(init(m, 'a'))).toBe('[i32 1, i32 2, i32 3, i32 0]');
    expect(Array.from((init(m, 's') as { bytes: Uint8Array }).bytes)).toEqual([37, 100, 10, 0]);
    expect(printConstant(init(m, 'u'))).toBe('{ i8 17, i8 -1 }');
    expect(printConstant(init(m, 'p'))).toBe('<{ i8 1, i32 2 }>');
    expect(printConstant(init(m, 'b'))).toBe('true');
    const bits = (n: string) => (init(m, n) as { bits: bigint }).bits;
    expect(bits('f')).toBe(0x3f800000n);
    expect(bits('d')).toBe(0x7ff0000000000000n);
    expect(bits('h')).toBe(0x3c00n);
    expect(bits('x')).toBe(0x3fff8000000000000000n);
    expect(bits('q')).toBe(0x3fff0000000000000000000000000000n);
    expect((init(m, 'big') as { value: bigint }).value).toBe(2n ** 127n - 1n);
    expect((init(m, 'neg') as { value: bigint }).value).toBe(2n ** 64n - 1n);
    expect(printConstant(init(m, 'vec'))).toBe('<i16 1, i16 -2>');
    expect(init(m, 'un').vk).toBe('cundef');
    expect(init(m, 'po').vk).toBe('cpoison');
  });
  it('resolves global references to the global objects', () => {
    const ptrs = init(m, 'ptrs') as unknown as { elements: Constant[] };
    expect(ptrs.elements[0]).toBe(global(m, 'a'));
  });
});

describe('constant expressions', () => {
  const m = mod(`@arr = global [10 x i32] zeroinitializer
@gs = global { i32, ptr } { i32 1, ptr @gs }
@addr = global i64 ptrtoint (ptr getelementptr (i8, ptr @arr, i64 12) to i64)
@pa = global ptr getelementptr inbounds ([10 x i32], ptr @arr, i64 0, i64 3)
@rel = constant [1 x i32] [i32 trunc (i64 sub (i64 ptrtoint (ptr @arr to i64), i64 ptrtoint (ptr @rel to i64)) to i32)]
@cmp = global i1 icmp eq (ptr @arr, ptr null)
@sel = global i32 select (i1 icmp ne (ptr @arr, ptr null), i32 1, i32 2)
@ar = global i64 add nuw (i64 ptrtoint (ptr @arr to i64), i64 8)
@later = global ptr @defined.later
@fnp = global ptr @f
@defined.later = global i32 0
declare void @f()
`);
  it('parses nested casts, getelementptr and arithmetic', () => {
    const addr = init(m, 'addr') as ConstExpr;
    expect(addr.op).toBe('ptrtoint');
    const gep = addr.operands[0] as ConstExpr;
    expect(gep.op).toBe('getelementptr');
    expect(typeToString(gep.sourceElemType!)).toBe('i8');
    expect(gep.operands[0]).toBe(global(m, 'arr'));
    const pa = init(m, 'pa') as ConstExpr;
    expect(pa.flags).toBeTruthy();
    expect(pa.operands).toHaveLength(3);
    const rel = (init(m, 'rel') as unknown as { elements: ConstExpr[] }).elements[0]!;
    expect(rel.op).toBe('trunc');
    expect((rel.operands[0] as ConstExpr).op).toBe('sub');
    expect((init(m, 'ar') as ConstExpr).flags).toBe(1);
  });
  it('parses constant comparisons and selects (older IR)', () => {
    const c = init(m, 'cmp') as ConstExpr;
    expect([c.op, c.predicate, typeToString(c.type)]).toEqual(['icmp', 'eq', 'i1']);
    expect((init(m, 'sel') as ConstExpr).op).toBe('select');
  });
  it('resolves references to globals defined later, and self references', () => {
    expect(init(m, 'later')).toBe(global(m, 'defined.later'));
    expect(init(m, 'fnp')).toBe(m.symbols.get('f'));
    expect((init(m, 'gs') as unknown as { elements: Constant[] }).elements[1]).toBe(global(m, 'gs'));
  });
});

describe('functions, declarations, attributes, aliases', () => {
  const m = mod(`declare noundef i32 @printf(ptr noundef, ...) #1
declare !dbg !9 void @g()
define internal fastcc noundef i32 @f(ptr noundef nonnull align 8 dereferenceable(16) %p, i32 range(i32 0, 10) %n) unnamed_addr #0 section ".text.f" comdat align 16 gc "shadow-stack" prefix i32 7 !dbg !3 {
  ret i32 0
}
@a = dso_local alias i32 (ptr, i32), ptr @f
@ifn = ifunc void (), ptr @g
attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" memory(argmem: readwrite) alignstack=16 }
attributes #1 = { "no-builtins" nofree }
!3 = distinct !DISubprogram(name: "f", scope: !4, file: !4, line: 12, unit: !5)
!4 = !DIFile(filename: "src/f.c", directory: "/home/u")
!5 = distinct !DICompileUnit(language: DW_LANG_C11, file: !4)
!9 = !DISubprogram(name: "g", file: !4, line: 3)
`);
  const f = m.symbols.get('f') as import('../../src/ir/model.js').Func;
  it('reads the header: linkage, cc, return and parameter attributes, suffix keywords', () => {
    expect(f.linkage).toBe('internal');
    expect(f.attrs).toEqual(['fastcc', 'unnamed_addr', 'section ".text.f"', 'comdat', 'gc "shadow-stack"', 'prefix i32 7']);
    expect(f.retAttrs).toEqual(['noundef']);
    expect(f.params[0]!.attrs).toEqual(['noundef', 'nonnull', 'align 8', 'dereferenceable(16)']);
    expect(f.params[1]!.attrs).toEqual(['range(i32 0, 10)']);
    expect(f.fnAttrs).toEqual(['align 16', 'noinline', 'nounwind', 'optnone', 'uwtable', '"frame-pointer"="all"', 'memory(argmem: readwrite)', 'alignstack=16']);
  });
  it('takes the source file and line from the DISubprogram', () => {
    expect([f.sourceFile, f.sourceLine]).toEqual(['/home/u/src/f.c', 12]);
    const g = m.symbols.get('g') as typeof f;
    expect([g.isDeclaration, g.sourceLine]).toEqual([true, 3]);
  });
  it('parses declarations with varargs and group attributes', () => {
    const p = m.symbols.get('printf') as typeof f;
    expect(p.isDeclaration).toBe(true);
    expect(typeToString(p.fnType)).toBe('i32 (ptr, ...)');
    expect(p.fnAttrs).toEqual(['"no-builtins"', 'nofree']);
    expect(p.params.map((x) => x.name)).toEqual(['']);
  });
  it('parses aliases and ifuncs', () => {
    const a = m.aliases[0]!;
    expect([a.name, a.aliasee]).toEqual(['a', f]);
    expect(typeToString(a.valueType)).toBe('i32 (ptr, i32)');
    expect(m.aliases[1]!.attrs).toContain('ifunc');
  });
});

describe('typed pointers (clang-14)', () => {
  const m = mod(`%struct.S = type { i32, %struct.S* }
@gs = global %struct.S { i32 1, %struct.S* @gs }
@names = global [1 x i8*] [i8* getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i32 0, i32 0)]
@.str = private constant [2 x i8] c"a\\00"
@fp = global i32 (i32)* @sq
@pa = global i32* bitcast (i8* getelementptr (i8, i8* bitcast ([10 x i32]* @arr to i8*), i64 12) to i32*)
@arr = global [10 x i32] zeroinitializer
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare i32 @printf(i8*, ...)
define i32 @sq(i32 %x) {
  %p = alloca i32, align 4
  call void @llvm.dbg.declare(metadata i32* %p, metadata !1, metadata !DIExpression())
  store i32 %x, i32* %p, align 4
  %v = load i32, i32* %p, align 4
  %s = getelementptr inbounds %struct.S, %struct.S* @gs, i32 0, i32 1
  %n = load %struct.S*, %struct.S** %s
  %c = bitcast %struct.S* %n to i8*
  %q = bitcast i8* %c to i32*
  %f = load i32 (i32)*, i32 (i32)** @fp
  %r = call i32 %f(i32 %v)
  %pr = call i32 (i8*, ...) @printf(i8* getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0), i32 %r)
  %as = addrspacecast i32* %q to i32 addrspace(1)*
  ret i32 %r
}
!1 = !{}
`);
  it('treats every T* as ptr', () => {
    expect(typeToString(m.types.get('struct.S')!.fields[1]!)).toBe('ptr');
    const sq = m.symbols.get('sq') as import('../../src/ir/model.js').Func;
    expect(typeToString(inst(sq, 'n').type)).toBe('ptr');
    expect(inst(sq, 'q').operands[0]).toBe(inst(sq, 'c'));
    expect(typeToString(inst(sq, 'as').type)).toBe('ptr addrspace(1)');
    expect(inst(sq, 'r').operands[0]).toBe(inst(sq, 'f'));
    expect(typeToString(inst(sq, 'pr').fnType!)).toBe('i32 (ptr, ...)');
  });
  it('parses typed constant expressions', () => {
    expect((init(m, 'pa') as ConstExpr).op).toBe('bitcast');
    expect(init(m, 'fp')).toBe(m.symbols.get('sq'));
  });
});

describe('source locations from debug metadata', () => {
  const f = fn(
    `  %a = add i32 1, 2, !dbg !10
  %b = add i32 %a, 1, !dbg !11
  %c = add i32 %b, 1, !dbg !12
  %d = add i32 %c, 1, !dbg !DILocation(line: 99, column: 1, scope: !2)
  %e = add i32 %d, 1
    #dbg_value(i32 %e, !20, !DIExpression(), !10)
  ret void, !dbg !13`,
    'void @f() !dbg !2',
    `!2 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 4, type: !30, unit: !31)
!1 = !DIFile(filename: "main.c", directory: "/w")
!3 = distinct !DILexicalBlock(scope: !2, file: !1, line: 5, column: 3)
!4 = !DILexicalBlockFile(scope: !3, file: !5, discriminator: 0)
!5 = !DIFile(filename: "/abs/inc.h", directory: "/w")
!6 = distinct !DISubprogram(name: "g", scope: !5, file: !5, line: 1, unit: !31)
!10 = !DILocation(line: 5, column: 7, scope: !2)
!11 = !DILocation(line: 6, column: 9, scope: !3)
!12 = !DILocation(line: 2, column: 3, scope: !4, inlinedAt: !14)
!13 = !DILocation(line: 8, scope: !6)
!14 = distinct !DILocation(line: 7, column: 1, scope: !2)
!20 = !DILocalVariable(name: "e", scope: !2, file: !1, line: 5, type: !30)
!30 = !DISubroutineType(types: !{null})
!31 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: false, emissionKind: FullDebug)
!llvm.dbg.cu = !{!31}
!llvm.module.flags = !{!40}
!40 = !{i32 7, !"Dwarf Version", i32 5}
!41 = !DIUnknownFutureNode(foo: bar, baz: !{!"x"})
`,
  );
  it('follows DILocation → scope chain → DIFile', () => {
    expect(inst(f, 'a').loc).toEqual({ file: '/w/main.c', line: 5, col: 7 });
    expect(inst(f, 'b').loc).toEqual({ file: '/w/main.c', line: 6, col: 9 });
  });
  it('uses the inlined location itself and absolute file names as written', () => {
    expect(inst(f, 'c').loc).toEqual({ file: '/abs/inc.h', line: 2, col: 3 });
    expect(f.blocks[0]!.instructions.at(-1)!.loc).toEqual({ file: '/abs/inc.h', line: 8, col: 0 });
  });
  it('accepts inline DILocations, drops debug records, leaves undecorated instructions without loc', () => {
    expect(inst(f, 'd').loc).toEqual({ file: '/w/main.c', line: 99, col: 1 });
    expect(inst(f, 'e').loc).toBeUndefined();
    expect(f.blocks[0]!.instructions).toHaveLength(6);
    expect([f.sourceFile, f.sourceLine]).toEqual(['/w/main.c', 4]);
  });
});
