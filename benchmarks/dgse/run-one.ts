// One (subject, configuration) run of the DGSE experiment: `sympath run` through the real CLI
// (bin/sympath.mjs, i.e. dist/) under GNU time — CPU seconds (user + system, sympath and its children:
// clang, llvm-link, the native Z3 process) and peak RSS — with a --max-time budget, then one small JSON
// from stats.json (paths, tests, error sites, coverage, solver, the driver section), info (why it
// halted) and check-pruning.json.
//
//   npx tsx benchmarks/dgse/run-one.ts --subject NAME --config NAME --out FILE.json [--max-time S]
//
// SYMPATH_BIN picks another build of the CLI than bin/sympath.mjs.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { writeKTest } from '../../src/engine/ktest.js';
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
  process.stderr.write(`usage: run-one.ts --subject NAME --config {${CONFIGS.map((c) => c.name).join('|')}} --out FILE [--max-time S]\n`);
  process.exit(2);
}

/** The commit of the tree this script runs from. */
function engineCommit(): string | undefined {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Runs `cmd` in a process group of its own; kills the group after `timeoutMs`. */
function run(cmd: string, args: string[], cwd: string, timeoutMs: number): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
      if (stderr.length > 1 << 20) stderr = stderr.slice(-(1 << 19)); // a warning per path adds up
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stderr });
    });
  });
}

const work = mkdtempSync(join(tmpdir(), 'sympath-dgse-exp-'));
try {
  const program = subject.file ?? join(work, `${subject.name}.c`);
  if (subject.text !== undefined) writeFileSync(program, subject.text);
  const isDgse = config.flags.includes('dgse');
  const extra: string[] = [];
  if (isDgse && subject.firstInput) {
    const first = join(work, 'first.ktest');
    writeKTest(first, {
      args: [subject.name],
      objects: subject.firstInput.map(({ name, value }) => {
        const bytes = new Uint8Array(4);
        new DataView(bytes.buffer).setInt32(0, value, true);
        return { name, bytes };
      }),
    });
    extra.push('--dgse-first-input', first);
  }
  const out = join(work, 'out');
  const timeFile = join(work, 'time');
  const runArgs = ['run', '--output-dir', out, '--max-time', String(maxTime), ...config.flags, ...subject.options, ...extra, program, ...subject.args];
  const bin = process.env.SYMPATH_BIN ?? join(ROOT, 'bin', 'sympath.mjs');
  // The budget bounds the run (and --check-pruning's baseline: twice); the group is killed well after.
  const r = await run('/usr/bin/time', ['-f', '%e %U %S %M', '-o', timeFile, process.execPath, bin, ...runArgs], work, (3 * maxTime + 180) * 1000);
  const shown = (p: string): string => (p.startsWith(work) ? `<generated>${p.slice(work.length)}` : p.startsWith(ROOT) ? relative(ROOT, p) : p);
  const command = ['sympath', ...runArgs.map((a) => (a === out ? 'OUT' : shown(a)))].join(' ');
  const [elapsed, user, sys, rssKB] = existsSync(timeFile) ? readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(/\s+/).map(Number) : [];
  const statsFile = join(out, 'stats.json');
  const stats = existsSync(statsFile) ? JSON.parse(readFileSync(statsFile, 'utf8')) : null;
  const info = existsSync(join(out, 'info')) ? readFileSync(join(out, 'info'), 'utf8') : '';
  const halted = /Halted: (.*)/.exec(info)?.[1] ?? (stats ? 'all paths explored' : 'no stats.json');
  const checkFile = join(out, 'check-pruning.json');
  const failed = r.code !== 0 && r.code !== 3;
  const record: RunRecord = {
    subject: subject.name,
    config: config.name,
    commit: engineCommit(),
    command,
    exitCode: r.code,
    cpuSeconds: (user ?? NaN) + (sys ?? NaN),
    elapsedSeconds: elapsed ?? NaN,
    peakRssMB: (rssKB ?? NaN) / 1024,
    exploreSeconds: stats?.wallSeconds ?? NaN,
    haltReason: halted === 'all paths explored' ? null : halted,
    paths: stats?.paths ?? { completed: 0, errors: 0, partial: 0, pruned: 0 },
    tests: stats?.tests ?? 0,
    instructions: stats?.instructions ?? 0,
    errors: [...new Set(((stats?.errors ?? []) as { kind: string; file: string; line: number }[]).map((e) => `${e.kind}@${shown(e.file)}:${e.line}`))].sort(),
    linesCovered: stats?.coverage?.linesCovered ?? 0,
    linesTotal: stats?.coverage?.linesTotal ?? 0,
    solver: stats?.solver ?? { queries: 0, z3Queries: 0, cacheHits: 0, seconds: 0 },
    driver: stats?.driver ?? null,
    checkPruning: existsSync(checkFile) ? JSON.parse(readFileSync(checkFile, 'utf8').replaceAll(`${ROOT}/`, '').replaceAll(work, '<generated>')) : null,
    ...(failed || !stats ? { failure: r.stderr.split('\n').filter(Boolean).slice(-6).join('\n') } : {}),
  };
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(record, null, 1)}\n`);
  if (failed || !stats) {
    process.stderr.write(`${command}: exit ${r.code}\n${record.failure}\n`);
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
