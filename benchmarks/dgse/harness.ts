// The DGSE experiment (issue 15): DGSE against exhaustive search — the forking DFS and the reference
// concolic driver — on the paper's examples, the small programs of benchmarks/, planted-error programs
// and Coreutils utilities, every run through the real CLI (run-one.ts). Resumable — one small JSON per
// (subject, configuration) under benchmarks/results/dgse/runs/, skipped when present (a failed one too,
// unless --retry-failed) — and parallel (-j N child processes). The report (README.md and SVGs in
// benchmarks/results/dgse/) is rebuilt from whatever runs exist.
//
//   npx tsx benchmarks/dgse/harness.ts [-j 2] [--max-time 300] [--groups fig4,paper,small,planted,coreutils]
//                                      [--subjects a,b] [--configs x,y] [--retry-failed] [--report-only]

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeReport } from './report.js';
import { CONFIGS, ROOT, SUBJECTS, type RunRecord } from './subjects.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const jobs = Number(opt('-j') ?? 2);
const maxTime = Number(opt('--max-time') ?? 300);
const onlyGroups = opt('--groups')?.split(',');
const onlySubjects = opt('--subjects')?.split(',');
const onlyConfigs = opt('--configs')?.split(',');
const retryFailed = argv.includes('--retry-failed');
const RESULTS = join(ROOT, 'benchmarks', 'results', 'dgse');
const RUNS = join(RESULTS, 'runs');

function runFile(subject: string, config: string): string {
  return join(RUNS, subject, `${config}.json`);
}

interface Job {
  subject: string;
  config: string;
}

function plannedJobs(): Job[] {
  const out: Job[] = [];
  for (const s of SUBJECTS) {
    if (onlyGroups && !onlyGroups.includes(s.group)) continue;
    if (onlySubjects && !onlySubjects.includes(s.name)) continue;
    for (const c of CONFIGS) {
      if (onlyConfigs && !onlyConfigs.includes(c.name)) continue;
      if (c.applies && !c.applies(s)) continue;
      out.push({ subject: s.name, config: c.name });
    }
  }
  return out;
}

function done(j: Job): boolean {
  const f = runFile(j.subject, j.config);
  if (!existsSync(f)) return false;
  return !(retryFailed && (JSON.parse(readFileSync(f, 'utf8')) as RunRecord).failure !== undefined);
}

function runJob(j: Job): Promise<number> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'benchmarks', 'dgse', 'run-one.ts'), '--subject', j.subject, '--config', j.config, '--out', runFile(j.subject, j.config), '--max-time', String(maxTime)],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('close', (code) => {
      const s = ((Date.now() - t0) / 1000).toFixed(1);
      let cpu = '';
      try {
        const r = JSON.parse(readFileSync(runFile(j.subject, j.config), 'utf8')) as RunRecord;
        cpu = `, ${r.cpuSeconds.toFixed(1)} CPU s${r.haltReason ? `, halted: ${r.haltReason}` : ''}`;
      } catch {
        // no record
      }
      process.stderr.write(`  ${j.subject} / ${j.config}: ${code === 0 ? 'done' : `FAILED (${code})`} in ${s} s${cpu}\n`);
      if (code !== 0) process.stderr.write(err.split('\n').slice(-8).join('\n') + '\n');
      resolve(code ?? 1);
    });
  });
}

function loadRecords(): RunRecord[] {
  const records: RunRecord[] = [];
  for (const s of existsSync(RUNS) ? readdirSync(RUNS) : []) {
    for (const f of readdirSync(join(RUNS, s))) if (f.endsWith('.json')) records.push(JSON.parse(readFileSync(join(RUNS, s, f), 'utf8')) as RunRecord);
  }
  return records;
}

async function main(): Promise<void> {
  mkdirSync(RUNS, { recursive: true });
  if (!argv.includes('--report-only')) {
    const planned = plannedJobs();
    const todo = planned.filter((j) => !done(j));
    process.stderr.write(`dgse experiment: ${todo.length} runs to do (${planned.length - todo.length} already there), -j ${jobs}, --max-time ${maxTime}\n`);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < todo.length) {
        const j = todo[next++]!;
        mkdirSync(join(RUNS, j.subject), { recursive: true });
        await runJob(j);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  }
  const files = writeReport(RESULTS, loadRecords());
  process.stderr.write(`report: ${files.join(', ')}\n`);
}

await main();
