import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { closeSolver, fixtureOptions, moduleOf, ROOT } from '../../engine/helpers.js';
import { decision, peso, runWith, Sequence } from './helpers.js';
afterAll(closeSolver);
const short = (k: string) => k.replace(/\(Concat w32 \(Read w8 \(w32 3\) (\w+)\) \(Concat w24 \(Read w8 \(w32 2\) \w+\) \(Concat w16 \(Read w8 \(w32 1\) \w+\) \(Read w8 \(w32 0\) \w+\)\)\)\)/g, '$1').slice(0, 400);
test.each((process.env.FILES ?? '').split(','))('%s', async (file) => {
  const path = join(ROOT, 'test', 'fixtures', 'symbolic', file);
  const explore = peso('reorder');
  const all = peso('paths');
  await runWith(moduleOf({ file: path }), new Sequence([explore, all]), fixtureOptions(readFileSync(path, 'utf8')));
  const a = new Set(explore.partitions.keys()), b = new Set(all.partitions.keys());
  console.log(file, 'only peso:', [...a].filter((k) => !b.has(k)).map(short), 'only paths:', [...b].filter((k) => !a.has(k)).map(short));
  for (const r of explore.records) console.log('P', r.from, r.trace.constraints.map((c) => decision(r.trace, c) + (c.negatable ? '' : '~')).join(' '), '| rsc', r.sequence.map((c) => decision(r.trace, c)).join(' '), '|', r.partition.output.join(';').slice(0,100));
  for (const r of all.records) console.log('A', r.from, r.trace.constraints.map((c) => decision(r.trace, c) + (c.negatable ? '' : '~')).join(' '), '| rsc', r.partition.rsc.map((c) => decision(r.trace, c)).join(' '), '|', r.partition.output.join(';').slice(0,100));
});
