// Each relation on small hand-made programs (C compiled at -O0 unless said; hand-written IR where the
// point is a phi): CFG views, direction-specific control dependence with the virtual exit, points-to
// and mod/ref, reaching definitions (strong and weak updates), intra- and interprocedural data
// dependence, phi gating, potential and interactive dependence, slicing and impact.

import { describe, expect, test } from 'vitest';
import { parseModule } from '../../src/ir/index.js';
import type { Instruction } from '../../src/ir/model.js';
import { analyzeModule } from '../../src/analysis/index.js';
import { cfgOf } from '../../src/analysis/cfg.js';
import { memoryEffectsOf } from '../../src/analysis/memory-effects.js';
import { ENTRY, reachingDefsOf } from '../../src/analysis/reaching-defs.js';
import { ObjKind } from '../../src/analysis/points-to.js';
import { analyzeSnippet } from './helpers.js';

const sortN = (xs: Iterable<number>): number[] => [...xs].sort((a, b) => a - b);

describe('CFG', () => {
  const s = analyzeSnippet(`
int sw(int x) {
  int r = 0;
  switch (x) {
  case 1: case 2: r = 10; break;
  case 3: r = 20; break;
  default: r = 30;
  }
  return r;
}
`);
  const fn = s.fn('sw');
  const cfg = cfgOf(fn);

  test('targets keep one entry per direction (switch cases sharing a block)', () => {
    const sw = s.one('switch (x)', 'switch');
    const ts = cfg.targets(sw.parent);
    expect(ts).toHaveLength(4); // default, case 1, case 2, case 3
    expect(ts[1]).toBe(ts[2]);
    expect(cfg.succs(sw.parent)).toHaveLength(3);
  });

  test('instruction successors and predecessors agree; exits end in ret', () => {
    for (const b of fn.blocks) {
      for (const i of b.instructions) {
        for (const n of cfg.instSuccs(i)) expect(cfg.instPreds(s.a.inst(n))).toContain(i.id);
        expect(cfg.nextInsts(i).map((x) => x.id)).toEqual(cfg.instSuccs(i));
      }
    }
    expect(cfg.exits.map((b) => b.instructions.at(-1)!.op)).toEqual(['ret']);
    expect(cfg.rpo[0]).toBe(cfg.entry);
  });

  test('control dependence is per switch direction', () => {
    const sw = s.one('switch (x)', 'switch');
    const dirs = (text: string): number[] =>
      sortN(s.a.controlDeps(s.one(text, 'store').id).filter((c) => c.instId === sw.id).map((c) => c.direction));
    expect(dirs('r = 10')).toEqual([1, 2]);
    expect(dirs('r = 20')).toEqual([3]);
    expect(dirs('r = 30')).toEqual([0]);
    expect(s.a.controlDeps(s.one('return r', 'ret').id)).toEqual([]);
  });
});

describe('control dependence', () => {
  const s = analyzeSnippet(`
void abort(void);
int loop(int n, int k) {
  int i = 0;
  while (i < n) {
    i++;
  }
  if (k > 5)
    abort();
  i += 7;
  return i;
}
void spin(int x) {
  int y = 0;
  while (1) {
    if (x)
      y++;
  }
}
`);

  test('a loop body and the loop test depend on the loop branch taken true', () => {
    const br = s.branch('while (i < n)');
    const body = s.a.controlDeps(s.one('i++', 'store').id);
    expect(body).toEqual([{ instId: br.id, branchId: br.branchId, direction: 0 }]);
    const test_ = s.a.controlDeps(s.one('while (i < n)', 'icmp').id);
    expect(test_).toContainEqual({ instId: br.id, branchId: br.branchId, direction: 0 });
  });

  test('the virtual exit: code after a call to abort depends on not taking it', () => {
    const br = s.branch('if (k > 5)');
    expect(s.a.controlDeps(s.one('abort()', 'call').id)).toEqual([{ instId: br.id, branchId: br.branchId, direction: 0 }]);
    expect(s.a.controlDeps(s.one('i += 7', 'store').id)).toEqual([{ instId: br.id, branchId: br.branchId, direction: 1 }]);
  });

  test('an infinite loop gets a fake exit; its branches still control their bodies', () => {
    const br = s.branch('if (x)');
    expect(s.a.controlDeps(s.one('y++', 'store').id)).toEqual([{ instId: br.id, branchId: br.branchId, direction: 0 }]);
  });
});

