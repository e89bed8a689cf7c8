// What `sympath run --base OLD NEW` needs for DiSE (loaded on demand through the registry): the impact
// analysis before the run (prepare), the explorer's hooks for the run, and at the end affected.json,
// the `pruning.dise` section of stats.json and, with --base-tests, test-selection.json.

import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { terminatorTargets } from '../../analysis/cfg.js';
import { analyzeModule } from '../../analysis/index.js';
import type { Module } from '../../ir/model.js';
import { loadVersionPair, type VersionPair } from '../../versions/index.js';
import type { PrepareContext, PruningPlugin, PruningRun, TechniqueFlags, TechniqueReport } from '../registry.js';
import { DiseExplorer, type DisePath } from './hook.js';
import { impactNodes, type ImpactNodes } from './impact-nodes.js';
import { Reachability } from './reach.js';
import { replayOldTests, selectTests, type OldTestReplay, type TestSelection } from './selection.js';

export interface DiseSetup {
  readonly pair: VersionPair;
  readonly nodes: ImpactNodes;
  readonly reach: Reachability;
  readonly maxInstId: number;
  readonly interprocedural: boolean;
  readonly impactSeconds: number;
  readonly impactCpuSeconds: number;
}

/** A version spec relative to `cwd` (a mutant id keeps its `#ID`). */
function resolveSpec(spec: string, cwd: string): string {
  const hash = spec.lastIndexOf('#');
  if (hash > 0) return `${resolve(cwd, spec.slice(0, hash))}${spec.slice(hash)}`;
  return resolve(cwd, spec);
}

/** Phase I: the version pair, the impacted nodes of the run's module and their reachability. */
export async function diseSetup(run: Module, newFile: string, baseSpec: string, opts: { cwd: string; compile: PrepareContext['compile']; interprocedural: boolean }): Promise<DiseSetup> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const pair = await loadVersionPair(resolveSpec(baseSpec, opts.cwd), newFile, { compile: { ...opts.compile, log: () => {} } });
  const nodes = impactNodes(run, pair, { interprocedural: opts.interprocedural });
  const reach = new Reachability(run, nodes);
  const c = process.cpuUsage(c0);
  return {
    pair,
    nodes,
    reach,
    maxInstId: analyzeModule(run).index.insts.length,
    interprocedural: opts.interprocedural,
    impactSeconds: (performance.now() - t0) / 1000,
    impactCpuSeconds: (c.user + c.system) / 1e6,
  };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

class DisePlugin implements PruningPlugin {
  private setup: DiseSetup | null = null;
  private explorer: DiseExplorer | null = null;
  private oldTests: OldTestReplay[] | null = null;
  private readonly prune: boolean;

  constructor(private readonly flags: TechniqueFlags) {
    this.prune = flags.dise !== false;
  }

  async prepare(ctx: PrepareContext): Promise<void> {
    const base = this.flags.base;
    if (typeof base !== 'string') throw new Error('dise: --base OLD is needed (the old version of the program)');
    if (ctx.programFiles.length !== 1) throw new Error(`dise: --base compares one program file with OLD; ${ctx.programFiles.length} were given`);
    this.setup = await diseSetup(ctx.module, ctx.programFiles[0]!, base, {
      cwd: ctx.cwd,
      compile: ctx.compile,
      interprocedural: this.flags.diseIntraprocedural !== true,
    });
    const s = this.setup;
    ctx.message(
      `dise: ${s.pair.changedNewLines.length} changed and ${s.pair.deletedOldLines.length} removed lines; ${s.nodes.nodes.length} impacted nodes ` +
        `(${s.interprocedural ? 'interprocedural' : 'intraprocedural'} analysis, ${round(s.impactSeconds)} s)${this.prune ? '' : '; --no-dise: nothing is pruned'}`,
    );
    const dir = this.flags.baseTests;
    if (typeof dir === 'string') {
      const abs = resolve(ctx.cwd, dir);
      let files: string[];
      try {
        if (!statSync(abs).isDirectory()) throw new Error('not a directory');
        files = readdirSync(abs).filter((f) => f.endsWith('.ktest')).sort().map((f) => join(abs, f));
      } catch (e) {
        throw new Error(`dise: --base-tests ${dir}: ${(e as Error).message}`);
      }
      this.oldTests = await replayOldTests(ctx.module, ctx.options, files, s);
    }
  }

  nextRun(): PruningRun {
    const s = this.setup;
    if (!s) throw new Error('dise: the impact analysis did not run (prepare was not called)');
    this.explorer = new DiseExplorer(s.nodes, s.reach, s.maxInstId, this.prune);
    return { hooks: [this.explorer.hook] };
  }

  private affected(): DisePath[] {
    return (this.explorer?.paths ?? []).filter((p) => p.sequence.length > 0);
  }

  private selection(): TestSelection | null {
    return this.oldTests ? selectTests(this.oldTests, this.affected()) : null;
  }

