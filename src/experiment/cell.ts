// The cells of an experiment: one per program × strategy × budget × seed, each a self-contained plan
// (the `sympath run` arguments, its output directory, the replay to do) that runs the same way in this
// process (local.ts) or in a `sympath worker` (queue-worker.ts, which gets the plan as a job's data) —
// and the result file each cell leaves (results/cells/<id>.json), the unit of resumption.

import { join } from 'node:path';
import { safeName, type Budget, type ExperimentSpec, type ReplaySpec } from './spec.js';

/** What identifies a cell in the matrix. */
export interface CellKey {
  id: string;
  program: string;
  strategy: string;
  seed: number;
  budget: Budget;
}

/** Everything needed to run a cell, absolute paths only (JSON: it travels as a queue job's data). */
export interface CellPlan {
  key: CellKey;
  /** `sympath run` arguments (after `sympath`). */
  run: string[];
  outputDir: string;
  /** `sympath replay` arguments after OUTDIR, or null for no replay. */
  replay: string[] | null;
  dropEarlyTests: boolean;
  /** Wall seconds after which the run (and, separately, the replay) is killed. */
  timeoutSeconds: number;
  /** Files of the output directory copied into the result (.json parsed, others as their lines). */
  collect: string[];
}

/** CPU and memory of a child process (and of the processes it waited for), from its own rusage. */
export interface Resources {
  wallSeconds: number;
  userSeconds: number;
  systemSeconds: number;
  /** user + system of the process itself and of its waited-for children (e.g. clang). */
  cpuSeconds: number;
  maxRssMB: number;
}

/** The figures of a cell's stats.json the experiment keeps. */
export interface CellStats {
  paths: { completed: number; errors: number; partial: number; pruned: number };
  /** completed + errors + partial + pruned. */
  pathsTotal: number;
  tests: number;
  instructions: number;
  /** Errors reported (stats.json's errors list: one per error location unless --emit-all-errors). */
  errors: number;
  errorKinds: string[];
  coverage: { instructionsCovered: number; instructionsTotal: number; linesCovered: number; linesTotal: number; branchesCovered: number; branchesTotal: number };
  /** Engine line coverage in percent (linesCovered / linesTotal). */
  linePercent: number;
  haltReason: string;
  wallSeconds: number;
}

export interface ReplayFigures {
  testsReplayed: number;
  discardedEarly: number;
  linesCovered: number;
  linesTotal: number;
  branchesCovered: number;
  branchesTotal: number;
  /** gcov line coverage in percent. */
  linePercent: number;
  resources: Resources | null;
}

/** A cell's result file (results/cells/<id>.json). */
export interface CellResult {
  cell: CellKey;
  status: 'ok' | 'failed';
  error?: string;
  command: string[];
  exitCode: number | null;
  signal: string | null;
  outputDir: string;
  stats: CellStats | null;
  resources: Resources | null;
  replay: ReplayFigures | null;
  /** The spec's `collect` files of the output directory (null: not written by the run). */
  collected?: Record<string, unknown>;
  /** 'local' or the worker process (host:pid) that ran it. */
  ranBy: string;
  finishedAt: string;
}

export function budgetLabel(b: Budget): string {
  return [b.maxTime !== undefined ? `${b.maxTime}s` : '', b.maxInstructions !== undefined ? `${b.maxInstructions}i` : ''].filter(Boolean).join('-');
}

export function budgetOptions(b: Budget): string[] {
  return [...(b.maxTime !== undefined ? ['--max-time', String(b.maxTime)] : []), ...(b.maxInstructions !== undefined ? ['--max-instructions', String(b.maxInstructions)] : [])];
}

function replayArgs(r: ReplaySpec): string[] {
  return [
    '--json',
    '--no-html',
    ...(r.binary !== undefined ? ['--binary', r.binary] : []),
    ...(r.coverageSources ?? []).flatMap((f) => ['--coverage-source', f]),
    ...(r.timeout !== undefined ? ['--timeout', String(r.timeout)] : []),
    ...(r.options ?? []),
  ];
}

export const resultFile = (results: string, id: string): string => join(results, 'cells', `${id}.json`);
export const outputDirOf = (results: string, id: string): string => join(results, 'runs', id);

/** Every cell of the spec, in program, strategy, budget, seed order. */
export function cellsOf(spec: ExperimentSpec): CellPlan[] {
  const cells: CellPlan[] = [];
  for (const p of spec.programs) {
    for (const s of spec.strategies) {
      if (s.programs && !s.programs.includes(p.name)) continue;
      for (const b of spec.budgets) {
        for (const seed of spec.seeds) {
          const id = `${safeName(p.name)}__${safeName(s.name)}__${budgetLabel(b)}__seed${seed}`;
          const outputDir = outputDirOf(spec.results, id);
          cells.push({
            key: { id, program: p.name, strategy: s.name, seed, budget: b },
            run: [
              'run',
              ...spec.runOptions,
              ...p.runOptions,
              ...s.options,
              '--seed',
              String(seed),
              ...budgetOptions(b),
              '--progress',
              'none',
              '--output-dir',
              outputDir,
              ...p.files,
              ...p.args,
            ],
            outputDir,
            replay: p.replay ? replayArgs(p.replay) : null,
            dropEarlyTests: p.replay?.dropEarlyTests === true,
            timeoutSeconds: spec.cellTimeout ?? (b.maxTime !== undefined ? 2 * b.maxTime + 180 : 3600),
            collect: spec.collect,
          });
        }
      }
    }
  }
  return cells;
}
