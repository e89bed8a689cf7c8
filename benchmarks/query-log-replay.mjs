// Replays a SYMPATH_QUERY_LOG file through one `z3 -in`, query by query, and prints each query's
// answer and wall time (tab-separated: number, answer, ms, bytes), optionally with the check command
// replaced, to compare Z3 tactics on a run's own queries (benchmarks/results/solver-bound/README.md,
// Session 17):
//
//   node benchmarks/query-log-replay.mjs LOG [CHECK-COMMAND] > times.tsv
//
// e.g. CHECK-COMMAND '(check-sat)' or '(check-sat-using (then solve-eqs smt))' in place of the
// engine's NATIVE_TACTIC (src/solver/z3-native.ts), whichever tactic the log was written with. Queries
// the log checked with plain (check-sat) (array reads) keep it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [file, replacement] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node benchmarks/query-log-replay.mjs LOG [CHECK-COMMAND]\n');
  process.exit(2);
}
let text = readFileSync(file, 'utf8');
if (replacement) text = replaceCheckSatUsing(text, replacement);

/** `text` with every `(check-sat-using TACTIC)` command, parentheses balanced, replaced by `by`. */
function replaceCheckSatUsing(text, by) {
  const open = '(check-sat-using ';
  let out = '';
  let from = 0;
  for (let at = text.indexOf(open); at >= 0; at = text.indexOf(open, from)) {
    let depth = 0;
    let end = at;
    do depth += text[end] === '(' ? 1 : text[end] === ')' ? -1 : 0;
    while (depth > 0 && ++end < text.length);
    out += text.slice(from, at) + by;
    from = end + 1;
  }
  return out + text.slice(from);
}
// The log marks each query with "; query N" before its declarations and command.
const chunks = text.split(/^; query \d+\n/m);
const z3 = spawn('z3', ['-in']);
let pending = '';
let waiting = null;
z3.stdout.on('data', (d) => {
  pending += d;
  if (waiting && pending.includes('@@done')) {
    const [out, resolve] = [pending, waiting];
    pending = '';
    waiting = null;
    resolve(out);
  }
});
const send = (s) => new Promise((resolve) => {
  waiting = resolve;
  z3.stdin.write(`${s}\n(echo "@@done")\n`);
});
await send(chunks[0]);
const rows = [];
for (let i = 1; i < chunks.length; i++) {
  const chunk = chunks[i].replace(/^; .*$/gm, '');
  const t0 = performance.now();
  const out = await send(chunk);
  const answer = (out.match(/^(sat|unsat|unknown)$/m) ?? ['?'])[0];
  rows.push(`${i}\t${answer}\t${(performance.now() - t0).toFixed(2)}\t${chunk.length}`);
}
z3.stdin.end();
process.stdout.write(`${rows.join('\n')}\n`);
