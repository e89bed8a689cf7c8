// The PSE experiment (issue 8): DFS with and without postconditioned symbolic execution on each subject,
// the heuristics' ablation, and the other searchers on a couple of subjects. Resumable — one small JSON
// per (subject, configuration) under benchmarks/results/pse/runs/, skipped when present — and parallel
// (-j N worker processes, each run in a process of its own so its peak memory is its own). The report
// (benchmarks/results/pse/README.md, table4.svg, ablation.svg) is rebuilt from whatever runs exist.
//
//   npx tsx benchmarks/pse/harness.ts [-j 2] [--max-time 120] [--subjects a,b] [--configs x,y] [--report-only]

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIGS, ROOT, SEARCHER_SUBJECTS, SUBJECTS, type RunRecord } from './subjects.js';
import { writeReport } from './report.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const jobs = Number(opt('-j') ?? 2);
const maxTime = Number(opt('--max-time') ?? 120);
const onlySubjects = opt('--subjects')?.split(',');
const onlyConfigs = opt('--configs')?.split(',');
const RESULTS = join(ROOT, 'benchmarks', 'results', 'pse');
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
    if (onlySubjects && !onlySubjects.includes(s.name)) continue;
    for (const c of CONFIGS) {
      if (onlyConfigs && !onlyConfigs.includes(c.name)) continue;
      if (c.group === 'searcher' && !SEARCHER_SUBJECTS.includes(s.name)) continue;
      // Coreutils subjects (when built) get the main comparison only: the ablation is on the small ones.
      if (s.kind === 'coreutils' && c.group !== 'main' && c.group !== 'coreutils') continue;
      if (s.kind !== 'coreutils' && c.group === 'coreutils') continue;
      out.push({ subject: s.name, config: c.name });
    }
  }
  return out;
}

function runJob(j: Job): Promise<number> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'benchmarks', 'pse', 'run-one.ts'), '--subject', j.subject, '--config', j.config, '--out', runFile(j.subject, j.config), '--max-time', String(maxTime)],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('close', (code) => {
      const s = ((Date.now() - t0) / 1000).toFixed(1);
      process.stderr.write(`  ${j.subject} / ${j.config}: ${code === 0 ? 'done' : `FAILED (${code})`} in ${s} s\n`);
      if (code !== 0) process.stderr.write(err.split('\n').slice(-8).join('\n') + '\n');
      resolve(code ?? 1);
    });
  });
}

async function main(): Promise<void> {
  mkdirSync(RUNS, { recursive: true });
  if (!argv.includes('--report-only')) {
    const todo = plannedJobs().filter((j) => !existsSync(runFile(j.subject, j.config)));
    process.stderr.write(`pse experiment: ${todo.length} runs to do (${plannedJobs().length - todo.length} already there), -j ${jobs}\n`);
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
  const records: RunRecord[] = [];
  for (const s of existsSync(RUNS) ? readdirSync(RUNS) : []) {
    for (const f of readdirSync(join(RUNS, s))) if (f.endsWith('.json')) records.push(JSON.parse(readFileSync(join(RUNS, s, f), 'utf8')) as RunRecord);
  }
  const files = writeReport(RESULTS, records);
  process.stderr.write(`report: ${files.join(', ')}\n`);
}

await main();
