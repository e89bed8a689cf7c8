// One test per instruction family: operands, result types, flags and opcode-specific fields.
import { describe, expect, it } from 'vitest';
import { fn, inst, insts } from './helpers.js';
import { InstFlag, type BasicBlock, type ConstInt, type Func, type Instruction } from '../../src/ir/model.js';
import { typeToString } from '../../src/ir/types.js';

const ty = (i: Instruction) => typeToString(i.type);
const cint = (v: unknown) => (v as ConstInt).value;

describe('arithmetic and bitwise instructions', () => {
  const f = fn(
    `  %a = add nuw nsw i32 %x, 1
  %b = sub nsw i32 %a, %x
  %c = mul nuw i32 %b, 3
  %d = udiv exact i32 %c, 2
  %e = sdiv i32 %d, -1
  %g = urem i32 %e, 7
  %h = srem i32 %g, 7
  %i = shl nuw i32 %h, 1
  %j = lshr exact i32 %i, 1
  %k = ashr i32 %j, 31
  %l = and i32 %k, 255
  %m = or disjoint i32 %l, 256
  %n = xor i32 %m, -1
  %v = add <4 x i32> %w, <i32 1, i32 2, i32 3, i32 4>
  ret i32 %n`,
    'i32 @f(i32 %x, <4 x i32> %w)',
  );
  it('parses every integer binary operator with its flags', () => {
    const names = 'abcdeghijklmn'.split('');
    expect(names.map((n) => inst(f, n).op)).toEqual(['add', 'sub', 'mul', 'udiv', 'sdiv', 'urem', 'srem', 'shl', 'lshr', 'ashr', 'and', 'or', 'xor']);
    expect(inst(f, 'a').flags).toBe(InstFlag.NUW | InstFlag.NSW);
    expect(inst(f, 'b').flags).toBe(InstFlag.NSW);
    expect(inst(f, 'd').flags).toBe(InstFlag.Exact);
    expect(inst(f, 'm').flags).toBe(InstFlag.Disjoint);
    expect(inst(f, 'e').flags).toBe(0);
  });
  it('resolves operands to the defining objects', () => {
    expect(inst(f, 'b').operands[0]).toBe(inst(f, 'a'));
    expect(inst(f, 'b').operands[1]).toBe(f.params[0]);
    expect(cint(inst(f, 'e').operands[1])).toBe(0xffffffffn); // -1 as unsigned
  });
  it('types vector arithmetic', () => {
    expect(ty(inst(f, 'v'))).toBe('<4 x i32>');
    expect(inst(f, 'v').operands[1]!.vk).toBe('caggr');
  });
});

describe('floating point', () => {
  const f = fn(
    `  %a = fadd fast double %x, 1.500000e+00
  %b = fsub nnan ninf double %a, 0x3FF0000000000000
  %c = fmul contract double %b, %b
  %d = fdiv double %c, 2.0
  %e = frem double %d, 3.0
  %g = fneg double %e
  %h = fcmp olt double %g, 0.0
  %i = fcmp uno double %g, %g
  %t = fptrunc double %g to float
  %u = fpext float %t to x86_fp80
  %v = fptoui double %g to i32
  %w = fptosi double %g to i64
  %y = uitofp nneg i32 %v to float
  %z = sitofp i64 %w to double
  ret void`,
    'void @f(double %x)',
  );
  it('parses fp arithmetic, fast-math flags dropped', () => {
    expect(['a', 'b', 'c', 'd', 'e', 'g'].map((n) => inst(f, n).op)).toEqual(['fadd', 'fsub', 'fmul', 'fdiv', 'frem', 'fneg']);
    expect(inst(f, 'g').operands).toHaveLength(1);
  });
  it('keeps float constants as IEEE bits of their type', () => {
    const c = inst(f, 'a').operands[1] as { bits: bigint };
    expect(c.bits).toBe(0x3ff8000000000000n);
    expect((inst(f, 'b').operands[1] as { bits: bigint }).bits).toBe(0x3ff0000000000000n);
  });
  it('parses fcmp predicates and fp casts', () => {
    expect(inst(f, 'h').predicate).toBe('olt');
    expect(ty(inst(f, 'h'))).toBe('i1');
    expect(inst(f, 'i').predicate).toBe('uno');
    expect(['t', 'u', 'v', 'w', 'y', 'z'].map((n) => `${inst(f, n).op}:${ty(inst(f, n))}`)).toEqual([
      'fptrunc:float', 'fpext:x86_fp80', 'fptoui:i32', 'fptosi:i64', 'uitofp:float', 'sitofp:double',
    ]);
    expect(inst(f, 'y').flags).toBe(InstFlag.NNeg);
  });
});

