// Csmith differential testing of sympath under musl, outside the test suite (test/posix runs a few
// seeds): for each seed, a Csmith program (Debian's csmith; it prints a checksum through printf) is
// built natively with gcc and run; then sympath runs it concretely (`sympath run`, musl, one path) and
// the two outputs and exit statuses must agree. Seeds whose native run takes more than --native-limit
// seconds (default 2; some Csmith programs run for minutes) are skipped.
//
//   npx tsx benchmarks/csmith-diff.ts [--from 1] [--to 200] [--max-time 120] [--native-limit 2] [--libc musl|none]
//
// Prints one line per seed and a summary; failing seeds keep their source in the work folder (printed).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const arg = (name: string, def: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : def;
};
const from = Number(arg('from', '1'));
const to = Number(arg('to', '100'));
const maxTime = Number(arg('max-time', '120'));
const nativeLimit = Number(arg('native-limit', '2'));
const libc = arg('libc', 'musl');
const INCLUDE = '/usr/include/csmith';
const work = mkdtempSync(join(tmpdir(), 'sympath-csmith-diff-'));

let same = 0, differ = 0, skipped = 0, failed = 0;
for (let seed = from; seed <= to; seed++) {
  const src = join(work, `cs${seed}.c`);
  writeFileSync(src, execFileSync('csmith', ['--seed', String(seed)]));
  const exe = join(work, `cs${seed}`);
  execFileSync('gcc', ['-w', '-O0', `-I${INCLUDE}`, src, '-o', exe]);
  const t0 = performance.now();
  const native = spawnSync(exe, [], { encoding: 'latin1', timeout: nativeLimit * 1000 });
  const nativeSeconds = (performance.now() - t0) / 1000;
  if (native.status === null || nativeSeconds > nativeLimit) {
    skipped++;
    console.log(`seed ${seed}: skipped (native run ${native.status === null ? 'timed out' : `${nativeSeconds.toFixed(2)} s`})`);
    continue;
  }
  const out = join(work, `out${seed}`);
  const t1 = performance.now();
  const r = spawnSync(
    process.execPath,
    [join(root, 'bin', 'sympath.mjs'), 'run', '--libc', libc, '-I', INCLUDE, '--output-dir', out, '--max-time', String(maxTime), src],
    { encoding: 'latin1', timeout: (maxTime + 120) * 1000 },
  );
  const secs = ((performance.now() - t1) / 1000).toFixed(1);
  let stats: { paths?: { completed: number }; instructions?: number } = {};
  try {
    stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
  } catch {
    // no stats: sympath failed
  }
  const halted = /^Halted: (.*)$/m.exec(spawnSync('cat', [join(out, 'info')], { encoding: 'utf8' }).stdout ?? '')?.[1] ?? '?';
  if (r.status !== 0 || stats.paths?.completed !== 1) {
    failed++;
    console.log(`seed ${seed}: sympath did not finish one path (exit ${r.status}, halted: ${halted}, ${secs} s) — ${src}`);
  } else if (r.stdout === native.stdout) {
    same++;
    console.log(`seed ${seed}: same output (${stats.instructions} instructions, ${secs} s)`);
  } else {
    differ++;
    console.log(`seed ${seed}: DIFFERENT output — native ${JSON.stringify(native.stdout.slice(0, 60))}, sympath ${JSON.stringify(r.stdout.slice(0, 60))} — ${src}`);
  }
}
console.log(`\ncsmith-diff (${libc}): ${same} same, ${differ} different, ${failed} unfinished, ${skipped} skipped (seeds ${from}-${to}); work folder ${work}`);
process.exit(differ > 0 ? 1 : 0);
