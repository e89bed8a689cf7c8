// node --max-old-space-size=12000 benchmarks/memory/heap-by-type.mjs FILE.heapsnapshot
// Aggregates a .heapsnapshot by (type, name): count and self size, top 30.
import { load } from './heap-load.mjs';
const s = load(process.argv[2]);
const m = s.snapshot.meta; const nf = m.node_fields.length;
const ti = m.node_fields.indexOf('type'), ni = m.node_fields.indexOf('name'), si = m.node_fields.indexOf('self_size');
const types = m.node_types[0]; const nodes = s.nodes; const strings = s.strings;
const agg = new Map(); let total = 0;
for (let i = 0; i < nodes.length; i += nf) {
  const t = types[nodes[i + ti]]; let n = strings[nodes[i + ni]];
  if (t === 'string' || t === 'concatenated string' || t === 'sliced string') n = '(string)';
  if (t === 'code') n = '(code)';
  const k = t + ' ' + n.slice(0, 60); const sz = nodes[i + si]; total += sz;
  const a = agg.get(k) ?? [0, 0]; a[0]++; a[1] += sz; agg.set(k, a);
}
console.log('total MB', (total / 2 ** 20).toFixed(1));
for (const [k, [c, sz]] of [...agg].sort((x, y) => y[1][1] - x[1][1]).slice(0, 35)) console.log((sz / 2 ** 20).toFixed(1).padStart(8), String(c).padStart(9), k);
