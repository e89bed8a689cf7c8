// Execution traces (src/engine/trace): what the recorder keeps for one path — dynamic ids, memory
// def-use by concrete address at -O0 (locals are allocas), occurrence counts in loops, each branch
// instance's own constraint as built — and the dynamic slices computed on it, checked on PESO's Fig. 1
// (Tables II and III). Programs run with the bare engine (no libc linked: `--libc none`).

import { afterAll, describe, expect, test } from 'vitest';
import { join } from 'node:path';
import * as B from '../../src/expr/build.js';
import { collectArrays, evaluate } from '../../src/expr/evaluate.js';
import type { ArrayDecl, Expr } from '../../src/expr/expr.js';
import type { Module } from '../../src/ir/model.js';
import { executeConcolic, type InputAssignment } from '../../src/engine/concolic/index.js';
import { DEFAULT_ENGINE_OPTIONS } from '../../src/engine/options.js';
import {
  backwardSlice,
  dynamicDependences,
  INITIAL,
  instancesAtLine,
  recordingEnvironment,
  relevantSlice,
  type Trace,
  TraceRecorder,
} from '../../src/engine/trace/index.js';
import { closeSolver, moduleOf, ROOT, run } from './helpers.js';

afterAll(closeSolver);

const OPTS = { ...DEFAULT_ENGINE_OPTIONS, search: ['dfs'] };

function i32(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt32(0, n, true);
  return b;
}

function input(values: Record<string, number>): InputAssignment {
  return new Map(Object.entries(values).map(([k, v]) => [k, i32(v)]));
}

async function traceOf(m: Module, values: Record<string, number>): Promise<Trace> {
  const r = await executeConcolic(m, OPTS, input(values), { stdout: () => {}, stderr: () => {} });
  return r.trace;
}

/** Instances at a line of the program (its file is the only one), optionally of one opcode. */
function at(t: Trace, line: number, op?: string): number[] {
  return instancesAtLine(t, t.insts[0]!.loc?.file ?? 'prog.c', line).filter((i) => op === undefined || t.inst(i).op === op);
}

function lineOf(t: Trace, i: number): number {
  return t.inst(i).loc?.line ?? 0;
}

