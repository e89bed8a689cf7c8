// Static over-approximates dynamic: on traces recorded from programs of the front-end corpus
// (test/fixtures/*.c, -O0, bare engine, a prefix of at most BUDGET instructions each), every dynamic
// data dependence — SSA operand, parameter, return value, memory def-use by concrete address — is
// covered by the static data dependence of src/analysis (analyzeModule(m).dataDeps).
//
// Static data dependence is intraprocedural with interprocedural kinds (data-dependence.ts): a
// parameter use depends on the call site (param); a call on the callee's rets (ret); a ret on what
// reaches it of the callee's side effects (out); a use reached by the function entry on the call site
// (mem-in). A dynamic memory dependence whose write and read ran in different activations is checked
// along that chain: lifted from the read up to the activation both share (mem-in at every step), a
// `mem` dependence there, and down from there to the write (ret, then out, at every step); a write by the
// call that started the reader's activation (byval copy, varargs area) is the mem-in chain alone.

import { afterAll, describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { analyzeModule, type DataDepInfo } from '../../src/analysis/index.js';
import type { Module } from '../../src/ir/model.js';
import { dynamicDependences, recordingEnvironment, type Trace, TraceRecorder } from '../../src/engine/trace/index.js';
import { closeSolver, moduleOf, ROOT, run } from './helpers.js';

afterAll(closeSolver);

const BUDGET = 60_000;
const PROGRAMS = ['pointers.c', 'structs.c', 'linked_list.c', 'function_pointers.c', 'recursion.c', 'switch.c', 'memcpy_memset.c', 'globals_init.c', 'static_locals.c', 'strings.c', 'varargs.c', 'unions.c', 'sort_search.c', 'tokenizer.c', 'hash_crc.c', 'struct_abi.c', 'goto.c', 'computed_goto.c', 'bitfields.c', 'arrays.c', 'alloca_vla.c', 'atomics_volatile.c'];

function has(deps: readonly DataDepInfo[], kind: string, instId: number): boolean {
  return deps.some((d) => d.kind === kind && d.instId === instId);
}

/** Why the static relation misses the dynamic edge, or null when it covers it. */
function uncovered(m: Module, t: Trace, u: number, kind: string, from: number, via: number): string | null {
  const a = analyzeModule(m);
  const dd = (i: number): readonly DataDepInfo[] => a.dataDeps(t.staticId(i));
  const name = (i: number): string => `${t.key(i)} ${t.inst(i).op} @${t.inst(i).parent.fn.name}${t.line(i) ? ` ${t.line(i)!.split('/').pop()}` : ''}`;
  switch (kind) {
    case 'ssa':
      return has(dd(u), 'ssa', t.staticId(from)) ? null : `ssa ${name(u)} <- ${name(from)}`;
    case 'param':
      return has(dd(u), 'param', t.staticId(via)) ? null : `param ${name(u)} <- call ${name(via)}`;
    case 'ret':
      if (!has(dd(u), 'ssa', t.staticId(via))) return `ret: ${name(u)} does not use call ${name(via)}`;
      return has(dd(via), 'ret', t.staticId(from)) ? null : `ret ${name(via)} <- ${name(from)}`;
    case 'memory': {
      // Activations from each end up to the root.
      const up = (i: number): number[] => {
        const chain = [i];
        for (let act = t.acts[i]!; t.activations[act]!.callInstance >= 0; act = t.acts[t.activations[act]!.callInstance]!) {
          chain.push(t.activations[act]!.callInstance);
        }
        return chain;
      };
      const us = up(u);
      const ws = up(from);
      const wActs = new Map(ws.map((x, k) => [t.acts[x]!, k]));
      const ku = us.findIndex((x) => wActs.has(t.acts[x]!));
      const kw = wActs.get(t.acts[us[ku]!]!)!;
      for (let k = 0; k < ku; k++) if (!has(dd(us[k]!), 'mem-in', t.staticId(us[k + 1]!))) return `mem-in ${name(us[k]!)} <- ${name(us[k + 1]!)}`;
      // The write was the call that started the reader's activation (a byval copy, a varargs area).
      if (us[ku] === ws[kw]) return null;
      if (!has(dd(us[ku]!), 'mem', t.staticId(ws[kw]!))) return `mem ${name(us[ku]!)} <- ${name(ws[kw]!)}`;
      for (let k = kw; k > 0; k--) {
        const call = ws[k]!;
        const callee = t.activations.find((x) => x.callInstance === call)!;
        if (callee.retInstance < 0) return `write inside ${name(call)}, which did not return`;
        if (!has(dd(call), 'ret', t.staticId(callee.retInstance))) return `ret ${name(call)} <- ${name(callee.retInstance)}`;
        if (!has(dd(callee.retInstance), 'out', t.staticId(ws[k - 1]!))) return `out ${name(callee.retInstance)} <- ${name(ws[k - 1]!)}`;
      }
      return null;
    }
    default:
      return null;
  }
}

describe('dynamic data dependence is covered by static data dependence', () => {
  test.each(PROGRAMS)('%s', async (file) => {
    const m = moduleOf({ file: join(ROOT, 'test', 'fixtures', file) }, ['-w']);
    const rec = new TraceRecorder(m);
    await run(m, { maxInstructions: BUDGET }, { ...recordingEnvironment(rec), stdout: () => {}, stderr: () => {} });
    const t = rec.finish();
    expect(t.length).toBeGreaterThan(100);
    const deps = dynamicDependences(t);
    const missing: string[] = [];
    let checked = 0;
    for (let u = 0; u < t.length; u++) {
      for (const d of deps.of(u)) {
        if (d.kind === 'control' || d.kind === 'gate' || d.kind === 'potential') continue;
        checked++;
        const why = uncovered(m, t, u, d.kind, d.from, d.via);
        if (why && missing.length < 20) missing.push(why);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
