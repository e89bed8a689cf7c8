// Turns benchmarks/results/peso/results.jsonl (harness.sh) into the Markdown table of benchmarks/results/peso/README.md
// (the paper's Table IV shape: PESO against exhaustive exploration). Prints it to stdout.
import { readFileSync } from 'node:fs';

const rows = readFileSync(new URL('../results/peso/results.jsonl', import.meta.url), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
const by = new Map();
for (const r of rows) {
  if (!by.has(r.subject)) by.set(r.subject, {});
  by.get(r.subject)[r.mode] = r;
}
const out = [
  '| subject | criterion | paths (exhaustive) | partitions (exhaustive) | PESO executions | PESO partitions | tests PESO / exhaustive | solver calls PESO / exh. | mean formula bytes PESO / exh. | node CPU s PESO / exh. | CPU s incl. start-up PESO / exh. |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const [s, m] of by) {
  const p = m.reorder;
  const e = m.paths;
  if (!p || !e) continue;
  const f = (x) => x.toFixed(2);
  out.push(
    `| ${s} | ${p.criterion} | ${e.executions}${e.halted ? ` (${e.halted})` : ''} | ${e.partitions} | ${p.executions}${p.halted ? ` (${p.halted})` : ''} | ${p.partitions} | ${p.tests} / ${e.tests} | ${p.solverCalls} / ${e.solverCalls} | ${p.meanFormulaBytes} / ${e.meanFormulaBytes} | ${f(p.nodeCpuSeconds)} / ${f(e.nodeCpuSeconds)} | ${f(p.cpuSeconds)} / ${f(e.cpuSeconds)} |`,
  );
}
process.stdout.write(`${out.join('\n')}\n`);