describe('comparisons, casts, select, freeze', () => {
  const f = fn(
    `  %c = icmp slt i32 %x, 10
  %cv = icmp eq <2 x i64> %v, zeroinitializer
  %cp = icmp ne ptr %p, null
  %t = trunc nuw nsw i32 %x to i8
  %z = zext nneg i8 %t to i64
  %s = sext i8 %t to i16
  %pi = ptrtoint ptr %p to i64
  %ip = inttoptr i64 %pi to ptr
  %bc = bitcast <2 x i64> %v to <4 x i32>
  %as = addrspacecast ptr %p to ptr addrspace(1)
  %sel = select i1 %c, i32 %x, i32 0
  %fr = freeze i32 %x
  ret void`,
    'void @f(i32 %x, <2 x i64> %v, ptr %p)',
  );
  it('gives icmp i1 or a vector of i1', () => {
    expect(inst(f, 'c').predicate).toBe('slt');
    expect(ty(inst(f, 'cv'))).toBe('<2 x i1>');
    expect(ty(inst(f, 'cp'))).toBe('i1');
  });
  it('parses every cast with its flags and destination type', () => {
    expect(inst(f, 't').flags).toBe(InstFlag.NUW | InstFlag.NSW);
    expect(inst(f, 'z').flags).toBe(InstFlag.NNeg);
    expect(['t', 'z', 's', 'pi', 'ip', 'bc', 'as'].map((n) => ty(inst(f, n)))).toEqual(['i8', 'i64', 'i16', 'i64', 'ptr', '<4 x i32>', 'ptr addrspace(1)']);
  });
  it('parses select and freeze', () => {
    const s = inst(f, 'sel');
    expect(s.operands.map((o) => o.vk)).toEqual(['inst', 'arg', 'cint']);
    expect(inst(f, 'fr').operands[0]).toBe(f.params[0]);
  });
});

