import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseModule } from '../src/ir/index.js';
import { analyzeModule } from '../src/analysis/index.js';
execFileSync('clang-19', ['-S','-emit-llvm','-g','-O2','-w',`test/fixtures/${process.argv[2]}`,'-o','/tmp/an/p.ll']);
const m = parseModule(readFileSync('/tmp/an/p.ll','utf8'), 'p');
const a = analyzeModule(m, { eager: true });
for (const fn of a.index.defined) { const t = performance.now(); const n = a.interactivePairs(fn).length; console.log(fn.name, fn.blocks.reduce((s,b)=>s+b.instructions.length,0), n, (performance.now()-t).toFixed(0)); }
console.log('searches', (globalThis as any).__s, 'pairIn', (globalThis as any).__p);
