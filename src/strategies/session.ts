// The techniques of one `sympath run`, as the CLI uses them through the registry: the pruning plugins
// (`--prune NAME`, composed: every plugin's hooks in each engine run), the driver plugin (`--driver
// NAME`), their reports, and `--check-pruning`'s exhaustive baseline. The engines of the runs are kept
// so that the covered lines of a pruned run can be compared with the baseline's.

import { Memory } from '../engine/memory.js';
import type { DriverEnvironment } from '../engine/concolic/driver.js';
import type { GenerationalStats } from '../engine/concolic/generational.js';
import type { Executor, RunResult } from '../engine/executor.js';
import type { ExplorationHooks } from '../engine/hooks.js';
import type { EngineOptions } from '../engine/options.js';
import type { TestCase, TestSink } from '../engine/test-case.js';
import type { Module } from '../ir/model.js';
import { comparePruning, coveredLines, coveredLinesOf, errorSite, errorSitesOf, formatPruningCheck, type PruningCheck } from './check-pruning.js';
import { driverManifests, prunerManifests, type DriverPlugin, type PrepareContext, type PruningPlugin, type TechniqueFlags, type TechniqueReport } from './registry.js';

export interface PruningEnv {
  hooks: ExplorationHooks[];
  createMemory: (ex: Executor) => Memory;
}

/** The pruning plugins of one run and the engines they saw. */
export class PruningSession {
  private readonly engines: Executor[] = [];

  constructor(
    private readonly plugins: readonly PruningPlugin[],
    private readonly names: readonly string[] = [],
  ) {}

  /** Each plugin's static work before the first run (throws Error for bad input). */
  async prepare(ctx: PrepareContext): Promise<void> {
    for (const p of this.plugins) await p.prepare?.(ctx);
  }

  /** stats.json's `pruning` section: each plugin's own, by technique name; undefined when none has one. */
  statsSections(): Record<string, Record<string, unknown>> | undefined {
    const out: Record<string, Record<string, unknown>> = {};
    this.plugins.forEach((p, k) => {
      const s = p.statsSection?.();
      if (s) out[this.names[k] ?? `pruner${k}`] = s;
    });
    return Object.keys(out).length > 0 ? out : undefined;
  }

  /** The hooks and memory of the next engine run. */
  nextRun(): PruningEnv {
    const runs = this.plugins.map((p) => p.nextRun());
    const observing = runs.filter((r) => r.createMemory !== undefined);
    if (observing.length > 1) throw new Error('two pruning hooks that each need their own memory observer cannot run together yet');
    const make = observing[0]?.createMemory;
    return {
      hooks: runs.flatMap((r) => [...r.hooks]),
      createMemory: (ex) => {
        this.engines.push(ex);
        return make ? make(ex) : new Memory(ex);
      },
    };
  }

  reports(): TechniqueReport[] {
    return this.plugins.map((p) => p.report()).filter((r): r is TechniqueReport => r !== null);
  }

  /** Covered lines of the program over every engine run of the session. */
  coveredLines(): Set<string> {
    const out = new Set<string>();
    for (const ex of this.engines) for (const l of coveredLines(ex)) out.add(l);
    return out;
  }
}

/** The plugins of `--prune NAME…` (names checked by the CLI). */
export async function pruningSession(names: readonly string[], flags: TechniqueFlags): Promise<PruningSession> {
  const plugins: PruningPlugin[] = [];
  for (const n of names) {
    const m = prunerManifests().find((t) => t.name === n);
    if (!m) throw new Error(`unknown pruning hook '${n}'`);
    plugins.push(await m.create(flags));
  }
  return new PruningSession(plugins, names);
}

/** What a driver run gives the CLI besides the engine's RunResult. */
export interface DriverRunResult extends RunResult {
  /** The technique's stats.json section (registered techniques only). */
  driver?: Record<string, unknown>;
  /** The technique's closing report. */
  driverReport?: TechniqueReport;
  /** The program's covered source lines (for --check-pruning). */
  coveredLines(): Set<string>;
  /** The partitions a partitioning technique found (DriverPlugin.partitions). */
  partitions?: ReadonlyMap<string, string>;
}