describe('recording', () => {
  test('memory def-use by concrete address at -O0: each load names the store that wrote its bytes', async () => {
    const m = moduleOf({
      text: `#include <klee/klee.h>
int g = 7;
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  int y = x + 1;
  int z = y * 2;
  y = g;
  return z + y;
}
`,
    });
    const t = await traceOf(m, { x: 3 });
    expect(t.end).toEqual({ kind: 'exit', exitCode: 15 });
    const [mk] = at(t, 5, 'call');
    const [loadX] = at(t, 6, 'load');
    const [storeY6] = at(t, 6, 'store');
    const [loadY7] = at(t, 7, 'load');
    const [storeZ] = at(t, 7, 'store');
    const [loadG] = at(t, 8, 'load');
    const [storeY8] = at(t, 8, 'store');
    const loads9 = at(t, 9, 'load');
    // klee_make_symbolic wrote x's bytes; the load of x reads them.
    expect(t.memoryDefs(loadX!)).toEqual([mk]);
    expect(t.accesses(loadX!)[0]!.object.kind).toBe('stack');
    const site = t.accesses(loadX!)[0]!.object.site;
    expect(site?.vk === 'inst' && (site as { op: string }).op).toBe('alloca');
    expect(t.memoryDefs(loadY7!)).toEqual([storeY6]);
    // A global never written on the path: its initial value.
    expect(t.memoryDefs(loadG!)).toEqual([INITIAL]);
    expect(t.accesses(loadG!)[0]!.object.kind).toBe('global');
    // `return z + y`: z from line 7, y from line 8 (the store at line 6 was overwritten).
    expect(loads9.map((i) => t.memoryDefs(i)[0]).sort()).toEqual([storeZ, storeY8].sort());
    // SSA operands: the add at line 6 uses the load of x; the store at line 6 stores the add.
    const [add] = at(t, 6, 'add');
    expect(t.operandDefs(add!).map((d) => d.from)).toEqual([loadX]);
    expect(t.operandDefs(storeY6!).map((d) => d.from)).toContain(add);
    // Dynamic data dependence follows the same edges.
    const deps = dynamicDependences(t);
    expect(deps.of(loadY7!).filter((d) => d.kind === 'memory').map((d) => d.from)).toEqual([storeY6]);
  });

  test('parameters and return values link through the call: the callee reads the caller definitions', async () => {
    const m = moduleOf({
      text: `#include <klee/klee.h>
static int twice(int v) { return v + v; }
int main(void) {
  int a;
  klee_make_symbolic(&a, sizeof a, "a");
  int b = twice(a);
  return b;
}
`,
    });
    const t = await traceOf(m, { a: 4 });
    expect(t.end).toEqual({ kind: 'exit', exitCode: 8 });
    const [call] = at(t, 6, 'call');
    const [loadA] = at(t, 6, 'load');
    // twice's parameter spill (`store i32 %v, ptr %v.addr`) reads the caller's load of a.
    const calleeAct = t.activations.find((a) => a.fn.name === 'twice')!;
    expect(calleeAct.callInstance).toBe(call);
    const spill = [...Array(t.length).keys()].find((i) => t.acts[i] === calleeAct.id && t.inst(i).op === 'store')!;
    expect(t.operandDefs(spill)).toContainEqual({ from: loadA, kind: 'param', via: call });
    // The caller's store of the result is defined by twice's ret, through the call.
    const [storeB] = at(t, 6, 'store');
    expect(t.operandDefs(storeB!)).toContainEqual({ from: calleeAct.retInstance, kind: 'ret', via: call });
    expect(t.inst(calleeAct.retInstance).op).toBe('ret');
  });

  test('occurrence counts in loops, per-instance directions and per-iteration control dependence', async () => {
    const m = moduleOf({
      text: `#include <klee/klee.h>
int main(void) {
  int n;
  klee_make_symbolic(&n, sizeof n, "n");
  int s = 0;
  for (int i = 0; i < 3; i++)
    if (i < n)
      s += i;
  return s;
}
`,
    });
    const t = await traceOf(m, { n: 2 });
    expect(t.end).toEqual({ kind: 'exit', exitCode: 1 });
    const conditional = (i: number): boolean => t.inst(i).operands.length === 3;
    const loop = at(t, 6, 'br').filter(conditional);
    const inner = at(t, 7, 'br').filter(conditional);
    // The loop condition ran 4 times (3 iterations and the exit), the inner branch 3 times.
    expect(loop.map((i) => t.occurrence(i))).toEqual([1, 2, 3, 4]);
    expect(loop.map((i) => t.direction(i))).toEqual([0, 0, 0, 1]);
    expect(inner.map((i) => t.occurrence(i))).toEqual([1, 2, 3]);
    expect(inner.map((i) => t.direction(i))).toEqual([0, 0, 1]);
    const id = t.inst(inner[0]!).id;
    expect(t.find(id, 2)).toBe(inner[1]);
    expect(t.key(inner[2]!)).toBe(`${id}#3`);
    // Only the inner branch is symbolic: one constraint per instance, i concrete in each.
    const cs = t.constraints.filter((c) => c.kind === 'branch');
    expect(cs.map((c) => c.instance)).toEqual(inner);
    expect(cs.map((c) => c.direction)).toEqual([0, 0, 1]);
    // Iteration k's inner branch is control dependent on the loop condition's k-th instance.
    const deps = dynamicDependences(t);
    inner.forEach((b, k) => expect(deps.of(b).filter((d) => d.kind === 'control').map((d) => d.from)).toEqual([loop[k]]));
  });

  test("each branch instance keeps its own constraint as built, not rewritten against the path condition", async () => {
    const m = moduleOf({
      text: `#include <klee/klee.h>
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x == 5)
    if (x > 3)
      return 1;
  return 0;
}
`,
    });
    const check = (t: Trace): void => {
      const cs = t.constraints.filter((c) => c.kind === 'branch');
      expect(cs.map((c) => lineOf(t, c.instance))).toEqual([5, 6]);
      const x: ArrayDecl = [...collectArrays(cs[0]!.expr)][0]!;
      const xv = B.readLE(x, null, B.constant(32, 0), 4);
      expect(cs[0]!.expr).toBe(B.eq(B.constant(32, 5), xv));
      // x > 3 is implied by x == 5; it stays the branch's own condition (3 < x), not `true`.
      expect(cs[1]!.expr).toBe(B.slt(B.constant(32, 3), xv));
    };
    // Concolic, with x = 5.
    check(await traceOf(m, { x: 5 }));
    // Forking, recording the first state's path (the one that goes on the true side at each fork).
    const rec = new TraceRecorder(m);
    await run(m, {}, recordingEnvironment(rec));
    const t = rec.finish();
    check(t);
    expect(t.constraints.filter((c) => c.kind === 'branch').map((c) => c.forked)).toEqual([true, false]);
    expect(t.end).toEqual({ kind: 'exit', exitCode: 1 });
  });
});

// ---------------------------------------------------------------------------------------------------
// PESO Fig. 1 (test/fixtures/concolic/peso_fig1.c: foo on the paper's own line numbers, a main making
// x, y, z symbolic). The slicing criterion is foo's `return out` (line 16), its last instance.
//
// -O0 notes. Each statement is several instructions (loads of the allocas, the operation, a store);
// the paper's statement-level slice is the set of lines of foo with an instance in the slice. The
// parameter spills (`store i32 %x, ptr %x.addr`) carry no line, and the unconditional branches closing
// `then` blocks are never depended on, so foo's lines come out exactly as the paper's. The slice also
// reaches into main (outside the paper's program, where x, y, z are foo's inputs): the loads of the
// arguments and the klee_make_symbolic calls that wrote them — only those of the inputs the output
// depends on. Branch conditions are over the input bytes (the 32-bit little-endian reads of x, y),
// with bitvector (wrapping) arithmetic; `!(x + y > 10)` is built as `x + y < 11`.

