// The fast analyses give the same relations as the straightforward implementations they replaced
// (kept in test/analysis/reference/): the points-to solution (every value's set, every object's
// contents, call targets, unknown calls, escaped objects), reaching definitions (every use of every
// location), data dependence (every edge), potential dependence (every branch direction, in order) and,
// but on the libc, interactive dependence (every pair, in order). Run on the front-end corpus at -O0 and -O2,
// the analysis fixtures, and, when the musl build is there, a printf program linked with the libc
// (escapes, callbacks, varargs and library models on real code). Speed must not have cost soundness.

import { describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseModule } from '../../src/ir/index.js';
import type { Module } from '../../src/ir/model.js';
import { pointsToOf } from '../../src/analysis/points-to.js';
import { reachingDefsOf } from '../../src/analysis/reaching-defs.js';
import { dataDependenceOf, segmentEdges } from '../../src/analysis/data-dependence.js';
import { moduleIndex } from '../../src/analysis/module-index.js';
import { pointsToOf as referencePointsTo } from './reference/points-to.js';
import { reachingDefsOf as referenceReachingDefs } from './reference/reaching-defs.js';
import { dataDependenceOf as referenceDataDependence } from './reference/data-dependence.js';
import { potentialDependenceOf } from '../../src/analysis/potential-dependence.js';
import { potentialDependenceOf as referencePotentialDependence } from './reference/potential-dependence.js';
import { interactiveDependenceOf, type DepNode } from '../../src/analysis/interactive-dependence.js';
import { interactiveDependenceOf as referenceInteractiveDependence } from './reference/interactive-dependence.js';
import { root } from './helpers.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-analysis-reference-'));
const corpus = join(root, 'test', 'fixtures');
const inputs = [
  ...readdirSync(corpus).filter((f) => f.endsWith('.c')).map((f) => join(corpus, f)),
  ...readdirSync(join(corpus, 'analysis')).filter((f) => f.endsWith('.c')).map((f) => join(corpus, 'analysis', f)),
].sort();

function compile(path: string, opt: number): Module {
  const out = join(work, `${path.replace(/[/.]/g, '_')}.O${opt}.ll`);
  execFileSync('clang-19', ['-S', '-emit-llvm', '-g', `-O${opt}`, '-Xclang', '-disable-O0-optnone', '-w', '-I', join(root, 'runtime', 'include'), path, '-o', out], {
    stdio: 'pipe',
  });
  return parseModule(readFileSync(out, 'utf8'), out);
}

