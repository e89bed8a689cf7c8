import { loadModule } from '../src/ir/index.js';
import { analyzeModule } from '../src/analysis/index.js';
const m = loadModule(process.argv[2]!);
const a = analyzeModule(m);
const imp = a.impact([`${process.argv[3]}:5`]);
const lines = (s: ReadonlySet<any>) => [...new Set([...s].map((i) => a.line(i.id)?.line ?? '-'))].sort((x: any, y: any) => x - y).join(' ');
console.log('all', lines(imp.impacted)); console.log('fwd', lines(imp.forward)); console.log('bc', lines(imp.backwardControl)); console.log('bd', lines(imp.backwardData));
for (const i of imp.backwardData) console.log('  bd', i.id, i.op, a.line(i.id)?.line);
