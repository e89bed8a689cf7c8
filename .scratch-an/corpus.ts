import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { parseModule } from '../src/ir/index.js';
import { analyzeModule } from '../src/analysis/index.js';
for (const opt of [0, 2]) for (const f of readdirSync('test/fixtures').filter((x) => x.endsWith('.c'))) {
  execFileSync('clang-19', ['-S','-emit-llvm','-g',`-O${opt}`,'-Xclang','-disable-O0-optnone','-w','-I','runtime/include',`test/fixtures/${f}`,'-o','/tmp/an/c.ll']);
  const t0 = performance.now();
  const m = parseModule(readFileSync('/tmp/an/c.ll','utf8'), f);
  const t1 = performance.now();
  const a = analyzeModule(m, { eager: true });
  const t2 = performance.now();
  let pairs = 0;
  for (const fn of a.index.defined) pairs += a.interactivePairs(fn).length;
  const t3 = performance.now();
  const rets = a.index.insts.filter((i) => i?.op === 'ret').map((i) => i!.id);
  const sl = a.slice(rets).length;
  console.log(opt, f.padEnd(24), 'insts', a.index.instCount, 'parse', (t1-t0).toFixed(0), 'analyze', (t2-t1).toFixed(0), 'inter', (t3-t2).toFixed(0), pairs, 'slice', sl);
}
