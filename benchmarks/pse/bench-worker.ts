// One measured `sympath run` of `npm run bench:pse` (benchmarks/pse.bench.ts), in a process of its own:
// the CLI of the tree at ROOT (this tree, or a git worktree of the base commit) is imported from its
// TypeScript sources and run on the given arguments; this process's CPU time (user + system, the
// native solver runs in a child process and is not included) for the run is written to OUT as JSON,
// with postcondition.json of the run's output directory when there is one.
//
//   npx tsx benchmarks/pse/bench-worker.ts ROOT OUT.json -- run ARGS...

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, out, sep, ...args] = process.argv.slice(2);
if (!root || !out || sep !== '--') {
  process.stderr.write('usage: bench-worker.ts ROOT OUT.json -- run ARGS...\n');
  process.exit(2);
}
const outDir = args[args.indexOf('--output-dir') + 1]!;
const { runCli } = (await import(pathToFileURL(join(root, 'src', 'cli', 'main.ts')).href)) as { runCli: (argv: string[]) => Promise<void> };
// Modules the run loads on demand, loaded before the clock starts: the figure is the run's, not the
// transpiler's (tsx compiles each source file on first import).
for (const rel of ['src/strategies/postcondition/cli.ts', 'src/strategies/postcondition/index.ts', 'src/solver/index.ts', 'src/engine/executor.ts', 'src/cli/run.ts']) {
  if (existsSync(join(root, rel))) await import(pathToFileURL(join(root, rel)).href);
}
// The pruner's timers (wp and check seconds) read performance.now(); the base build has no CPU timers of
// its own, so the clock is made the process's CPU clock here — both builds' timers then count CPU
// time (the check's solver, a child process, drops out; run budgets become CPU budgets).
const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
performance.now = cpuNow;
const cpu0 = process.cpuUsage();
const wall0 = Date.now();
let written = false;
const report = (): void => {
  if (written) return;
  written = true;
  const cpu = process.cpuUsage(cpu0);
  const pse = join(outDir, 'postcondition.json');
  const stats = join(outDir, 'stats.json');
  writeFileSync(
    out,
    JSON.stringify({
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      wallSeconds: (Date.now() - wall0) / 1000,
      stats: existsSync(stats) ? JSON.parse(readFileSync(stats, 'utf8')) : null,
      pse: existsSync(pse) ? JSON.parse(readFileSync(pse, 'utf8')) : null,
    }),
  );
};
process.on('exit', report);
await runCli(['node', 'sympath', ...args]);
report();
