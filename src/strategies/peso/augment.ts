// Test-suite augmentation by semantic signatures (the paper's §5.3): the signatures of OLD and NEW are
// computed by PESO in one process over one pool of symbolic arrays (the same klee_make_symbolic names
// are the same inputs in both), and for every pair of partitions i of OLD and j of NEW whose outputs
// can differ, rsc_i ∧ rsc_j ∧ out_i ≠ out_j is solved. A solution is a change-exposing test: it is
// written as a .ktest and replayed natively on both versions (src/replay), which must print or exit
// differently. Tests of an existing suite (--tests DIR) that satisfy rsc_i ∧ rsc_j and already expose a
// change natively are reported for that pair instead of a new test.
//
// Programs linked with musl and the POSIX model (the default `sympath run` setting) are explored with their
// program arguments (--sym-args, --sym-stdin, …); the path's klee_assume constraints (the model's on
// n_args and the stat objects) are part of every query, and a test's objects are those the old version
// creates under the solution (re-executed when the two partitions' paths made different objects, as
// n_args decides how many arguments exist). Native replay: native.ts.
//
// out_i ≠ out_j: outputs of different shapes (other text, an error against an exit, another number of
// values) always differ; outputs of one shape differ when one of their symbolic values does.

import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as B from '../../expr/build.js';
import { collectArrays, evaluate } from '../../expr/evaluate.js';
import type { ArrayDecl, Expr } from '../../expr/expr.js';
import { ArrayPool, executeConcolic, runDriver } from '../../engine/concolic/driver.js';
import type { RunSymbolic } from '../../engine/concolic/driver-api.js';
import { encodeKTest, readKTest, type KTest } from '../../engine/ktest.js';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from '../../engine/options.js';
import type { Module } from '../../ir/model.js';
import type { RunObservation } from '../../replay/execute.js';
import type { Solver } from '../../solver/index.js';
import type { Criterion } from './criterion.js';
import { PesoDriver, type FoundPartition } from './driver.js';
import { canon, type OutputPart } from './partition.js';
import { nativePair } from './native.js';

export interface AugmentVersion {
  readonly module: Module;
  /** The C file to build natively. */
  readonly source: string;
}

export interface AugmentPair {
  readonly old: number;
  readonly new: number;
  readonly oldCondition: readonly string[];
  readonly newCondition: readonly string[];
  readonly oldOutput: readonly string[];
  readonly newOutput: readonly string[];
  /** The test written for the pair, or the existing test that already exposes it. */
  readonly test: string;
  readonly existing: boolean;
  /** Native replay: what each version did (exit status or signal, stdout). */
  readonly replay: { readonly old: string; readonly new: string; readonly differ: boolean };
}

export interface AugmentReport {
  readonly oldPartitions: number;
  readonly newPartitions: number;
  /** Pairs whose outputs may differ (solved), and those of them found satisfiable. */
  readonly pairsSolved: number;
  /** Pairs whose outputs may differ but whose conditions hold a constraint and its negation: disjoint
   *  regions, skipped without a solver call. */
  readonly pairsDisjoint: number;
  readonly pairs: readonly AugmentPair[];
  /** Existing tests that expose a change natively. */
  readonly exposingExisting: readonly string[];
  readonly testsWritten: number;
  /** Why a version's exploration stopped early (--max-time), when it did: its signature is partial. */
  readonly oldStopped?: string;
  readonly newStopped?: string;
  /** Seconds: both signatures; pair solving and native replay. */
  readonly signatureSeconds: number;
  readonly pairSeconds: number;
}

/** How the versions run: the program's arguments (POSIX model options included), argv[0], budgets,
 *  and how they are built natively. */
export interface AugmentProgram {
  readonly programArgs: readonly string[];
  readonly programName: string;
  readonly posixRuntime: boolean;
  /** Per version's exploration (seconds; 0 = none). */
  readonly maxTime: number;
  readonly includes: readonly string[];
  readonly defines: readonly string[];
  readonly binaryBuild?: string;
}

