// One (subject, configuration) run of the PSE experiment, in a process of its own so its peak memory is
// its own: compile the subject (clang-19 -O0, --libc none), explore it under the configuration's searcher
// with or without the postcondition pruner, and write one small JSON with paths, instructions, time,
// peak RSS / heap and the pruner's counts.
//
//   npx tsx benchmarks/pse/run-one.ts --subject NAME --config NAME --out FILE.json [--max-time S]

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runProgram } from '../../src/engine/executor.js';
import { Memory } from '../../src/engine/memory.js';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from '../../src/engine/options.js';
import { parseModule } from '../../src/ir/index.js';
import { createSearcher } from '../../src/search/index.js';
import { createSolver } from '../../src/solver/index.js';
import { coveredLines, createPostconditionPruner, errorSitesOf, statsJson } from '../../src/strategies/postcondition/index.js';
import type { Executor } from '../../src/engine/executor.js';
import type { TestCase } from '../../src/engine/test-case.js';
import { CONFIGS, ROOT, SUBJECTS, type RunRecord } from './subjects.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const subject = SUBJECTS.find((s) => s.name === arg('--subject'));
const config = CONFIGS.find((c) => c.name === arg('--config'));
const outFile = arg('--out');
const maxTime = Number(arg('--max-time') ?? 300);
if (!subject || !config || !outFile) {
  process.stderr.write(`usage: run-one.ts --subject {${SUBJECTS.map((s) => s.name).join('|')}} --config {${CONFIGS.map((c) => c.name).join('|')}} --out FILE\n`);
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'sympath-pse-'));
try {
  if (subject.kind === 'coreutils') {
    runCli();
    process.exit(0);
  }
  const ll = join(work, 'p.ll');
  execFileSync(
    'clang-19',
    ['-S', '-emit-llvm', '-g', '-O0', '-Xclang', '-disable-O0-optnone', '-w', '-I', join(ROOT, 'runtime', 'include'), ...subject.defines.map((d) => `-D${d}`), subject.file, '-o', ll],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const module = parseModule(readFileSync(ll, 'utf8'), 'p.ll');
  const solver = await createSolver({ backend: 'native', timeoutSeconds: 30 });
  const opts: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, search: config.search, maxTime, seed: 1, programSourceFiles: [subject.file] };
  const pruner = config.pse ? createPostconditionPruner(config.pse) : null;
  let engine: Executor | null = null;
  const tests: TestCase[] = [];
  let peakHeap = 0;
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 50);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const r = await runProgram(module, opts, {
    solver,
    sink: { add: (t) => (tests.push(t), null) },
    createSearcher: (ctx) => createSearcher(opts.search, ctx, { batchInstructions: 0, batchSeconds: 0 }),
    stdout: () => {},
    stderr: () => {},
    hooks: pruner ? [pruner.hook] : [],
    createMemory: (ex) => {
      engine = ex;
      return pruner ? pruner.createMemory(ex) : new Memory(ex);
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  const record: RunRecord = {
    subject: subject.name,
    config: config.name,
    search: config.search.join('+'),
    commit: engineCommit(),
    pse: config.pse ?? null,
    paths: r.paths,
    explored: r.paths.completed + r.paths.errors + r.paths.partial + r.paths.pruned,
    instructions: r.instructions,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    solverSeconds: solver.stats.seconds,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    peakHeapMB: peakHeap / (1024 * 1024),
    haltReason: r.haltReason ?? null,
    errors: [...errorSitesOf(tests)].sort(),
    lines: engine ? [...coveredLines(engine)].sort() : [],
    prune: pruner ? statsJson(pruner.hook.finish()) : null,
  };
  await solver.close();
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(record, null, 1)}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * A Coreutils subject: `sympath run --posix-runtime` (musl) on its bitcode, under GNU time for CPU time
 * and peak RSS; counts from stats.json and postcondition.json. SYMPATH_BIN picks another build of the
 * CLI than bin/sympath.mjs (dist/), e.g. one compiled to a directory of its own while dist/ is shared.
 */
function runCli(): void {
  const out = join(work, 'out');
  const timeFile = join(work, 'time');
  const pse = config!.pse;
  const flags: string[] = [];
  if (pse) {
    flags.push('--prune', 'postcondition');
    if (pse.firstInstanceOnly) flags.push('--pse-first-instance-only');
    if (pse.simplify) flags.push('--pse-simplify');
    if (pse.reuseWp) flags.push('--pse-reuse-wp');
    if (pse.pinAddresses) flags.push('--pse-pin-addresses');
    if (pse.maxSummarySize !== undefined) flags.push('--pse-max-summary-size', String(pse.maxSummarySize));
  }
  const r = spawnSync(
    '/usr/bin/time',
    ['-f', '%e %U %S %M', '-o', timeFile, process.execPath, process.env.SYMPATH_BIN ?? join(ROOT, 'bin', 'sympath.mjs'), 'run', '--output-dir', out, '--max-time', String(maxTime), ...config!.search.flatMap((x) => ['--search', x]), ...flags, '--posix-runtime', subject!.file, ...(subject!.args ?? [])],
    // maxBuffer: spawnSync's default (1 MB) kills the child when its stderr outgrows it; sync's DFS run
    // (~60,000 paths, a warning line each) was killed that way, before writing its stats.json.
    { cwd: work, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 30 },
  );
  if (!existsSync(join(out, 'stats.json'))) {
    process.stderr.write(r.stderr ?? '');
    process.exit(1);
  }
  const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
  const [, user, sys, rssKB] = readFileSync(timeFile, 'utf8').trim().split(/\s+/).map(Number);
  const info = readFileSync(join(out, 'info'), 'utf8');
  const halted = /Halted: (.*)/.exec(info)?.[1] ?? 'all paths explored';
  const record: RunRecord = {
    subject: subject!.name,
    config: config!.name,
    search: config!.search.join('+'),
    commit: engineCommit(),
    pse: pse ?? null,
    paths: stats.paths,
    explored: stats.paths.completed + stats.paths.errors + stats.paths.partial + stats.paths.pruned,
    instructions: stats.instructions,
    seconds: stats.wallSeconds,
    cpuSeconds: (user ?? 0) + (sys ?? 0),
    solverSeconds: stats.solver.seconds,
    peakRssMB: (rssKB ?? 0) / 1024,
    peakHeapMB: 0,
    haltReason: halted === 'all paths explored' ? null : halted,
    errors: [...new Set((stats.errors as { kind: string; file: string; line: number }[]).map((e) => `${e.kind}@${e.file}:${e.line}`))].sort(),
    lines: [],
    linesCovered: stats.coverage.linesCovered,
    prune: existsSync(join(out, 'postcondition.json')) ? JSON.parse(readFileSync(join(out, 'postcondition.json'), 'utf8')) : null,
  };
  mkdirSync(dirname(outFile!), { recursive: true });
  writeFileSync(outFile!, `${JSON.stringify(record, null, 1)}\n`);
}

/** The commit of the tree this script runs from (recorded in each result, so runs of several engine
 *  versions can be told apart), or undefined outside a git checkout. */
function engineCommit(): string | undefined {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}
