// benchmarks/coreutils/report.mjs: the result files of run.sh and their table.
//
//   node report.mjs --one UTIL OUTDIR EXIT SECONDS LOG   one utility's result (JSON on stdout)
//   node report.mjs --table RESULTS SECONDS               RESULTS/README.md from RESULTS/runs/*.json
//   node report.mjs --experiment RESULTS SECONDS          the same from an experiment's RESULTS/cells/*.json
//                                                         (osdi.experiment.json, which run.sh runs)
//
// An "engine failure" is what keeps a run from being clean through sympath's own making: an `exec` or
// `model` error path (an unsupported instruction, an undefined function, a modelling limit), an
// internal error (messages.txt), or sympath itself failing (a non-zero exit, a timeout).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENGINE_KINDS = new Set(['exec', 'model']);

function readText(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** The sympath commit a run used (with -dirty when the sources differed from it), or null outside git:
 *  runs of one table may span engine versions, and the table says which. */
function engineCommit() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  try {
    const git = (...a) => execFileSync('git', ['-C', root, ...a], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = git('status', '--porcelain', '--untracked-files=no', '--', 'src', 'runtime') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? '-dirty' : ''}`;
  } catch {
    return null;
  }
}

function one(util, outDir, exit, seconds, log) {
  const stats = existsSync(join(outDir, 'stats.json')) ? JSON.parse(readText(join(outDir, 'stats.json'))) : null;
  const errors = {};
  const failures = [];
  if (existsSync(outDir)) {
    for (const f of readdirSync(outDir).sort()) {
      const m = /^test\d+\.(.+)\.err$/.exec(f);
      if (!m) continue;
      const kind = m[1];
      errors[kind] = (errors[kind] ?? 0) + 1;
      if (ENGINE_KINDS.has(kind)) {
        const text = readText(join(outDir, f));
        const message = (text.split('\n')[0] ?? '').replace(/^Error:\s*/, '');
        const where = (/^Stack: *\n\t#0 in (.*)$/m.exec(text) ?? [])[1] ?? '';
        failures.push({ kind, message, where, test: f.replace(/\.[^.]+\.err$/, '.ktest') });
      }
    }
  }
  const messages = readText(join(outDir, 'messages.txt'));
  for (const line of messages.split('\n')) {
    if (line.startsWith('internal error:')) failures.push({ kind: 'internal', message: line.slice(0, 300) });
  }
  const code = Number(exit);
  const logText = readText(log);
  if (code !== 0 || !stats) {
    const tail = logText.trim().split('\n').slice(-6).join('\n');
    failures.push({ kind: 'sympath', message: `${code === 124 || code === 137 ? 'timed out' : `exit ${code}`}: ${tail}`.slice(0, 600) });
  }
  const warnings = [...new Set(messages.split('\n').filter((l) => /not modelled|not supported|WARNING/.test(l)).map((l) => l.slice(0, 200)))];
  return {
    utility: util,
    commit: engineCommit(),
    exit: code,
    seconds: Number(Number(seconds).toFixed(1)),
    haltReason: stats ? (/^Halted: (.*)$/m.exec(readText(join(outDir, 'info'))) ?? [])[1] ?? null : null,
    instructions: stats?.instructions ?? 0,
    paths: stats?.paths ?? null,
    tests: stats?.tests ?? 0,
    errors,
    engineFailures: failures,
    warnings: warnings.slice(0, 20),
  };
}

/** The rows of run.sh's result files (RESULTS/runs/<util>.json). */
function runShRows(results) {
  const files = existsSync(join(results, 'runs')) ? readdirSync(join(results, 'runs')).filter((f) => f.endsWith('.json')).sort() : [];
  return files.map((f) => JSON.parse(readText(join(results, 'runs', f))));
}

/**
 * The rows of an experiment's results (osdi.experiment.json: RESULTS/cells/<cell>.json and the output
 * directories they name): one() on each, the cell's exit status and wall time in place of run.sh's, the
 * cell's error (a failed or killed child) in place of its log's tail.
 */
function experimentRows(results) {
  const dir = join(results, 'cells');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  return files.map((f) => {
    const c = JSON.parse(readText(join(dir, f)));
    const exit = c.exitCode ?? (c.signal ? 137 : 1);
    const row = one(c.cell.program, c.outputDir, exit, c.resources?.wallSeconds ?? 0, '');
    if (c.error) row.engineFailures.push({ kind: 'sympath', message: c.error.slice(0, 600) });
    return row;
  });
}

function table(results, seconds, rows) {
  const clean = rows.filter((r) => r.engineFailures.length === 0);
  const kinds = [...new Set(rows.flatMap((r) => Object.keys(r.errors)))].sort();
  const lines = [];
  lines.push('# Coreutils 9.1 under sympath');
  lines.push('');
  lines.push(
    `Written by \`benchmarks/coreutils/run.sh\` (report.mjs; \`sympath experiment benchmarks/coreutils/osdi.experiment.json\` since session 9). Each utility ran ${seconds} s with KLEE's OSDI'08 arguments ` +
      '`--sym-args 0 1 10 --sym-args 0 2 2 --sym-files 1 8 --sym-stdin 8 --sym-stdout`, `--posix-runtime ' +
      '--only-output-states-covering-new`, the default searcher, musl 1.2.3 in LLVM IR.',
  );
  lines.push('');
  lines.push(`**${rows.length} utilities run; ${clean.length} with no engine failure** (no \`exec\`/\`model\` error path, no internal error, sympath exited normally).`);
  lines.push('');
  lines.push(`| utility | instructions | paths (done/err/partial) | tests | ${kinds.length ? kinds.join(' | ') + ' |' : ''} engine failures |`);
  lines.push(`|---|---:|---|---:|${kinds.map(() => '---:|').join('')}---|`);
  for (const r of rows) {
    const p = r.paths ? `${r.paths.completed}/${r.paths.errors}/${r.paths.partial}` : '-';
    const fails = r.engineFailures.length === 0 ? '' : [...new Set(r.engineFailures.map((f) => `${f.kind}: ${f.message.split('\n')[0].slice(0, 90)}`))].join('<br>');
    lines.push(`| ${r.utility} | ${r.instructions} | ${p} | ${r.tests} | ${kinds.map((k) => `${r.errors[k] ?? ''} |`).join(' ')} ${fails.replace(/\|/g, '\\|')} |`);
  }
  lines.push('');
  const failing = rows.filter((r) => r.engineFailures.length > 0);
  if (failing.length > 0) {
    lines.push('## Remaining engine failures');
    lines.push('');
    const byMessage = new Map();
    for (const r of failing) {
      for (const f of r.engineFailures) {
        const key = `${f.kind}: ${f.message.split('\n')[0].replace(/0x[0-9a-f]+|\d{3,}/g, 'N').slice(0, 160)}`;
        byMessage.set(key, [...(byMessage.get(key) ?? []), r.utility]);
      }
    }
    for (const [msg, utils] of [...byMessage].sort((a, b) => b[1].length - a[1].length)) {
      lines.push(`- ${msg.replace(/\|/g, '\\|')} — ${[...new Set(utils)].join(', ')}`);
    }
    lines.push('');
  }
  // Modelling gaps the runs met without failing (the POSIX model's and the engine's warnings).
  const warned = new Map();
  for (const r of rows) for (const w of r.warnings ?? []) warned.set(w, [...(warned.get(w) ?? []), r.utility]);
  if (warned.size > 0) {
    lines.push('## Warnings (modelling limits met, not failures)');
    lines.push('');
    for (const [w, utils] of [...warned].sort((a, b) => b[1].length - a[1].length)) {
      lines.push(`- ${w.replace(/\|/g, '\\|')} — ${utils.length} utilities${utils.length <= 6 ? ` (${utils.join(', ')})` : ''}`);
    }
    lines.push('');
  }
  const commits = new Map();
  for (const r of rows) commits.set(r.commit ?? 'not recorded', (commits.get(r.commit ?? 'not recorded') ?? 0) + 1);
  lines.push('## Engine versions');
  lines.push('');
  lines.push(
    'Runs are resumable and carried across sessions, so one table can mix engine versions (delete `runs/` to redo all): ' +
      [...commits].map(([c, n]) => `${c}: ${n}`).join(', ') +
      ' ("not recorded": runs made before the commit was recorded).',
  );
  lines.push('');
  writeFileSync(join(results, 'README.md'), `${lines.join('\n')}\n`);
}

const [mode, ...args] = process.argv.slice(2);
if (mode === '--one') process.stdout.write(`${JSON.stringify(one(...args), null, 1)}\n`);
else if (mode === '--table') table(args[0], args[1] ?? '60', runShRows(args[0]));
else if (mode === '--experiment') table(args[0], args[1] ?? '60', experimentRows(args[0]));
else {
  process.stderr.write('usage: report.mjs --one UTIL OUTDIR EXIT SECONDS LOG | --table RESULTS SECONDS | --experiment RESULTS SECONDS\n');
  process.exit(2);
}
