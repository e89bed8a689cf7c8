// The Coreutils part of the PSE report: DFS vs DFS+PSE (all heuristics) and DFS+PSE with
// --pse-pin-addresses on the utilities of issue 5 (musl + the POSIX model, the paper's setting), what PSE
// spent and where its walks stopped, and why its summaries (hardly) match there — with examples of the
// conjuncts that failed, found with PSE_DEBUG=1 (check.ts).

import { COREUTILS_ARGS, type RunRecord } from './subjects.js';

/** What report.ts gives this section: its table builder over DFS vs one configuration. */
export interface CoreutilsReportTools {
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
  return [
    '## Coreutils',
    '',
    `${subjects.length} utilities of issue 5 (${subjects.map((s) => s.replace('coreutils-', '')).join(', ')}), each through \`sympath run --posix-runtime\``,
    `(musl 1.2.3 in IR + the POSIX model) with the paper's setting \`${COREUTILS_ARGS.join(' ')}\`, DFS, 120 s per run, one run at a`,
    'time (`-j 1`); "dfs+pse" has the paper\'s heuristics (as the small programs), "dfs+pse-pin" adds',
    '`--pse-pin-addresses`. **Load**: the 2-core machine ran other experiments meanwhile (load average 8–12',
    'during these runs), so wall times are inflated several-fold and CPU seconds are the figure to read. Covered',
    'lines are compared by count (stats.json); a run cut by its budget is not exhaustive, so "lost" is only',
    'checked where both runs finished.',
    '',
    `Command: \`PSE_COREUTILS=${subjects.map((x) => x.replace('coreutils-', '')).join(',')} npx tsx benchmarks/pse/harness.ts -j 1 --max-time 120 --subjects <the same, as coreutils-NAME>\``,
    '(with `SYMPATH_BIN` pointing at a build of this commit, as dist/ was shared with other running jobs).',
    '',
    '**Read the ratios with the Halted column of the next table**: where a run was cut by its 120 s (wall)',
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
    `In all: ${pruned} pruned directions out of ${checks} subsumption checks. sync has PSE rows only: its DFS run (~60,000`,
    'paths in 120 s, a test file each) ended without its stats.json twice under the harness (a direct run of the',
    'same command finished normally; not investigated).',
    '',
    '**Cost of the walks.** Before this round (commit 91bb39c) echo\'s PSE run reached the 2 GB memory budget',
    'after 84 of its 111 paths (2284 MB, 39.5 CPU s, 95% of the time in weakest-precondition walks): every',
    'recorded disjunct held its branch event, hence its whole path and that path\'s substitution memos. Recorded',
    'disjuncts now keep only the branch\'s stack shape, frames and allocas; the final statistics no longer',
    'finish every summary; precondition signatures are 64-bit hashes. Echo\'s rows above: ' + echoCost(by, fmt) + '.',
    'The walks still dominate: each path is ~5,000–7,000 executed instructions of musl and the POSIX model',
    '(stdio, locale, option parsing) walked back to the path\'s first branch, with ~13 symbolic branches among',
    '~950; most of the time is in substitution and hash-consing new terms (`node --cpu-prof`). The paper\'s',
    'reuse of WP work between adjacent paths (`--pse-reuse-wp`: each event keeps its substitution memo, so the',
    'conjuncts a shared prefix contributes are rewritten once) is what keeps this affordable: echo with',
    '`--pse-pin-addresses` but without it took 58 CPU s and was cut at 300 s wall after 107 paths, with it',
    '19 CPU s for all 111 (same memory, ~630 MB; measured separately, same load). No walk stops early at a',
    'repeated precondition on these utilities: the suffixes\' conjuncts always differ.',
    '',
    '### Why the summaries (hardly) match on Coreutils',
    '',
    'The walks now get through `free`, `llvm.stacksave`/`stackrestore`, dynamic allocas (musl start-up copies',
    'argv into a VLA), variadic calls and `va_start`/`va_copy`/`va_end` (see `src/strategies/postcondition/README.md`),',
    'so summaries reach the utilities\' option parsing. A check instantiates a summary in the checking state; with',
    '`PSE_DEBUG=1` it prints, per disjunct, the first conjunct that became false. On echo and basename every',
    'failed check failed on one of these (examples from those runs; `M[x]` is object x\'s bytes, `%v@d` register v',
    'of the frame at depth d, `Shape` the stack shape, `Live[o]` whether object o is live):',
    '',
    '- **The stack shape** (`Shape`): musl\'s start-up copies argv into a dynamic alloca, so runs with a different',
    '  number of arguments (`--sym-args 0 2 2` forks on it first) have every later frame 16 bytes apart. A summary',
    '  recorded under one argc never matches a state with another. Sound as is; matching would need summaries',
    '  relative to frame bases instead of absolute addresses.',
    '- **Heap objects by address** (basename: `Live[default_malloc]` false): basename copies its argument with',
    '  `xstrdup`; a summary recorded after that malloc names the object by its address, and the engine never reuses',
    '  heap addresses, so in any other state that object does not exist (its copy sits elsewhere). For the same',
    '  reason a malloc whose object the suffix uses is a barrier (`malloc: the suffix uses the new object`).',
    '  Matching would need heap regions named by allocation site and order instead of address.',
    '- **stdio state specialised to the path** (echo): conjuncts such as',
    '  `(Eq (w8 0) (Extract w8 56 (Sub w64 (Concat w64 (Read w8 (w32 47) M[__stdout_FILE]) …) …)))` — the distance',
    '  between `wend` and `wpos` of stdout\'s FILE (bytes 32–47: how much of the buffer is used) — and',
    '  `(Extract w1 1 (Read w8 (w32 0) %1@6))`, a bit of `__fwritex`\'s length argument: how many bytes were',
    '  buffered before, and how long this string is, decide the loop counts of `__fwritex` and its line-buffer',
    '  scan for `\\n`, so the suffix is a different instruction sequence for a different length. These are exact',
    '  preconditions, not artefacts: a state whose earlier output had another length really runs another suffix.',
    '- **Genuinely different suffixes** (echo: `(Extract w1 0 (Read w8 (w32 0) M[6]))`, main\'s `display_return`',
    '  flag, false after `-n`): the recorded suffix prints a newline, the checking state\'s does not.',
    '',
    'Where it does prune (true, false: one argument), the states are at the character comparisons of',
    '`--help`/`--version` against the argument, after one path already took that comparison\'s other',
    'outcome to the plain `exit(0)`: the same argc, nothing printed, no heap object — the suffix\'s',
    'precondition holds in every state there.',
    '',
    'So the summaries are mostly right not to match: in these utilities the path suffix after a symbolic branch',
    'depends on the lengths of what was printed and on which arguments came first, and the first-instance-only',
    'heuristic records each location once per path, while 200 disjuncts per location cover only the explored',
    'combinations. What pruning there is comes where two paths reach a branch with the same argc, the same',
    'output so far and the same flags.',
    '',
  ];
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