describe('PESO Fig. 1', () => {
  const file = join(ROOT, 'test', 'fixtures', 'concolic', 'peso_fig1.c');
  let m: Module | undefined;
  const mod = (): Module => (m ??= moduleOf({ file }));

  async function slices(x: number, y: number, z: number) {
    const t = await traceOf(mod(), { x, y, z });
    const deps = dynamicDependences(t);
    const ret = t.lastInstanceOf(mod().functions.find((f) => f.name === 'foo')!.blocks.flatMap((b) => b.instructions).find((i) => i.op === 'ret')!.id);
    const rs = relevantSlice(deps, [ret]);
    const ds = backwardSlice(deps, [ret]);
    const lines = (s: typeof rs): number[] => s.lines('foo').map((l) => Number(l.split(':').pop()));
    return { t, rs, ds, relevant: lines(rs), dynamic: lines(ds), rsc: rs.condition() };
  }

  /** The conjunction of `cs` under x, y (as foo's int inputs): evaluated, not pattern-matched. */
  function holds(cs: readonly { expr: Expr }[], x: number, y: number): boolean {
    const arrays = new Map<ArrayDecl, Uint8Array>();
    for (const c of cs) for (const a of collectArrays(c.expr)) arrays.set(a, a.name === 'x' ? i32(x) : a.name === 'y' ? i32(y) : i32(0));
    return cs.every((c) => evaluate(c.expr, arrays) === 1n);
  }
  const SAMPLES: [number, number][] = [[6, 5], [6, 2], [5, 6], [2, 6], [0, 0], [11, 0], [-3, 20], [20, -3], [2147483647, 1], [-2147483648, -1], [7, 4], [4, 7]];
  const wrap = (v: number): number => (v | 0);

  test('Table III: input <6,5,2> — relevant slice [5,6,9,10,15,16], condition x-y>0 && x+y>10', async () => {
    const { t, relevant, rsc, rs } = await slices(6, 5, 2);
    expect(t.end).toEqual({ kind: 'exit', exitCode: 6 });
    expect(relevant).toEqual([5, 6, 9, 10, 15, 16]);
    // Line 4 (b = 2) is not in it: b is redefined at line 10 before it is read.
    // The condition: the constraints of b1 (line 5) and b2 (line 9), in path order; b3 (line 11) is out.
    expect(rsc.map((c) => [c.kind, lineOf(t, c.instance)])).toEqual([
      ['branch', 5],
      ['branch', 9],
    ]);
    for (const [x, y] of SAMPLES) expect(holds(rsc, x, y), `<${x},${y}>`).toBe(wrap(x - y) > 0 && wrap(x + y) > 10);
    // In main: the argument loads and the klee_make_symbolic of x and y, not of z.
    const mainCalls = rs.instances.filter((i) => t.inst(i).parent.fn.name === 'main' && t.inst(i).op === 'call');
    expect(mainCalls.map((i) => (t.inst(i).operands[0] as { name: string }).name).sort()).toEqual(['foo', 'klee_make_symbolic', 'klee_make_symbolic']);
  });

  test('Table II row 1: input <6,2,2> — relevant slice [4,9,15,16] (potential dependence on b2), condition !(x+y>10)', async () => {
    const { t, relevant, dynamic, rsc } = await slices(6, 2, 2);
    expect(t.end).toEqual({ kind: 'exit', exitCode: 2 });
    expect(relevant).toEqual([4, 9, 15, 16]);
    // Without potential dependence (the plain dynamic slice) b2 is missing: out = b = 2 "by not executing" line 10.
    expect(dynamic).toEqual([4, 15, 16]);
    expect(rsc.map((c) => lineOf(t, c.instance))).toEqual([9]);
    for (const [x, y] of SAMPLES) expect(holds(rsc, x, y), `<${x},${y}>`).toBe(!(wrap(x + y) > 10));
  });

  test('Table II row 3: input <5,6,2> — relevant slice [5,8,9,10,15,16], condition !(x-y>0) && x+y>10', async () => {
    const { relevant, rsc } = await slices(5, 6, 2);
    expect(relevant).toEqual([5, 8, 9, 10, 15, 16]);
    for (const [x, y] of SAMPLES) expect(holds(rsc, x, y), `<${x},${y}>`).toBe(!(wrap(x - y) > 0) && wrap(x + y) > 10);
  });
});