describe('points-to and mod/ref', () => {
  const s = analyzeSnippet(`
#include <stdlib.h>
#include <string.h>
int g1, g2;
int *gp = &g1;
struct S { int *p; int v; };
void ext(int *);
void later(void (*)(void));
static int Hidden;
static void cb(void) { Hidden = 1; }
static int *id(int *p) { return p; }
static void f1(int v) { g1 = v; }
static void f2(int v) { g2 = v; }
void pt(int c) {
  int x, y, z;
  int *p = &x;
  int *q = c ? &x : &y;
  int *r = id(&y);
  int *h1 = malloc(4);
  int *h2 = malloc(4);
  struct S s1, s2;
  s1.p = &x;
  memcpy(&s2, &s1, sizeof s1);
  int *t = s2.p;
  void (*fp)(int) = c ? f1 : f2;
  *p = 1;
  *q = 2;
  *r = 3;
  *t = 4;
  *gp = 5;
  *h1 = 6;
  *h2 = 7;
  fp(8);
  ext(&z);
  z = 9;
  later(cb);
}
static int G, H;
static void w(void) { G = 1; }
static int rd(void) { return H; }
void both(void) { w(); rd(); }
int rec(int n) { int local = n; if (n) rec(n - 1); return local; }
int nonrec(int n) { int local = n; return local; }
`);
  const me = memoryEffectsOf(s.a.module);
  const pt = s.a.pointsTo;
  const names = (locs: readonly number[]): string[] => locs.map((o) => pt.objects[o]!.name.replace(/ in @\w+$/, '')).sort();
  const store = (text: string): Instruction => s.at(text, 'store').at(-1)!;

  test('stores through pointers define what the pointer may point to; singletons of scalars are strong', () => {
    expect(names(me.of(store('*p = 1')).defs)).toEqual(['%x']);
    expect(me.of(store('*p = 1')).strong).toBeDefined();
    expect(names(me.of(store('*q = 2')).defs)).toEqual(['%x', '%y']);
    expect(me.of(store('*q = 2')).strong).toBeUndefined();
    expect(names(me.of(store('*r = 3')).defs)).toEqual(['%y']); // through id()'s return
    expect(names(me.of(store('*t = 4')).defs)).toEqual(['%x']); // through memcpy of a struct
    expect(names(me.of(store('*gp = 5')).defs)).toEqual(['@g1']); // global initializer
  });

  test('each malloc call is its own heap object, never strongly updated', () => {
    const d1 = me.of(store('*h1 = 6'));
    const d2 = me.of(store('*h2 = 7'));
    expect(d1.defs).toHaveLength(1);
    expect(d2.defs).toHaveLength(1);
    expect(d1.defs[0]).not.toBe(d2.defs[0]);
    expect(pt.objects[d1.defs[0]!]!.kind).toBe(ObjKind.Heap);
    expect(d1.strong).toBeUndefined();
  });

  test('indirect calls are resolved; their effects are the targets\' mod summaries', () => {
    const call = s.one('fp(8)', 'call');
    expect(pt.callees(call).map((f) => f.name).sort()).toEqual(['f1', 'f2']);
    expect(names(me.of(call).defs)).toEqual(['@g1', '@g2']);
  });

  test('an unknown external may touch what escapes to it, merged into EXTERNAL', () => {
    const call = s.one('ext(&z)', 'call');
    expect(pt.callsUnknown(call)).toBe(true);
    // EXTERNAL, and what cb writes: cb escapes to later(), and unknown code may call it back
    // (flow-insensitively, any unknown call may)
    expect(names(me.of(call).defs)).toEqual(['@Hidden', 'EXTERNAL']);
    expect(names(pt.escaped)).toContain('%z');
    expect(names(pt.escaped)).not.toContain('%x');
    // z lost its identity: a store to it is a (weak) definition of EXTERNAL
    expect(names(me.of(store('z = 9')).defs)).toEqual(['EXTERNAL']);
    expect(me.of(store('z = 9')).strong).toBeUndefined();
  });

  test('unknown code may call back what escaped to it', () => {
    const call = s.one('later(cb)', 'call');
    expect(s.a.callGraph.targetsOf(call).map((f) => f.name)).toContain('cb');
    expect(names(me.of(call).defs)).toContain('@Hidden');
  });

  test('mod/ref summaries are transitive; locals are left out unless the function recurses', () => {
    const cg = s.a.callGraph;
    expect(names(cg.mod(s.fn('w')))).toEqual(['@G']);
    expect(names(cg.ref(s.fn('rd')))).toEqual(['@H']);
    expect(names(cg.mod(s.fn('both')))).toEqual(['@G']);
    expect(names(cg.ref(s.fn('both')))).toEqual(['@H']);
    expect(cg.recursive(s.fn('rec'))).toBe(true);
    expect(names(cg.mod(s.fn('rec')))).toContain('%local');
    expect(names(cg.mod(s.fn('nonrec')))).toEqual([]);
  });
});

