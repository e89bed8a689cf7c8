// The DiSE experiment's real case (issue 18, item 4): GNU Coreutils 9.1 as Debian ships it carries
// debian/patches; for who (61_whoips), dd (63_dd-appenderrors) and id (72_id_checkngroups), OLD =
// upstream (the patch reversed with `patch -R` from build/src/coreutils-9.1, which Debian's source
// package has patched) and NEW = the patched source, both built by util-ir.sh. Each pair is run with
// full exploration (`--no-dise`) and DiSE, under a stated budget; the record keeps the impact set,
// the changed lines and the affected path conditions (source lines they cover). Resumable like the
// harness (runs/debian-UTIL-ARGS-{full,dise}.json).
//
//   npx tsx benchmarks/dise/debian.ts [--work DIR]

import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRecord, timed, writeRecord, type RunRecord } from './harness.js';
import { sh } from './subjects.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const DEBIAN_MAX_TIME = '120';

/** The pairs and their inputs: which arguments reach the changed code is said in the README. */
export const DEBIAN: { util: string; patch: string; extraSources?: string[]; inputs: { label: string; args: string[] }[] }[] = [
  {
    util: 'who',
    patch: '61_whoips',
    inputs: [
      { label: 'symargs', args: ['--sym-args', '0', '1', '5'] },
      { label: 'ips', args: ['--ips', '--sym-args', '0', '1', '2'] },
    ],
  },
  {
    util: 'dd',
    patch: '63_dd-appenderrors',
    inputs: [
      { label: 'append', args: ['oflag=append', '--sym-args', '0', '1', '3', '--sym-stdin', '2'] },
    ],
  },
  { util: 'id', patch: '72_id_checkngroups', extraSources: ['src/group-list.c'], inputs: [{ label: 'symargs', args: ['--sym-args', '0', '1', '2'] }] },
];

export interface DebianExtra {
  changedLines?: { new: number[]; old: number[] };
  impactSet?: number;
  impactedEdges?: number;
  affected?: { test: string; newLines: number[] }[];
  /** Affected path conditions that execute a changed line of NEW. */
  onChangedLines?: number;
  /** affected.json's stage sizes (changed, forward, backwardControl, backwardData, fromOld). */
  stages?: Record<string, number>;
}

async function build(work: string, util: string, patch: string, extraSources: string[]): Promise<{ oldBc: string; newBc: string }> {
  const S = join(ROOT, 'build/src/coreutils-9.1');
  const dir = join(work, 'debian', util);
  mkdirSync(join(dir, 'old'), { recursive: true });
  mkdirSync(join(dir, 'new'), { recursive: true });
  const oldC = join(dir, 'old', `${util}.c`);
  if (!existsSync(oldC)) {
    const r = await sh('patch', ['-s', '-R', '-o', oldC, join(S, 'src', `${util}.c`), join(S, 'debian/patches', `${patch}.patch`)]);
    if (r.code !== 0) throw new Error(`patch -R ${patch}: ${r.out}${r.err}`);
  }
  const env = { EXTRA_SOURCES: extraSources.map((f) => join(S, f)).join(' ') };
  const out = { oldBc: join(dir, 'old', `${util}.bc`), newBc: join(dir, 'new', `${util}.bc`) };
  for (const [src, bc] of [[oldC, out.oldBc], [join(S, 'src', `${util}.c`), out.newBc]] as const) {
    if (existsSync(bc)) continue;
    const r = await sh('nice', ['-n', '10', 'bash', join(ROOT, 'benchmarks/dise/util-ir.sh'), src, bc], env);
    if (r.code !== 0) throw new Error(`util-ir ${src}: ${r.err}`);
  }
  return out;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const work = resolve(argv.includes('--work') ? argv[argv.indexOf('--work') + 1]! : '/tmp/sympath-dise-work');
  for (const d of DEBIAN) {
    const { oldBc, newBc } = await build(work, d.util, d.patch, d.extraSources ?? []);
    for (const input of d.inputs) {
      const pair = `debian/${d.util}/${input.label}`;
      for (const step of ['dise', 'full'] as const) {
        if (readRecord(pair, step)) continue;
        const out = join(work, 'out', pair, step);
        rmSync(out, { recursive: true, force: true });
        const args = ['run', '--libc', 'musl', '--posix-runtime', '--max-time', DEBIAN_MAX_TIME, '--output-dir', out, '--base', oldBc, ...(step === 'full' ? ['--no-dise'] : []), newBc, ...input.args];
        const r = await timed(args, join(work, 'out', pair, `${step}-time`));
        const statsFile = join(out, 'stats.json');
        const rec: RunRecord & DebianExtra = { pair, step, exit: r.code, cpuSeconds: r.cpu, args };
        if (existsSync(statsFile)) rec.stats = JSON.parse(readFileSync(statsFile, 'utf8')) as RunRecord['stats'];
        else rec.error = r.err;
        const aff = join(out, 'affected.json');
        if (existsSync(aff)) {
          const a = JSON.parse(readFileSync(aff, 'utf8')) as { changedLines: { new: number[]; old: number[] }; impactSet: { kind: string }[]; affected: { test: string; newLines: number[] }[] };
          rec.changedLines = a.changedLines;
          rec.impactSet = a.impactSet.filter((n) => n.kind === 'instruction').length;
          rec.impactedEdges = a.impactSet.filter((n) => n.kind === 'edge').length;
          rec.affected = a.affected.slice(0, 50).map((x) => ({ test: x.test, newLines: x.newLines }));
          const changed = new Set(a.changedLines.new);
          rec.onChangedLines = a.affected.filter((x) => x.newLines.some((l) => changed.has(l))).length;
          rec.stages = (a as unknown as { stages: Record<string, number> }).stages;
        }
        writeRecord(rec);
        process.stderr.write(`dise debian: ${pair} ${step} done\n`);
      }
    }
  }
}

await main();
