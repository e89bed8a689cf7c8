// One result file of benchmarks/peso/coreutils.sh: the run's stats.json `driver` section, the CPU
// seconds GNU time measured, and the partitions of signature.json (RSC by source line and output), so
// that report.mjs can compute the RSC coverage of PESO against exhaustive exploration.
//   node coreutils-result.mjs UTIL MODE ARGS BUDGET EXIT-CODE RUN-DIR
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [util, mode, args, budget, rc, dir] = process.argv.slice(2);
const out = join(dir, 'out');
const read = (f) => (existsSync(join(out, f)) ? JSON.parse(readFileSync(join(out, f), 'utf8')) : null);
const stats = read('stats.json');
const signature = read('signature.json');
const [user, sys] = readFileSync(join(dir, 'cpu'), 'utf8').trim().split(/\s+/).slice(-2).map(Number);
const log = readFileSync(join(dir, 'log'), 'utf8');
const tests = signature?.partitions.filter((p) => p.test).length ?? null;
process.stdout.write(
  `${JSON.stringify({
    util,
    mode,
    args,
    budget: Number(budget),
    exitCode: Number(rc),
    haltReason: stats?.haltReason ?? stats?.run?.haltReason ?? null,
    cpuSeconds: Math.round((user + sys) * 100) / 100,
    driver: stats?.driver ?? null,
    tests,
    instructions: stats?.instructions ?? stats?.totalInstructions ?? null,
    partitions: signature?.partitions.map((p) => `${p.rsc.lines.join(' && ')} => ${p.output.join('; ')}`) ?? null,
    logTail: log.split('\n').filter((l) => /error|halt|stopp|timeout|time limit/i.test(l)).slice(-5).map((l) => l.slice(0, 300)),
  })}\n`,
);