describe('reaching definitions and data dependence', () => {
  const s = analyzeSnippet(`
int use(int);
int rd(int c) {
  int x = 1;
  if (c)
    x = 2;
  int y = x;
  x = 3;
  int z = x;
  int arr[2];
  arr[0] = 1;
  arr[1] = 2;
  int w = arr[0];
  int *p = c ? &x : &y;
  *p = 5;
  int v = x;
  return use(y + z + w + v);
}
int G;
static int H;
static void set(int v) { G = v; H = 7; }
static int get(void) { return G; }
int inter(int a) {
  set(a);
  return get();
}
`);
  const fn = s.fn('rd');
  const loadOf = (text: string): Instruction => s.at(text, 'load')[0]!;
  const defLines = (u: Instruction): number[] => {
    const rd = reachingDefsOf(s.a.module, fn);
    const out: number[] = [];
    for (const defs of rd.all(u).values()) for (const d of defs) out.push(d === ENTRY ? 0 : s.line(s.a.inst(d))!);
    return sortN(new Set(out));
  };

  test('a strong update kills; both branches\' definitions reach the join', () => {
    expect(defLines(loadOf('int y = x'))).toEqual([s.lineOf('int x = 1'), s.lineOf('x = 2')]);
    expect(defLines(loadOf('int z = x'))).toEqual([s.lineOf('x = 3')]);
  });

  test('array elements and stores through ambiguous pointers are weak', () => {
    // arr is one object (field-insensitive): both element stores reach, and so does the entry value
    expect(defLines(loadOf('int w = arr[0]'))).toEqual([0, s.lineOf('arr[0] = 1'), s.lineOf('arr[1] = 2')]);
    expect(defLines(loadOf('int v = x'))).toEqual([s.lineOf('x = 3'), s.lineOf('*p = 5')]);
  });

  test('interprocedural: parameters, memory at entry, calls as definitions, returns', () => {
    const dd = (i: Instruction) => s.a.dataDeps(i.id).map((d) => ({ kind: d.kind, line: s.line(s.a.inst(d.instId)) }));
    const setCall = s.one('set(a);', 'call');
    const getCall = s.one('return get()', 'call');
    // get's load of G depends on the memory at its entry: the call site of get
    expect(dd(s.one('return G', 'load'))).toContainEqual({ kind: 'mem-in', line: s.line(getCall) });
    // the call of get reads G, which the call of set may have written
    expect(dd(getCall)).toContainEqual({ kind: 'mem', line: s.line(setCall) });
    expect(dd(getCall)).toContainEqual({ kind: 'ret', line: s.lineOf('return G') });
    // set's spill of its parameter depends on its call site's argument
    const spill = s.fn('set').blocks[0]!.instructions.find((i) => i.op === 'store' && i.operands[0]!.vk === 'arg')!;
    expect(s.a.dataDeps(spill.id)).toContainEqual({ instId: setCall.id, kind: 'param', arg: 0 });
  });

  test('a backward slice follows only what the criterion needs through calls', () => {
    const lines = s.lines(s.a.slice([s.one('return get()', 'ret').id]));
    expect(lines).toContain(s.lineOf('static void set'));
    expect(lines).toContain(s.lineOf('set(a);'));
    expect(lines).toContain(s.lineOf('return G'));
    // set's body is on one line: H = 7 is there too; check at instruction level that its store is out
    const hStore = s.at('static void set', 'store').find((i) => i.operands[1]!.vk === 'global' && (i.operands[1] as { name: string }).name === 'H')!;
    expect(s.a.slice([s.one('return get()', 'ret').id])).not.toContain(hStore.id);
    expect(lines).not.toContain(s.lineOf('int rd(int c)'));
  });
});