describe('memory', () => {
  const f = fn(
    `  %a = alloca i32, align 4
  %arr = alloca [4 x i8], i64 %n, align 16
  %s = alloca %struct.S, addrspace(5)
  store i32 1, ptr %a, align 4
  store volatile i32 2, ptr %a
  %l = load i32, ptr %a, align 4
  %lv = load volatile i32, ptr %a
  %la = load atomic i32, ptr %a seq_cst, align 4
  store atomic i32 %l, ptr %a syncscope("singlethread") release, align 4
  %g0 = getelementptr inbounds %struct.S, ptr %p, i64 0, i32 1
  %g1 = getelementptr [4 x i8], ptr %arr, i64 %n, i64 2
  %g2 = getelementptr nuw i8, ptr %p, i64 -4
  %gv = getelementptr i32, ptr %p, <4 x i64> %idx
  %rmw = atomicrmw volatile add ptr %a, i32 1 seq_cst, align 4
  %xchg = atomicrmw xchg ptr %a, i32 5 monotonic
  %cx = cmpxchg weak ptr %a, i32 0, i32 1 acq_rel monotonic, align 4
  fence syncscope("singlethread") acquire
  fence seq_cst
  ret void`,
    'void @f(ptr %p, i64 %n, <4 x i64> %idx)',
    '%struct.S = type { i32, i64 }',
  );
  it('parses alloca count, alignment and address space', () => {
    const a = inst(f, 'a');
    expect(typeToString(a.allocatedType!)).toBe('i32');
    expect(cint(a.operands[0])).toBe(1n);
    expect(a.align).toBe(4);
    expect(inst(f, 'arr').operands[0]).toBe(f.params[1]);
    expect(ty(inst(f, 's'))).toBe('ptr addrspace(5)');
  });
  it('parses load and store, volatile and atomic', () => {
    const stores = insts(f).filter((i) => i.op === 'store');
    expect(stores[0]!.operands[1]).toBe(inst(f, 'a'));
    expect(stores[0]!.align).toBe(4);
    expect(stores[1]!.flags).toBe(InstFlag.Volatile);
    expect(stores[2]!.ordering).toBe('release');
    expect(inst(f, 'lv').flags).toBe(InstFlag.Volatile);
    expect(inst(f, 'la').ordering).toBe('seq_cst');
    expect(ty(inst(f, 'l'))).toBe('i32');
  });
  it('parses getelementptr with struct fields, variable and vector indices', () => {
    const g0 = inst(f, 'g0');
    expect(g0.flags & InstFlag.InBounds).toBeTruthy();
    expect(typeToString(g0.sourceElemType!)).toBe('%struct.S');
    expect(g0.operands).toHaveLength(3);
    expect(inst(f, 'g1').operands[1]).toBe(f.params[1]);
    expect(inst(f, 'g2').flags).toBe(InstFlag.NUW);
    expect(ty(inst(f, 'gv'))).toBe('<4 x ptr>');
  });
  it('parses atomicrmw, cmpxchg and fence', () => {
    const r = inst(f, 'rmw');
    expect([r.rmwOp, r.ordering, r.flags, ty(r)]).toEqual(['add', 'seq_cst', InstFlag.Volatile, 'i32']);
    expect(inst(f, 'xchg').rmwOp).toBe('xchg');
    const c = inst(f, 'cx');
    expect([c.ordering, c.failureOrdering, c.flags & InstFlag.Weak, ty(c)]).toEqual(['acq_rel', 'monotonic', InstFlag.Weak, '{ i32, i1 }']);
    const fences = insts(f).filter((i) => i.op === 'fence');
    expect(fences.map((x) => x.ordering)).toEqual(['acquire', 'seq_cst']);
  });
});

describe('control flow', () => {
  const f = fn(
    `entry:
  br i1 %c, label %a, label %b
a:
  switch i32 %x, label %d [
    i32 0, label %b
    i32 7, label %d
  ]
b:
  %ph = phi i32 [ 1, %entry ], [ %x, %a ], !dbg !1
  %addr = select i1 %c, ptr blockaddress(@f, %d), ptr blockaddress(@f, %e)
  indirectbr ptr %addr, [label %d, label %e]
d:
  br label %e
e:
  unreachable`,
    'void @f(i1 %c, i32 %x)',
    '!1 = !DILocation(line: 3, scope: !2)\n!2 = distinct !DISubprogram(name: "f", file: !3, line: 1)\n!3 = !DIFile(filename: "f.c", directory: "/src")',
  );
  const block = (name: string) => f.blocks.find((b) => b.name === name)!;
  it('uses blocks as operands of br, switch and indirectbr', () => {
    const [br, sw] = [block('entry').instructions[0]!, block('a').instructions[0]!];
    expect(br.operands[0]).toBe(f.params[0]);
    expect(br.operands[1]).toBe(block('a'));
    expect(br.operands[2]).toBe(block('b'));
    expect(sw.operands).toHaveLength(6);
    expect(cint(sw.operands[4])).toBe(7n);
    expect(sw.operands[1]).toBe(block('d'));
    const ib = block('b').instructions[2]!;
    expect(ib.op).toBe('indirectbr');
    expect(ib.operands.slice(1)).toEqual([block('d'), block('e')]);
  });
  it('keeps phi incoming blocks and links blockaddress to its block', () => {
    const ph = inst(f, 'ph');
    expect(ph.incomingBlocks).toEqual([block('entry'), block('a')]);
    expect(ph.operands[1]).toBe(f.params[1]);
    const ba = inst(f, 'addr').operands[1] as { vk: string; fn: Func; block: BasicBlock };
    expect(ba.vk).toBe('blockaddr');
    expect(ba.fn).toBe(f);
    expect(ba.block).toBe(block('d'));
  });
  it('links successors and predecessors', () => {
    expect(block('a').succs.map((b) => b.name)).toEqual(['d', 'b']);
    expect(block('e').preds.map((b) => b.name)).toEqual(['b', 'd']);
    expect(block('b').succs.map((b) => b.name)).toEqual(['d', 'e']);
  });
  it('parses ret with and without a value', () => {
    const g = fn('  ret i32 7', 'i32 @f()');
    expect(cint(g.blocks[0]!.instructions[0]!.operands[0])).toBe(7n);
    const h = fn('  ret void');
    expect(h.blocks[0]!.instructions[0]!.operands).toHaveLength(0);
  });
});