/** out_i ≠ out_j as a constraint (TRUE when the shapes differ, FALSE when the outputs are identical). */
export function outputsDiffer(a: readonly OutputPart[], b: readonly OutputPart[]): Expr {
  if (a.length !== b.length) return B.TRUE;
  const ne: Expr[] = [];
  for (let k = 0; k < a.length; k++) {
    const x = a[k]!;
    const y = b[k]!;
    if (x.shape !== y.shape || x.exprs.length !== y.exprs.length) return B.TRUE;
    for (let e = 0; e < x.exprs.length; e++) {
      const p = x.exprs[e]!;
      const q = y.exprs[e]!;
      if (p.width !== q.width) return B.TRUE;
      ne.push(B.notB(B.eq(p, q)));
    }
  }
  return ne.reduce((acc, e) => B.or(acc, e), B.FALSE);
}

function observed(o: RunObservation): string {
  const end = o.timedOut ? 'timed out' : o.signal ? `signal ${o.signal}` : `exit ${o.exit}`;
  return `${end}, stdout ${JSON.stringify(o.stdout.length > 200 ? `${o.stdout.slice(0, 200)}…` : o.stdout)}`;
}

/** Whether the constraints hold under a test's objects (matched to arrays by the partition's symbolics). */
function holdsUnder(cs: readonly Expr[], p: FoundPartition, kt: KTest): boolean {
  const byName = new Map<string, Uint8Array>();
  p.symbolics.forEach((s, k) => {
    const o = kt.objects[k];
    if (o) byName.set(s.array, o.bytes);
  });
  const arrays = new Map<ArrayDecl, Uint8Array>();
  for (const c of cs) for (const a of collectArrays(c)) if (a.isSymbolic) arrays.set(a, byName.get(a.name) ?? new Uint8Array(a.size));
  return cs.every((c) => evaluate(c, arrays) === 1n);
}

async function signature(v: AugmentVersion, opts: EngineOptions, criterion: Criterion, solver: Solver, pool: ArrayPool): Promise<{ partitions: FoundPartition[]; stopped: string | undefined }> {
  const d = new PesoDriver({ criterion, mode: 'reorder', emit: false });
  const r = await runDriver(v.module, opts, { solver, sink: { add: () => null }, stdout: () => {}, stderr: () => {} }, d, pool);
  return { partitions: [...d.partitions.values()], stopped: r.haltReason };
}

/** Whether two conditions hold a constraint and its negation (regions of one decision's two sides:
 *  the bulk of the pairs when the versions share most of their code, and of a quadratic number of
 *  solver calls without this check — 386 partitions of head, 149,000 pairs). */
function contradict(a: readonly Expr[], b: readonly Expr[]): boolean {
  const keys = new Set(a.map(canon));
  if (b.some((e) => keys.has(canon(B.notB(e))))) return true;
  const other = new Set(b.map(canon));
  return a.some((e) => other.has(canon(B.notB(e))));
}

const sameObjects = (a: readonly RunSymbolic[], b: readonly RunSymbolic[]): boolean =>
  a.length === b.length && a.every((s, k) => s.array === b[k]!.array && s.size === b[k]!.size);