  statsSection(): Record<string, unknown> {
    const s = this.setup!;
    const e = this.explorer;
    const reachedNodes = new Set<number>();
    for (const p of e?.paths ?? []) for (const n of p.sequence) reachedNodes.add(n);
    const sel = this.selection();
    return {
      name: 'dise',
      mode: this.prune ? 'prune' : 'record',
      impactAnalysis: s.interprocedural ? 'interprocedural' : 'intraprocedural',
      impactSeconds: round(s.impactSeconds),
      impactCpuSeconds: round(s.impactCpuSeconds),
      changedInstructions: s.nodes.changedCount,
      removedInstructions: s.nodes.deletedCount,
      impactedInstructions: s.nodes.nodes.filter((n) => !n.target).length,
      impactedEdges: s.nodes.nodes.filter((n) => n.target).length,
      states: e?.counts.states ?? 0,
      paths: e?.paths.length ?? 0,
      affectedPathConditions: this.affected().length,
      prunedSiblings: e?.counts.prunedSiblings ?? 0,
      resumeChecks: e?.counts.resumeChecks ?? 0,
      impactedNodesReached: reachedNodes.size,
      ...(sel ? { baseTests: { total: sel.selected.length + sel.notSelected.length, selected: sel.selected.length, notSelected: sel.notSelected.length, newTests: sel.newTests.length } } : {}),
    };
  }

  report(): TechniqueReport | null {
    const s = this.setup;
    if (!s) return null;
    const st = this.statsSection();
    const lines = [
      `dise: ${st.affectedPathConditions} affected path conditions of ${st.paths} paths explored (${st.states} states, ${st.prunedSiblings} pending siblings pruned); affected.json`,
    ];
    const sel = this.selection();
    const files: { name: string; json: unknown }[] = [{ name: 'affected.json', json: affectedJson(s, this.explorer?.paths ?? [], this.prune) }];
    if (sel) {
      lines.push(
        `dise: old tests: ${sel.selected.length} selected (reach an impacted node on the new version), ${sel.notSelected.length} not selected; ${sel.newTests.length} affected path conditions no selected test covers get new tests; test-selection.json`,
      );
      for (const t of sel.selected) lines.push(`dise:   selected ${t.test}`);
      for (const t of sel.newTests) lines.push(`dise:   new ${t.test ?? '(no test written)'}`);
    }
    return { lines, file: files[0]!, ...(sel ? { extraFiles: [{ name: 'test-selection.json', json: sel }] } : {}) };
  }
}

/** OUTDIR/affected.json (README.md "affected.json"). */
export function affectedJson(s: DiseSetup, paths: readonly DisePath[], prune: boolean): unknown {
  const newToOld = new Map<number, number>();
  for (const [o, n] of s.pair.lineMap) newToOld.set(n, o);
  const nodeLine = (k: number): number | undefined => s.nodes.nodes[k]!.inst.loc?.line;
  const linesOf = (ks: Iterable<number>): { newLines: number[]; oldLines: number[] } => {
    const nl = new Set<number>();
    for (const k of ks) {
      const l = nodeLine(k);
      if (l !== undefined && l > 0) nl.add(l);
    }
    const newLines = [...nl].sort((a, b) => a - b);
    const oldLines = newLines.map((l) => newToOld.get(l)).filter((l): l is number => l !== undefined);
    return { newLines, oldLines };
  };
  const affected = paths.filter((p) => p.sequence.length > 0);
  return {
    old: { spec: s.pair.old.spec, source: s.pair.old.source, ...(s.pair.old.mutant ? { mutant: s.pair.old.mutant } : {}) },
    new: { source: s.pair.new.source },
    mode: prune ? 'prune' : 'record',
    impactAnalysis: s.interprocedural ? 'interprocedural' : 'intraprocedural',
    changedLines: { new: s.pair.changedNewLines, old: s.pair.deletedOldLines },
    stages: s.nodes.stages,
    impactSet: s.nodes.nodes.map((n) => {
      const line = n.inst.loc?.line;
      const oldLine = line !== undefined ? newToOld.get(line) : undefined;
      return {
        node: n.index,
        kind: n.target ? 'edge' : 'instruction',
        instruction: n.inst.id,
        op: n.inst.op,
        ...(n.target ? { direction: terminatorTargets(n.inst).indexOf(n.target), target: n.target.name } : {}),
        function: n.inst.parent.fn.name,
        origin: n.origin,
        ...(line !== undefined && line > 0 ? { newLine: line } : {}),
        ...(oldLine !== undefined ? { oldLine } : {}),
      };
    }),
    paths: paths.length,
    affectedPathConditions: affected.length,
    affected: affected.map((p) => {
      const uniq = [...new Set(p.sequence)].sort((a, b) => a - b);
      return {
        ...(p.test !== undefined ? { test: p.test } : {}),
        termination: p.termination,
        ...(p.errorKind !== undefined ? { errorKind: p.errorKind } : {}),
        impactedNodes: uniq,
        sequence: p.sequence,
        ...(p.sequenceTruncated ? { sequenceTruncated: true } : {}),
        ...linesOf(uniq),
        pathCondition: p.constraints,
      };
    }),
  };
}

export function createPlugin(flags: TechniqueFlags): PruningPlugin {
  return new DisePlugin(flags);
}