describe('reaching definitions with many definitions of one location', () => {
  // More than 32 definitions: the bit vectors span several words (a word with bit 31 set once made
  // the fixed point never settle).
  const body = Array.from({ length: 40 }, (_, i) => `    if (x == ${i}) v = ${i};`).join('\n');
  const s = analyzeSnippet(`
int many(int n, int x) {
  int v = -1;
  for (int i = 0; i < n; i++) {
${body}
  }
  return v;
}
`);
  test('all of them reach the use after the loop', () => {
    const rd = reachingDefsOf(s.a.module, s.fn('many'));
    const use = s.one('return v', 'load');
    const [defs] = [...rd.all(use).values()];
    expect(defs).toHaveLength(41); // v = -1 and the 40 in the loop (ENTRY is killed by v = -1)
  });
});

describe('phi gating', () => {
  const m = parseModule(
    `define i32 @f(i1 %c, i1 %d) {
entry:
  br i1 %c, label %a, label %b
a:
  br i1 %d, label %a1, label %a2
a1:
  br label %j
a2:
  br label %j
b:
  br label %j
j:
  %p = phi i32 [ 1, %a1 ], [ 2, %a2 ], [ 3, %b ]
  ret i32 %p
}
define i32 @loop(i32 %n) {
entry:
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i1 = add i32 %i, 1
  br label %h
exit:
  ret i32 %i
}
`,
    'gating.ll',
  );
  const a = analyzeModule(m);
  const named = (fn: string, name: string): Instruction =>
    a.functionNamed(fn).blocks.flatMap((b) => b.instructions).find((i) => i.name === name)!;
  const term = (fn: string, block: string): Instruction => a.functionNamed(fn).blocks.find((b) => b.name === block)!.instructions.at(-1)!;

  test('a phi depends on the directions that pick its incoming edge', () => {
    const p = named('f', 'p');
    const got = a.gateDeps(p.id).map((g) => `${a.inst(g.instId).parent.name}:${g.direction}`).sort();
    expect(got).toEqual(['a:0', 'a:1', 'entry:1']);
    expect(a.controlDeps(p.id)).toEqual([]);
    // in the PDG and so in slices
    expect(a.slice([p.id])).toEqual(expect.arrayContaining([term('f', 'entry').id, term('f', 'a').id]));
  });

  test('a loop-header phi: the back edge is decided by the loop test, which controls the header', () => {
    const i = named('loop', 'i');
    expect(a.gateDeps(i.id)).toEqual([]);
    expect(a.controlDeps(i.id).map((c) => c.instId)).toEqual([term('loop', 'h').id]);
  });

  test('at -O2, an if/else around two calls becomes a phi gated by the branch', () => {
    const s = analyzeSnippet(
      `
int g1(void); int g2(void);
int pick(int c) {
  int x;
  if (c)
    x = g1();
  else
    x = g2();
  return x;
}
`,
      2,
    );
    const phi = s.fn('pick').blocks.flatMap((b) => b.instructions).find((x) => x.op === 'phi')!;
    const br = s.branch('if (c)');
    expect(sortN(s.a.gateDeps(phi.id).filter((g) => g.instId === br.id).map((g) => g.direction))).toEqual([0, 1]);
  });
});

