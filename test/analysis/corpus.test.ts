// Soundness-ish checks on the front-end corpus (test/fixtures/*.c) at -O0 and -O2: every analysis runs
// without error on every function, and the relations satisfy the invariants that hold by construction
// (each use of a location has a reaching definition, memory dependences connect a definition and a use
// of the same location, control and potential dependences name deciding terminators of the same
// function in range, a use is never potentially dependent on a branch it is control dependent on,
// interactive pairs stay inside their function, slices contain their criteria). That static
// dependence covers dynamic dependence on recorded traces needs the engine's traces (issue 9, item 2).

import { describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseModule } from '../../src/ir/index.js';
import { analyzeModule } from '../../src/analysis/index.js';
import { cfgOf } from '../../src/analysis/cfg.js';
import { controlDependenceOf } from '../../src/analysis/control-dependence.js';
import { dataDependenceOf } from '../../src/analysis/data-dependence.js';
import { memoryEffectsOf } from '../../src/analysis/memory-effects.js';
import { potentialDependenceOf } from '../../src/analysis/potential-dependence.js';
import { reachingDefsOf } from '../../src/analysis/reaching-defs.js';
import { root } from './helpers.js';

const corpus = join(root, 'test', 'fixtures');
const files = readdirSync(corpus).filter((f) => f.endsWith('.c')).sort();
const work = mkdtempSync(join(tmpdir(), 'sympath-analysis-corpus-'));

describe.each([0, 2])('corpus at -O%i', (opt) => {
  test('the corpus is there', () => expect(files.length).toBeGreaterThan(10));

  test.each(files)('%s', (file) => {
    const out = join(work, `${file}.O${opt}.ll`);
    execFileSync('clang-19', ['-S', '-emit-llvm', '-g', `-O${opt}`, '-Xclang', '-disable-O0-optnone', '-w', '-I', join(root, 'runtime', 'include'), join(corpus, file), '-o', out], {
      stdio: 'pipe',
    });
    const m = parseModule(readFileSync(out, 'utf8'), out);
    const a = analyzeModule(m, { eager: true });
    const me = memoryEffectsOf(m);
    let checked = 0;
    for (const fn of a.index.defined) {
      const cfg = cfgOf(fn);
      const cd = controlDependenceOf(fn);
      const rd = reachingDefsOf(m, fn);
      const dd = dataDependenceOf(m, fn);
      const pd = potentialDependenceOf(m, fn);
      for (const b of fn.blocks) {
        if (!cfg.reachable(b)) continue;
        for (const u of b.instructions) {
          for (const loc of rd.usesOf(u)) expect(rd.at(u, loc).length, `a definition of ${a.locationName(loc)} reaches ${u.id}`).toBeGreaterThan(0);
          for (const c of cd.ofInst(u)) {
            expect(c.branch.parent.fn).toBe(fn);
            expect(c.direction).toBeLessThan(cfg.targets(c.branch.parent).length);
          }
          for (const d of dd.of(u)) {
            if (d.kind !== 'mem') continue;
            expect(me.of(d.from).defs).toContain(d.loc);
            expect(rd.usesOf(u)).toContain(d.loc);
            checked++;
          }
          for (const p of pd.of(u)) {
            expect(p.branch.parent.fn).toBe(fn);
            expect(cd.ofInst(u).some((c) => c.branch === p.branch)).toBe(false);
          }
        }
      }
      for (const [x, y] of a.interactivePairs(fn)) {
        expect(a.inst(x.instId).parent.fn).toBe(fn);
        expect(a.inst(y.instId).parent.fn).toBe(fn);
      }
    }
    if (opt === 0) expect(checked).toBeGreaterThan(0);
    const rets = a.index.insts.filter((i) => i?.op === 'ret').map((i) => i!.id);
    const slice = a.slice(rets);
    for (const r of rets) expect(slice).toContain(r);
  });
});