describe('calls', () => {
  const prelude = `declare i32 @printf(ptr noundef, ...)
declare void @g(ptr byval(%struct.S) align 8, i32 signext)
declare void @exit(i32) #0
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare i32 @__gxx_personality_v0(...)
%struct.S = type { i32, i64 }
@.str = private constant [3 x i8] c"%d\\00"
attributes #0 = { noreturn nounwind "frame-pointer"="all" }
!5 = !{}`;
  const f = fn(
    `entry:
  %r = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %x)
  %t = tail call i32 %fp(i32 %x) #0
  %m = musttail call i32 %fp(i32 %x)
  %n = notail call fastcc i32 %fp(i32 %x)
  call void @g(ptr byval(%struct.S) align 8 %p, i32 signext 3)
  %a = call i32 asm sideeffect "movl $1, $0", "=r,r,~{dirflag}"(i32 %x), !srcloc !5
  call void @llvm.dbg.declare(metadata ptr %p, metadata !5, metadata !DIExpression()), !dbg !6
  call void @g(ptr %p, i32 0) [ "deopt"(i32 %x, ptr null) ]
  %i = invoke i32 %fp(i32 1) to label %ok unwind label %lp
ok:
  call void @exit(i32 1) nounwind
  unreachable
lp:
  %lpv = landingpad { ptr, i32 } cleanup catch ptr null
  resume { ptr, i32 } %lpv`,
    'i32 @f(i32 %x, ptr %fp, ptr %p) personality ptr @__gxx_personality_v0',
    prelude + '\n!6 = !DILocation(line: 9, column: 2, scope: !7)\n!7 = distinct !DISubprogram(file: !8)\n!8 = !DIFile(filename: "x.c", directory: "")',
  );
  const m = f.blocks[0]!.instructions;
  it('parses direct varargs calls with an explicit function type', () => {
    const r = inst(f, 'r');
    expect(r.operands[0]!.vk).toBe('func');
    expect(typeToString(r.fnType!)).toBe('i32 (ptr, ...)');
    expect(r.argAttrs).toEqual([['noundef'], ['noundef']]);
    expect(r.operands[1]!.vk).toBe('global');
  });
  it('parses tail kinds, calling conventions and attribute groups', () => {
    const t = inst(f, 't');
    expect(t.flags & InstFlag.Tail).toBeTruthy();
    expect(t.callAttrs).toEqual(['tail', 'noreturn', 'nounwind', '"frame-pointer"="all"']);
    expect(inst(f, 'm').callAttrs).toEqual(['musttail']);
    expect(inst(f, 'n').callAttrs).toEqual(['notail', 'fastcc']);
    expect(inst(f, 'n').operands[0]).toBe(f.params[1]);
    expect(typeToString(inst(f, 'n').fnType!)).toBe('i32 (i32)');
  });
  it('records byval argument types on calls and parameters', () => {
    const c = m[4]!;
    expect(c.argAttrs).toEqual([['byval(%struct.S)', 'align 8'], ['signext']]);
    expect(typeToString(c.argByvalTypes![0]!)).toBe('%struct.S');
    expect(c.argByvalTypes![1]).toBeUndefined();
    const g = f.params[0]!.fn; // @f itself: no byval
    expect(g.params[0]!.byvalType).toBeUndefined();
  });
  it('parses inline asm callees', () => {
    const a = inst(f, 'a').operands[0] as { vk: string; asm: string; constraints: string };
    expect(a).toMatchObject({ vk: 'asm', asm: 'movl $1, $0', constraints: '=r,r,~{dirflag}' });
  });
  it('keeps llvm.dbg.* calls with metadata operands', () => {
    const d = m[6]!;
    expect(d.operands.slice(1).map((o) => (o as { text: string }).text)).toEqual(['ptr %p', '!5', '!DIExpression()']);
    expect(d.loc).toEqual({ file: 'x.c', line: 9, col: 2 });
  });
  it('parses operand bundles', () => {
    expect(m[7]!.bundles).toEqual([{ tag: 'deopt', inputs: [f.params[0], expect.objectContaining({ vk: 'cnull' })] }]);
  });
  it('parses invoke, landingpad and resume', () => {
    const i = inst(f, 'i');
    expect(i.op).toBe('invoke');
    expect(i.operands.slice(-2).map((b) => (b as BasicBlock).name)).toEqual(['ok', 'lp']);
    expect(inst(f, 'lpv').clauses).toEqual(['cleanup', 'catch ptr null']);
    expect(f.blocks[0]!.succs.map((b) => b.name)).toEqual(['ok', 'lp']);
    expect(f.attrs).toContain('personality ptr @__gxx_personality_v0');
  });
});