/** `interactive`: compare interactive dependence too (quadratic in a function's size: not on the libc). */
function sameRelations(m: Module, interactive: boolean): void {
  const fast = pointsToOf(m);
  const ref = referencePointsTo(m);
  expect(fast.objects.map((o) => `${o.kind} ${o.name} ${o.strong}`)).toEqual(ref.objects.map((o) => `${o.kind} ${o.name} ${o.strong}`));
  expect(fast.escaped).toEqual(ref.escaped);
  for (let o = 0; o < ref.objects.length; o++) {
    expect(fast.contentsOf(o), `contents of ${ref.objects[o]!.name}`).toEqual(ref.contentsOf(o));
    expect(fast.canonical(o)).toBe(ref.canonical(o));
  }
  for (const g of m.globals) expect(fast.pointsTo(g)).toEqual(ref.pointsTo(g));
  for (const fn of moduleIndex(m).defined) {
    for (const p of fn.params) expect(fast.pointsTo(p), `%${p.name ?? p.index} of @${fn.name}`).toEqual(ref.pointsTo(p));
    const rd = reachingDefsOf(m, fn);
    const rrd = referenceReachingDefs(m, fn);
    const dd = dataDependenceOf(m, fn);
    const rdd = referenceDataDependence(m, fn);
    const pd = potentialDependenceOf(m, fn);
    const rpd = referencePotentialDependence(m, fn);
    if (interactive) {
      const node = (n: DepNode): string => `${n.inst.id}${n.direction === undefined ? '' : `/${n.direction}`}`;
      const pairs = (ps: readonly (readonly [DepNode, DepNode])[]): string[] => ps.map(([i, j]) => `${node(i)} ${node(j)}`);
      expect(pairs(interactiveDependenceOf(m, fn).pairs), `interactive pairs of @${fn.name}`).toEqual(pairs(referenceInteractiveDependence(m, fn).pairs));
    }
    for (const b of fn.blocks) {
      for (const u of b.instructions) {
        const where = `instruction ${u.id} (${u.op}) of @${fn.name}`;
        expect(fast.pointsTo(u), where).toEqual(ref.pointsTo(u));
        for (const op of u.operands) expect(fast.pointsTo(op), where).toEqual(ref.pointsTo(op));
        if (u.op === 'call' || u.op === 'invoke') {
          // the same set (the reference lists them in the order its solver found them)
          expect(fast.callees(u).map((g) => g.name).sort(), where).toEqual(ref.callees(u).map((g) => g.name).sort());
          expect(fast.callsUnknown(u), where).toBe(ref.callsUnknown(u));
        }
        expect(rd.usesOf(u), where).toEqual(rrd.usesOf(u));
        expect([...rd.all(u)], where).toEqual([...rrd.all(u)]);
        for (const loc of rrd.usesOf(u)) expect(rd.at(u, loc), where).toEqual(rrd.at(u, loc));
        const edge = (d: { from: { id: number }; kind: string; loc?: number; arg?: number }): string => `${d.kind} ${d.from.id} ${d.loc ?? ''} ${d.arg ?? ''}`;
        // the same edges, each once; their order is not part of the relation (the reference lists them
        // location by location, the factored form by groups of locations with the same definitions)
        const sorted = (deps: readonly Parameters<typeof edge>[0][]): string[] => deps.map(edge).sort();
        expect(sorted(dd.of(u)), where).toEqual(sorted(rdd.of(u)));
        // the factored form: memoised, and its segments concatenate to the flat list
        expect(dd.groups(u), where).toBe(dd.groups(u));
        expect(dd.groups(u).flatMap((s) => segmentEdges(s)), where).toEqual(dd.of(u));
        const potential = (deps: readonly { branch: { id: number }; direction: number; loc: number }[]): string[] => deps.map((p) => `${p.branch.id} ${p.direction} ${p.loc}`);
        expect(potential(pd.of(u)), where).toEqual(potential(rpd.of(u)));
        if (u.op === 'br' || u.op === 'switch') {
          for (let d = 0; d <= u.operands.length; d++) expect(pd.dependents(u, d).map((x) => x.id), where).toEqual(rpd.dependents(u, d).map((x) => x.id));
        }
      }
    }
    for (const loc of fast.objects.keys()) expect(rd.defSites(loc)).toEqual(rrd.defSites(loc));
  }
}

describe.each([0, 2])('fast analyses = reference implementations, corpus at -O%i', (opt) => {
  test.each(inputs.map((p) => [p.slice(corpus.length + 1), p]))('%s', (_name, path) => sameRelations(compile(path, opt), true));
});

const libcBc = join(root, 'build', 'musl', 'libc.bc');
test.skipIf(!existsSync(libcBc))('fast analyses = reference implementations, printf linked with musl', () => {
  const c = join(work, 'hello.c');
  writeFileSync(
    c,
    '#include <stdio.h>\n#include <string.h>\n#include <stdlib.h>\n' +
      'static int cmp(const void *a, const void *b) { return *(const char *)a - *(const char *)b; }\n' +
      'int main(int argc, char **argv) {\n  char buf[64];\n' +
      '  snprintf(buf, sizeof buf, "%s-%d", argc > 1 ? argv[1] : "none", argc);\n' +
      '  qsort(buf, strlen(buf), 1, cmp);\n' +
      '  if (strlen(buf) > 5) printf("long %s\\n", buf); else puts(buf);\n  return 0;\n}\n',
  );
  const bc = join(work, 'hello.bc');
  execFileSync('clang-19', ['-c', '-emit-llvm', '-g', '-O0', '-Xclang', '-disable-O0-optnone', '-nostdinc', '-isystem', join(root, 'build', 'musl', 'include'), c, '-o', bc], { stdio: 'pipe' });
  const out = join(work, 'hello-linked.ll');
  execFileSync('llvm-link-19', ['--only-needed', bc, libcBc, '-S', '-o', out], { stdio: 'pipe' });
  sameRelations(parseModule(readFileSync(out, 'utf8'), out), false);
});