/** Whether --check-pruning holds driver `name` to the covered lines of exhaustive search. */
export function driverComparesLines(name: string): boolean {
  return driverManifests().find((t) => t.name === name)?.comparesLines !== false;
}

/** The partitions of `baseline` missing from `found`, readable. */
export function lostPartitions(found: ReadonlyMap<string, string>, baseline: ReadonlyMap<string, string>): string[] {
  return [...baseline].filter(([k]) => !found.has(k)).map(([, v]) => v).sort();
}

/** Runs the driver `name`: a registered technique's, or the engine's reference driver (`concolic`). */
export async function runDriverNamed(name: string, module: Module, opts: EngineOptions, env: DriverEnvironment, flags: TechniqueFlags): Promise<DriverRunResult> {
  const m = driverManifests().find((t) => t.name === name);
  const plugin: DriverPlugin | undefined = m ? await m.create(flags) : undefined;
  const concolic = await import('../engine/concolic/index.js');
  const driver = plugin?.driver ?? concolic.DRIVERS[name]?.();
  if (!driver) throw new Error(`unknown driver '${name}'`);
  const { executions: _, covered, ...r } = await concolic.runDriver(module, opts, env, driver);
  const out: DriverRunResult = { ...r, coveredLines: () => coveredLinesOf(module, covered) };
  if (plugin) {
    out.driver = plugin.statsSection();
    const report = plugin.report();
    if (report) out.driverReport = report;
    if (plugin.partitions) out.partitions = plugin.partitions();
  } else if (driver instanceof concolic.GenerationalSearch) {
    out.driver = generationalSection(driver.stats);
  }
  return out;
}

/** Runs `module` under exhaustive DFS (no pruning, no driver) and compares with what the other run reached. */
export async function checkPruning(args: {
  module: Module;
  opts: EngineOptions;
  run: (module: Module, opts: EngineOptions, env: PruningEnv & { sink: TestSink }) => Promise<{ haltReason?: string }>;
  prunedErrors: readonly { kind: string; file: string; line: number }[];
  prunedLines: Set<string>;
  /**
   * Error kinds of the baseline that are not compared. A driver passes 'model': such an error is the
   * forking engine's own bound (the objects a symbolic pointer may point to), which a concolic run,
   * resolving each pointer to the object its input selects, never meets.
   */
  ignoreErrorKinds?: readonly string[];
}): Promise<{ check: PruningCheck; lines: string[] }> {
  const tests: TestCase[] = [];
  let engine: Executor | null = null;
  const sink: TestSink = {
    add(t) {
      tests.push(t);
      return `baseline${tests.length}`;
    },
  };
  const r = await args.run(args.module, { ...args.opts, search: ['dfs'], prune: [] }, {
    hooks: [],
    sink,
    createMemory: (ex) => {
      engine = ex;
      return new Memory(ex);
    },
  });
  const ignored = new Set(args.ignoreErrorKinds ?? []);
  const errors = new Set([...errorSitesOf(tests)].filter((e) => !ignored.has(e.slice(0, e.indexOf('@')))));
  const exhaustive = { errors, lines: engine ? coveredLines(engine) : new Set<string>() };
  const pruned = { errors: new Set(args.prunedErrors.map((e) => errorSite(e.kind, e.file, e.line))), lines: args.prunedLines };
  const check = comparePruning(pruned, exhaustive, r.haltReason);
  return { check, lines: formatPruningCheck(check) };
}

/** The reference driver's counts, in the shape of DGSE's section where the two share a meaning. */
function generationalSection(s: GenerationalStats): Record<string, unknown> {
  return {
    name: 'concolic',
    executedPaths: s.executions,
    duplicatePaths: s.duplicates,
    divergences: s.divergences,
    solverCalls: s.queries,
    tasksInfeasible: s.unsat,
    tasksUnknown: s.unknown,
    meanConstraintsPerQuery: s.queries > 0 ? s.queryConstraints / s.queries : 0,
    satSeconds: s.satSeconds,
    unsatSeconds: s.unsatSeconds,
    unknownSeconds: s.unknownSeconds,
    solvingSeconds: s.satSeconds + s.unsatSeconds + s.unknownSeconds,
  };
}
