// One run of the PESO experiment, in-process on the bare engine (--libc none): PESO (Algorithm 1) or
// exhaustive path exploration computing the same partitions per path (the driver's `paths` mode), on
// one small subject. Prints one JSON line. benchmarks/peso/harness.sh runs it under GNU time for CPU
// seconds (node and the native Z3 child together).
//
//   npx tsx benchmarks/peso/run-one.ts SUBJECT MODE [CRITERION]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runDriver } from '../../src/engine/concolic/index.js';
import { DEFAULT_ENGINE_OPTIONS } from '../../src/engine/options.js';
import { loadModule } from '../../src/ir/index.js';
import { createSolver } from '../../src/solver/index.js';
import { parseCriterion } from '../../src/strategies/peso/criterion.js';
import { PesoDriver, type PesoMode } from '../../src/strategies/peso/driver.js';
import { compileToLL } from '../../src/toolchain/clang.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SUBJECTS: Record<string, { file: string; defines: string[]; criterion: string }> = {
  'peso-fig1': { file: 'test/fixtures/concolic/peso_fig1.c', defines: [], criterion: 'exit' },
  'diamonds-3': { file: 'benchmarks/pse/programs/diamonds.c', defines: ['N=3'], criterion: 'stdout,exit' },
  'diamonds-5': { file: 'benchmarks/pse/programs/diamonds.c', defines: ['N=5'], criterion: 'stdout,exit' },
  'independent-4x4': { file: 'benchmarks/pse/programs/independent.c', defines: ['K=4', 'M=4'], criterion: 'stdout,exit' },
  args: { file: 'benchmarks/pse/programs/args.c', defines: [], criterion: 'stdout,exit' },
  tokens: { file: 'benchmarks/pse/programs/tokens.c', defines: [], criterion: 'stdout,exit' },
  machine: { file: 'benchmarks/pse/programs/machine.c', defines: [], criterion: 'stdout,exit' },
  date: { file: 'benchmarks/pse/programs/date.c', defines: [], criterion: 'stdout,exit' },
  wc: { file: 'benchmarks/pse/programs/wc.c', defines: [], criterion: 'stdout,exit' },
};

const [name, mode, crit] = process.argv.slice(2) as [string, PesoMode, string | undefined];
const s = SUBJECTS[name];
if (!s || !['reorder', 'paths', 'no-reorder'].includes(mode)) {
  process.stderr.write(`usage: run-one.ts {${Object.keys(SUBJECTS).join('|')}} {reorder|paths|no-reorder} [criterion]\n`);
  process.exit(2);
}
const work = mkdtempSync(join(tmpdir(), 'peso-bench-'));
try {
  const ll = await compileToLL([join(ROOT, s.file)], { defines: s.defines, out: join(work, 'p.ll') });
  const module = await loadModule(ll);
  const solver = await createSolver({ backend: 'native', timeoutSeconds: 10 });
  const driver = new PesoDriver({ criterion: parseCriterion(crit ?? s.criterion), mode });
  let tests = 0;
  const cpu0 = process.cpuUsage();
  const r = await runDriver(module, { ...DEFAULT_ENGINE_OPTIONS, maxTime: 600 }, { solver, sink: { add: () => `t${++tests}` }, stdout: () => {}, stderr: () => {} }, driver);
  const cpu = process.cpuUsage(cpu0);
  await solver.close();
  const st = driver.stats;
  process.stdout.write(
    `${JSON.stringify({
      subject: name,
      mode,
      criterion: crit ?? s.criterion,
      executions: st.executions,
      partitions: st.partitions,
      tests,
      solverCalls: st.solverCalls,
      formulaBytes: st.formulaBytes,
      meanFormulaBytes: st.solverCalls ? Math.round(st.formulaBytes / st.solverCalls) : 0,
      halted: r.haltReason ?? null,
      /** CPU seconds of this process during the exploration (the native Z3 child not included). */
      nodeCpuSeconds: (cpu.user + cpu.system) / 1e6,
      solvingSeconds: st.solvingSeconds,
      keys: [...driver.partitions.keys()].length,
    })}\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
