import { loadModule } from '/work/main/src/ir/index.js';
import { analyzeModule } from '/work/main/src/analysis/index.js';
const m = loadModule(process.argv[2]!);
const a = analyzeModule(m, { eager: true });
const fn = a.functionNamed(process.argv[3] ?? "Test");
const L = (id: number) => a.line(id)?.line ?? '-';
const isBr = (id: number) => a.inst(id).op === 'br' && a.inst(id).operands.length === 3;
const ctl = new Set<string>(), dat = new Set<string>(), pot = new Set<string>();
for (const b of fn.blocks) for (const i of b.instructions) {
  for (const c of a.controlDeps(i.id)) ctl.add(`${L(c.instId)}${c.direction===0?'T':'F'}>${L(i.id)}`);
  for (const d of a.dataDeps(i.id)) if (L(d.instId)!==L(i.id)) dat.add(`${L(d.instId)}>${L(i.id)}:${d.kind}`);
  for (const p of a.potentialDeps(i.id)) pot.add(`${L(p.instId)}${p.direction===0?'T':'F'}>${L(i.id)}:${a.locationName(p.loc)}`);
}
console.log('control', [...ctl].join(' '));
console.log('data', [...dat].join(' '));
console.log('potential', [...pot].join(' '));
const nm = (n: {instId:number, direction?:number}) => `${L(n.instId)}${n.direction===undefined?'':n.direction===0?'T':'F'}${a.inst(n.instId).op==='store'||a.inst(n.instId).op==='call'?'':'.'+a.inst(n.instId).op}`;
const t0 = Date.now();
const pairs = a.interactivePairs(fn);
const proj = new Set<string>();
for (const [x,y] of pairs) { if (L(x.instId)==='-'||L(y.instId)==='-') continue; if (L(x.instId)===L(y.instId)) continue; proj.add(`<${nm(x)},${nm(y)}>`); }
console.log('interactive', pairs.length, Date.now()-t0, 'ms'); console.log([...proj].sort().join(' '));
