// The Coreutils part of the PSE report: DFS vs DFS+PSE (all heuristics) and DFS+PSE with
// --pse-pin-addresses on the utilities of issue 5 (musl + the POSIX model, the paper's setting), what PSE
// spent and where its walks stopped, and why its summaries (hardly) match there — with examples of the
// conjuncts that failed, found with PSE_DEBUG=1 (check.ts).

import { COREUTILS_ARGS, type RunRecord } from './subjects.js';
import type { RecordSource } from './records.js';

/** What report.ts gives this section: its table builder over DFS vs one configuration. */
export interface CoreutilsReportTools {
  source: RecordSource;
  /** The runs' budget in words ("120 s"). */
  budget: string;
  table4: (config: string) => string[];
  fmt: (x: number, d?: number) => string;
}

type Prune = { prunes: number; checks: number; walks: number; walkEvents: number; wpSeconds: number; checkSeconds: number; barriers: Record<string, number> };

function barriersOf(p: Prune | null): string {
  if (!p || !p.barriers) return '';
  const top = Object.entries(p.barriers).sort((a, b) => b[1] - a[1]).slice(0, 3);
  return top.map(([k, n]) => `${k.replace(/\|/g, '\\|')} (${n})`).join('; ');
}

export function coreutilsSection(records: RunRecord[], tools: CoreutilsReportTools): string[] {
  const cu = records.filter((r) => r.subject.startsWith('coreutils-'));
  if (cu.length === 0) return [];
  const { fmt } = tools;
  const subjects = [...new Set(cu.map((r) => r.subject))];
  const by = new Map(cu.map((r) => [`${r.subject}/${r.config}`, r]));
  const stats: string[] = [
    '| Utility | Configuration | Pruned directions / checks | Walks | Walk events | WP s (wall) | Check s (wall) | CPU s | Peak RSS MB | Halted | Walks stopped at (most frequent) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  let pruned = 0;
  let checks = 0;
  for (const s of subjects) {
    for (const c of ['dfs', 'dfs+pse', 'dfs+pse-pin']) {
      const r = by.get(`${s}/${c}`);
      if (!r) continue;
      const p = r.prune as Prune | null;
      if (p) {
        pruned += p.prunes;
        checks += p.checks;
      }
      stats.push(
        `| ${s.replace('coreutils-', '')} | ${c} | ${p ? `${p.prunes} / ${p.checks}` : ''} | ${p?.walks ?? ''} | ${p?.walkEvents ?? ''} | ${p ? fmt(p.wpSeconds) : ''} | ${p ? fmt(p.checkSeconds) : ''} | ${fmt(r.cpuSeconds)} | ${fmt(r.peakRssMB, 0)} | ${r.haltReason ?? 'no'} | ${barriersOf(p)} |`,
      );
    }
  }
  const commits = [...new Set(cu.map((r) => r.commit ?? 'unrecorded'))].join(', ');
  const list = subjects.map((x) => x.replace('coreutils-', '')).join(',');
  const how =
    tools.source === 'runs'
      ? [
          `\`--pse-pin-addresses\`. Engine commit of the runs: ${commits}. **Load**: the 2-core machine also ran an`,
          'analysis benchmark meanwhile (load average 3.8–6.5 during these runs), so wall times are inflated and CPU',
          'seconds are the figure to read. Covered lines are compared by count (stats.json); a run cut by its budget is',
          'not exhaustive, so "lost" is only checked where both runs finished.',
          '',
          `Command (the retired harness): \`PSE_COREUTILS=${list} npx tsx benchmarks/pse/harness.ts -j 2 --max-time 120 --subjects <the same, as coreutils-NAME>\``,
          '(run from a git worktree of that commit, so the dist/ it used was its own). Today the same runs are',
          `\`npx tsx benchmarks/pse/harness.ts --coreutils ${list} -j 2\` (pse-coreutils.experiment.json).`,
        ]
      : [
          '`--pse-pin-addresses`. Covered lines are compared as sets (run.cov of `--write-cov`); a run cut by its',
          'budget is not exhaustive, so "lost" is only checked where both runs finished. CPU seconds include the',
          'native Z3. The machine load is not recorded by the experiment: read it beside the command that ran it.',
          '',
          `Command: \`npx tsx benchmarks/pse/harness.ts --coreutils ${list} -j 2\` (pse-coreutils.experiment.json).`,
        ];
  return [
    '## Coreutils',
    '',
    `${subjects.length} utilities of issue 5 (${subjects.map((s) => s.replace('coreutils-', '')).join(', ')}), each through \`sympath run --posix-runtime\``,
    `(musl 1.2.3 in IR + the POSIX model) with the paper's setting \`${COREUTILS_ARGS.join(' ')}\`, DFS, ${tools.budget} per run, two runs at a`,
    'time (`-j 2`); "dfs+pse" has the paper\'s heuristics (as the small programs), "dfs+pse-pin" adds',
    ...how,
    '',
    `**Read the ratios with the Halted column of the next table**: where a run was cut by its ${tools.budget} (wall)`,
    'budget the two runs compare how far each got, not what pruning saved — a PSE run that spends its time in',
    `walks explores fewer paths. Pruning itself: ${prunedBy(cu)}.`,
    '',
    '### DFS vs DFS+PSE (all heuristics)',
    '',
    ...tools.table4('dfs+pse'),
    '',
    '### DFS vs DFS+PSE with --pse-pin-addresses',
    '',
    ...tools.table4('dfs+pse-pin'),
    '',
    '### What PSE spent, and where its walks stopped',
    '',
    ...stats,
    '',
    `In all: ${pruned} pruned directions out of ${checks} subsumption checks.${syncNote(by)}`,
    '',
    '**Cost of the walks.** Echo\'s rows above: ' + echoCost(by, fmt) + '. Two sessions ago echo\'s PSE run',
    'reached the 2 GB memory budget after 84 of its 111 paths (2284 MB, 39.5 CPU s, 95% of the time in',
    'weakest-precondition walks): every recorded disjunct held its branch event, hence its whole path and that',
    'path\'s substitution memos. Recorded disjuncts now keep only the branch\'s stack shape, frames and allocas; the',
    'final statistics no longer finish every summary; precondition signatures are 64-bit hashes; and hash-consing',
    'no longer builds a string key per term (echo with `--pse-pin-addresses`: 19.2 → 14.9 CPU s, two alternating',
    'runs each). The walks still dominate: each path is ~5,000–7,000 executed instructions of musl and the POSIX',
    'model (stdio, locale, option parsing) walked back to the path\'s first branch, with ~13 symbolic branches',
    'among ~950; most of the time is in substitution, hash-consing new terms and collecting the leaves each new',
    'conjunct mentions (`node --cpu-prof`). The paper\'s reuse of WP work between adjacent paths',
    '(`--pse-reuse-wp`) is what keeps this affordable: echo with `--pse-pin-addresses` but without it took 58',
    'CPU s, with it 19 (before the hash-consing change; measured separately, same load). No walk stops early at a',
    'repeated precondition on these utilities: the suffixes\' conjuncts always differ.',
    '',
    '### Why the summaries (hardly) match on Coreutils',
    '',
    'The walks get through `free`, `llvm.stacksave`/`stackrestore`, dynamic allocas, variadic calls and',
    '`va_start`/`va_copy`/`va_end` (see `src/strategies/postcondition/README.md`), so summaries reach the utilities\'',
    'option parsing. A check instantiates a summary in the checking state; with `PSE_DEBUG=1` it prints, per',
    'disjunct, the first conjunct that became false (`M[x]` is object x\'s bytes, `%v@d` register v of the frame at',
    'depth d, `Live[o]` whether object o is live). Two causes found in the previous round are fixed in this one:',
    '',
    '- **The stack shape** (fixed): sympath\'s start-up code (runtime/musl/crt/crt1.c) copied argv into a VLA, so',
    '  runs with a different number of arguments (`--sym-args 0 2 2` forks on it first) had every later frame 16',
    '  bytes apart, and a summary recorded under one argc never matched a state with another. The vector is now a',
    '  static array; no failed check on echo or basename names the stack shape any more.',
    '- **Heap objects by address** (fixed for equal allocations): a summary recorded after a malloc names its',
    '  object, and the engine gave every state its own object at a new address, so the summary held in no other',
    '  state. Heap objects are now named by allocation history (src/engine/heap-history.ts): states that forked',
    '  before an allocation and make it with the same site and size share the object. basename still fails there',
    '  (`Live[default_malloc]`, about a third of its failed checks): it copies its argument with `xstrdup`, and',
    '  an argument of another length is an allocation of another size.',
    '- **A malloc whose object the suffix uses** (basename\'s 64 `default_malloc` barriers above) no longer stops',
    '  the walk, since the commit after these runs: the walk asks for the recording path\'s allocation history',
    '  (`HeapAt` leaves). Measured on basename alone, same command: 628,658 walk events instead of 362,002 and',
    '  463 checks instead of 364, 25.4 CPU s, and still nothing pruned.',
    '',
    'What is left, on echo and basename, are conditions the suffix really depends on:',
    '',
    '- **How many arguments are left, and option-parsing state**: main\'s and getopt\'s locals (`M[3]`, `M[4]`,',
    '  `M[getopt_data]`: e.g. `argc - 1 < 1`): a state with another argument count, or at another `optind`,',
    '  runs another loop.',
    '- **stdio state and string lengths** (echo, basename): conjuncts on stdout\'s FILE (`M[__stdout_FILE]`:',
    '  how much of the buffer is used) and on `__fwritex`\'s length argument (`%1@6`, `%29@6`): how many bytes',
    '  were buffered before, and how long this string is, decide the loop counts of `__fwritex` and its',
    '  line-buffer scan for `\\n`, so the suffix is a different instruction sequence for a different length.',
    '- **Genuinely different suffixes** (echo: main\'s `display_return` flag, false after `-n`): the recorded',
    '  suffix prints a newline, the checking state\'s does not.',
    '',
    'Where it does prune (true, false: one argument), the states are at the character comparisons of',
    '`--help`/`--version` against the argument, after one path already took that comparison\'s other',
    'outcome to the plain `exit(0)`: the same argc, nothing printed, no heap object — the suffix\'s',
    'precondition holds in every state there.',
    '',
    'So the summaries are mostly right not to match: in these utilities the path suffix after a symbolic branch',
    'depends on the lengths of what was printed and on which arguments came first, the first-instance-only',
    'heuristic records each location once per path, and 200 disjuncts per location cover only the explored',
    'combinations. The paper\'s KLEE/uClibc runs pruned 60% of paths; we do not reproduce that on musl with this',
    'POSIX model, and on these small budgets the walks cost 10–40× DFS\'s CPU time, so DFS alone explores more.',
    '',
  ];
}

/** Whether sync's DFS run (which the 1 MB stderr cap of the harness used to kill) is there. */
function syncNote(by: Map<string, RunRecord>): string {
  if (!by.has('coreutils-sync/dfs+pse') || by.has('coreutils-sync/dfs')) return '';
  return ' sync has PSE rows only: its DFS run ended without its stats.json.';
}

function echoCost(by: Map<string, RunRecord>, fmt: (x: number, d?: number) => string): string {
  const one = (c: string): string => {
    const r = by.get(`coreutils-echo/${c}`);
    if (!r) return '';
    return `${c} ${r.explored} paths, ${fmt(r.cpuSeconds, 1)} CPU s, ${fmt(r.peakRssMB, 0)} MB${r.haltReason ? ` (cut: ${r.haltReason})` : ' (complete)'}`;
  };
  return ['dfs', 'dfs+pse', 'dfs+pse-pin'].map(one).filter(Boolean).join('; ');
}

/** "u1 n1 (config), …" for the runs that pruned something, or that none did. */
function prunedBy(cu: RunRecord[]): string {
  const hits = cu.filter((r) => ((r.prune as Prune | null)?.prunes ?? 0) > 0);
  if (hits.length === 0) return 'no run pruned a direction';
  return `${hits.map((r) => `${r.subject.replace('coreutils-', '')} ${(r.prune as Prune).prunes} directions (${r.config})`).join(', ')}; no other run pruned anything`;
}
