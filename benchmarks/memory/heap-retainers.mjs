// node --max-old-space-size=12000 benchmarks/memory/heap-retainers.mjs FILE.heapsnapshot TYPE NAME-PREFIX (e.g. array "(object elements)")
// EXACT=1: the name must match exactly ("Object" would also match "ObjectState").
// For nodes matching (type,name) aggregate self size by "grandparent.name -edge-> parent.name -edge->".
import { load } from './heap-load.mjs';
const [file, wantType, wantName] = process.argv.slice(2);
const s = load(file);
const m = s.snapshot.meta; const nf = m.node_fields.length; const ef = m.edge_fields.length;
const ti = m.node_fields.indexOf('type'), ni = m.node_fields.indexOf('name'), si = m.node_fields.indexOf('self_size'), eci = m.node_fields.indexOf('edge_count');
const types = m.node_types[0]; const etypes = m.edge_types[0]; const nodes = s.nodes, edges = s.edges, strings = s.strings;
const N = nodes.length / nf; const parent = new Int32Array(N).fill(-1); const pedge = new Array(N);
let e = 0;
for (let n = 0; n < N; n++) {
  const c = nodes[n * nf + eci];
  for (let k = 0; k < c; k++, e += ef) {
    const et = etypes[edges[e]]; if (et === 'weak' || et === 'shortcut') continue;
    const to = edges[e + 2] / nf; if (parent[to] === -1) { parent[to] = n; pedge[to] = (et === 'element' || et === 'hidden') ? '[]' : strings[edges[e + 1]]; }
  }
}
const nm = (n) => n < 0 ? '-' : (types[nodes[n * nf + ti]] + ':' + String(strings[nodes[n * nf + ni]]).slice(0, 30));
const agg = new Map();
for (let n = 0; n < N; n++) {
  const nodeName = String(strings[nodes[n * nf + ni]]);
  if (types[nodes[n * nf + ti]] !== wantType || (process.env.EXACT ? nodeName !== wantName : !nodeName.startsWith(wantName))) continue;
  const p = parent[n]; const g = p >= 0 ? parent[p] : -1; const gg = g >= 0 ? parent[g] : -1;
  const k = `${nm(gg)} .${pedge[g]} ${nm(g)} .${pedge[p]} ${nm(p)} .${pedge[n]}`;
  const a = agg.get(k) ?? [0, 0]; a[0]++; a[1] += nodes[n * nf + si]; agg.set(k, a);
}
for (const [k, [c, sz]] of [...agg].sort((x, y) => y[1][1] - x[1][1]).slice(0, 25)) console.log((sz / 2 ** 20).toFixed(2).padStart(7), String(c).padStart(8), k);