export async function augment(args: {
  old: AugmentVersion;
  new: AugmentVersion;
  criterion: Criterion;
  solver: Solver;
  outDir: string;
  tests?: string;
  program: AugmentProgram;
}): Promise<AugmentReport> {
  const prog = args.program;
  const opts: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, programArgs: [...prog.programArgs], programName: prog.programName, maxTime: prog.maxTime };
  const pool = new ArrayPool();
  const t0 = performance.now();
  const oldSig = await signature(args.old, opts, args.criterion, args.solver, pool);
  const newSig = await signature(args.new, opts, args.criterion, args.solver, pool);
  const olds = oldSig.partitions;
  const news = newSig.partitions;
  const t1 = performance.now();
  mkdirSync(args.outDir, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'sympath-augment-'));
  try {
    const native = await nativePair({
      oldSource: args.old.source,
      newSource: args.new.source,
      programName: prog.programName,
      posixRuntime: prog.posixRuntime,
      includes: prog.includes,
      defines: prog.defines,
      ...(prog.binaryBuild !== undefined ? { binaryBuild: prog.binaryBuild } : {}),
      work,
    });
    const both = async (kt: KTest) => {
      const r = await native.run(kt);
      return { old: observed(r.old), new: observed(r.new), differ: observed(r.old) !== observed(r.new) };
    };

    // The existing suite: which tests expose a change natively.
    const existing: { name: string; kt: KTest; replay: Awaited<ReturnType<typeof both>> }[] = [];
    if (args.tests !== undefined) {
      for (const f of readdirSync(args.tests).filter((x) => x.endsWith('.ktest')).sort()) {
        const kt = readKTest(join(args.tests, f));
        const r = await both(kt);
        if (r.differ) existing.push({ name: join(args.tests, f), kt, replay: r });
      }
    }

    const pairs: AugmentPair[] = [];
    let solved = 0;
    let disjoint = 0;
    let written = 0;
    for (const [i, p] of olds.entries()) {
      for (const [j, q] of news.entries()) {
        const differ = outputsDiffer(p.outputParts, q.outputParts);
        if (differ.isFalse) continue;
        const cs = [...p.assumes, ...q.assumes, ...p.rsc, ...q.rsc, differ].filter((c) => !c.isTrue);
        const base = {
          old: i + 1,
          new: j + 1,
          oldCondition: p.rscLines,
          newCondition: q.rscLines,
          oldOutput: p.output,
          newOutput: q.output,
        };
        const known = existing.find((e) => holdsUnder([...p.rsc, ...q.rsc], p, e.kt));
        if (known) {
          pairs.push({ ...base, test: known.name, existing: true, replay: known.replay });
          continue;
        }
        if (cs.some((c) => c.isFalse) || contradict([...p.assumes, ...p.rsc], [...q.assumes, ...q.rsc])) {
          disjoint++;
          continue;
        }
        solved++;
        const arrays = [...new Set(cs.flatMap((c) => [...collectArrays(c)]))].filter((a) => a.isSymbolic);
        const live = [...new Set(cs.filter((c) => !c.isConst))];
        const model = arrays.length === 0 ? [] : await args.solver.getInitialValues(live, arrays);
        if (model === 'unsat' || model === 'unknown') continue;
        const values = new Map<string, Uint8Array>(q.assignment);
        for (const [k, v] of p.assignment) values.set(k, v);
        arrays.forEach((a, k) => values.set(a.name, model[k]!));
        // The objects the old version makes under the solution: p's path's, unless the two paths made
        // different ones (then the solution's own path decides: one concolic run).
        let symbolics: readonly RunSymbolic[] = p.symbolics;
        if (!sameObjects(p.symbolics, q.symbolics)) {
          const r = await executeConcolic(args.old.module, opts, values, { stdout: () => {}, stderr: () => {} }, pool);
          symbolics = r.symbolics;
          for (const [k, v] of r.assignment) if (!values.has(k)) values.set(k, v);
        }
        const kt: KTest = {
          version: 3,
          args: [prog.programName, ...prog.programArgs],
          symArgvs: 0,
          symArgvLen: 0,
          objects: symbolics.map((s) => ({ name: s.name, bytes: values.get(s.array) ?? new Uint8Array(s.size) })),
        };
        const replay = await both(kt);
        const name = `augment${String(++written).padStart(6, '0')}.ktest`;
        writeFileSync(join(args.outDir, name), encodeKTest(kt));
        pairs.push({ ...base, test: name, existing: false, replay });
      }
    }
    const report: AugmentReport = {
      oldPartitions: olds.length,
      newPartitions: news.length,
      pairsSolved: solved,
      pairsDisjoint: disjoint,
      pairs,
      exposingExisting: existing.map((e) => e.name),
      testsWritten: written,
      ...(oldSig.stopped !== undefined ? { oldStopped: oldSig.stopped } : {}),
      ...(newSig.stopped !== undefined ? { newStopped: newSig.stopped } : {}),
      signatureSeconds: (t1 - t0) / 1000,
      pairSeconds: (performance.now() - t1) / 1000,
    };
    writeFileSync(join(args.outDir, 'augment.json'), `${JSON.stringify(report, null, 2)}\n`);
    return report;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
