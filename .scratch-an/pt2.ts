import { readFileSync } from 'node:fs';
import { parseModule } from '../src/ir/index.js';
import { pointsToOf, ObjKind } from '../src/analysis/points-to.js';
const m = parseModule(readFileSync(process.argv[2]!, 'utf8'), process.argv[2]!);
const t = performance.now();
const pt = pointsToOf(m);
console.log('points-to', (performance.now() - t).toFixed(0), pt.stats, 'escaped', pt.escaped.length);
// distribution of pts sizes for loads
const sizes: number[] = [];
for (const f of m.functions) for (const b of f.blocks) for (const i of b.instructions) if (i.op === 'load' || i.op === 'store') sizes.push(pt.pointsTo(i.operands[i.op === 'load' ? 0 : 1]!).length);
sizes.sort((a, b) => a - b);
console.log('mem ops', sizes.length, 'median', sizes[sizes.length >> 1], 'p90', sizes[Math.floor(sizes.length * 0.9)], 'max', sizes.at(-1), '>=700', sizes.filter((x) => x >= 700).length);
const kinds = new Map<number, number>(); for (const o of pt.objects) kinds.set(o.kind, (kinds.get(o.kind) ?? 0) + 1); console.log([...kinds]);
const g = globalThis as any; console.log('prop', g.__prop, 'unions', g.__u, 'collapses', g.__c, 'ldst', g.__ld);