describe('potential dependence', () => {
  const s = analyzeSnippet(`
int pot(int c) {
  int b = 0;
  if (c)
    b = 1;
  return b;
}
int killed(int c, int d) {
  int b = 0;
  if (c)
    b = 1;
  if (d)
    b = 2;
  else
    b = 3;
  return b; // killed
}
int loop(int n) {
  int i = 0, last = -1;
  while (i < n) {
    last = i;
    i++;
  }
  return last;
}
`);

  test('a use potentially depends on the branch direction that skipped a definition', () => {
    const br = s.branch('if (c)');
    const deps = s.a.potentialDeps(s.at('return b', 'load')[0]!.id);
    expect(deps.map((d) => [d.instId, d.direction])).toEqual([[br.id, 1]]);
  });

  test('not when every path from the other side redefines the location', () => {
    expect(s.a.potentialDeps(s.one('return b; // killed', 'load').id)).toEqual([]);
  });

  test('after a loop, on its exit direction', () => {
    const br = s.branch('while (i < n)');
    const deps = s.a.potentialDeps(s.one('return last', 'load').id);
    expect(deps.map((d) => [d.instId, d.direction])).toContainEqual([br.id, 1]);
  });
});

describe('interactive dependence', () => {
  const s = analyzeSnippet(`
int inter(int q) {
  int a = 1;
  int c = 0;
  if (q)
    c = 2;
  return a / c;
}
`);

  test('two definitions meeting at a use are paired, and the pairing climbs to their branches', () => {
    const fn = s.fn('inter');
    const pairs = s.a.interactivePairs(fn).map(([i, j]) => {
      const n = (r: { instId: number; direction?: number }): string =>
        `${s.line(s.a.inst(r.instId))}${r.direction === undefined ? '' : r.direction === 0 ? 'T' : 'F'}:${s.a.inst(r.instId).op}`;
      return `${n(i)}>${n(j)}`;
    });
    const A = s.lineOf('int a = 1');
    const C0 = s.lineOf('int c = 0');
    const C2 = s.lineOf('c = 2');
    const Q = s.lineOf('if (q)');
    expect(pairs).toContain(`${A}:store>${C2}:store`);
    expect(pairs).toContain(`${A}:store>${C0}:store`);
    expect(pairs).toContain(`${A}:store>${Q}T:br`);
    // c = 0 never reaches a use together with the true side (c = 2 kills it)
    expect(pairs).not.toContain(`${C0}:store>${C2}:store`);
    // the same relation, by node
    const a2 = s.one('c = 2', 'store');
    expect(s.a.interactiveDeps({ instId: a2.id }).map((n) => s.line(s.a.inst(n.instId)))).toContain(A);
  });
});

describe('impact (DiSE staging)', () => {
  const s = analyzeSnippet(`
int out1, out2;
void f(int a, int b) {
  int t = a + 1;
  int u = b * 2;
  if (u > 3)
    out1 = t;
  out2 = u;
}
`);

  test('forward from the change, then backward control, then backward data', () => {
    const imp = s.a.impact([s.one('int t = a + 1', 'store').id]);
    expect(s.lines(imp.forward)).toEqual([s.lineOf('int t'), s.lineOf('out1 = t')]);
    // out1 = t is controlled by u > 3: stage 2 adds the branch instruction, stage 3 what the impacted
    // instructions read: the branch's condition (its line), u (hence b * 2), and a + 1 of the change
    expect(s.lines(imp.backwardControl)).toEqual([s.lineOf('if (u > 3)')]);
    expect(s.lines(imp.backwardData)).toEqual(sortN([s.lineOf('int t'), s.lineOf('int u'), s.lineOf('if (u > 3)')]));
    expect(s.lines(imp.impacted)).not.toContain(s.lineOf('out2 = u'));
  });
});