describe('aggregates and vectors', () => {
  const f = fn(
    `  %e = extractvalue { i32, { i8, [2 x i64] } } %s, 1, 1, 0
  %i = insertvalue { i32, i1 } undef, i1 true, 1
  %x = extractelement <4 x i32> %v, i64 2
  %y = insertelement <4 x i32> poison, i32 %x, i32 0
  %z = shufflevector <4 x i32> %y, <4 x i32> poison, <8 x i32> <i32 0, i32 1, i32 poison, i32 3, i32 0, i32 1, i32 2, i32 undef>
  %sp = shufflevector <4 x i32> %y, <4 x i32> poison, <4 x i32> zeroinitializer
  %va = va_arg ptr %ap, i32
  ret void`,
    'void @f({ i32, { i8, [2 x i64] } } %s, <4 x i32> %v, ptr %ap)',
  );
  it('types extractvalue/insertvalue by their indices', () => {
    expect(inst(f, 'e').indices).toEqual([1, 1, 0]);
    expect(ty(inst(f, 'e'))).toBe('i64');
    expect(ty(inst(f, 'i'))).toBe('{ i32, i1 }');
  });
  it('parses vector element operations and shuffle masks', () => {
    expect(ty(inst(f, 'x'))).toBe('i32');
    expect(ty(inst(f, 'y'))).toBe('<4 x i32>');
    expect(inst(f, 'z').mask).toEqual([0, 1, -1, 3, 0, 1, 2, -1]);
    expect(ty(inst(f, 'z'))).toBe('<8 x i32>');
    expect(inst(f, 'sp').mask).toEqual([0, 0, 0, 0]);
    expect(ty(inst(f, 'va'))).toBe('i32');
  });
});

describe('names and numbering', () => {
  it('numbers unnamed arguments, the entry block and values in order', () => {
    const f = fn('  %3 = add i32 %0, %1\n  br label %4\n4:\n  ret i32 %3', 'i32 @f(i32 %0, i32 %1)');
    expect(f.params.map((p) => p.name)).toEqual(['0', '1']);
    expect(f.blocks.map((b) => b.name)).toEqual(['2', '4']);
  });
  it('resolves forward references within a function', () => {
    const f = fn(
      `entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, 10
  br i1 %done, label %out, label %loop
out:
  ret void`,
    );
    expect(inst(f, 'i').operands[1]).toBe(inst(f, 'next'));
  });
  it('accepts quoted names', () => {
    const f = fn('  %"a b" = add i32 %"x y", 1\n  ret void', 'void @"my fn"(i32 %"x y")');
    expect(inst(f, 'a b').operands[0]).toBe(f.params[0]);
    expect(f.name).toBe('my fn');
  });
});
