import { readFileSync } from 'node:fs';
import { parseModule } from '../src/ir/index.js';
import { pointsToOf } from '../src/analysis/points-to.js';
const m = parseModule(readFileSync(process.argv[2]!, 'utf8'), process.argv[2]!);
const t = performance.now();
const pt = pointsToOf(m);
console.log('points-to', (performance.now() - t).toFixed(0), pt.stats);
const g = globalThis as any; console.log('d', g.__d, 'raw', g.__raw, 'ldst', g.__ld, 'copy', g.__cp, 'ind', g.__ic, 'prop', g.__prop);
