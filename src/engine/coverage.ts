// Coverage and the facts searchers ask for (SearcherContext): per static instruction execution counts,
// which instructions and source lines of the program's own files are covered, instructions per call
// path, and the distance from a state to the nearest uncovered instruction (nurs:md2u).
//
// Distances (KLEE's minDistToUncovered, simplified): per instruction, the fewest instructions to an
// uncovered one inside its function, where a call to a defined function may also reach the callee's
// uncovered code (its entry distance), plus per instruction the distance to a `ret`; a state's distance
// walks its stack: min(d(pc), dRet(pc) + d(return point of the caller), …). The table is recomputed
// lazily — when asked, if coverage changed and at least RECOMPUTE_EVERY instructions ran since the
// last computation (instruction-count based, so runs stay deterministic).

import type { Func, Instruction, Module } from '../ir/model.js';
import { pendingBodyOf } from '../ir/build.js';
import type { SearchState } from '../search/searcher.js';
import type { CovLines, ExecutionState } from './state.js';

const RECOMPUTE_EVERY = 10_000;

const isReturn = (i: Instruction): boolean => i.op === 'ret' || i.op === 'resume';

/** What a coverage table knows of a module before any run: shared by every run of it (a concolic
 *  driver makes one Coverage per execution, and building this took a tenth of a short execution). */
interface Layout {
  readonly size: number;
  readonly isProgram: Uint8Array;
  readonly lineOf: Int32Array;
  readonly instructionsTotal: number;
  readonly linesTotal: number;
  /** Branch directions in the program's own code: one per distinct target of a conditional br or a switch. */
  readonly branchesTotal: number;
  /** The line table: FILE and LINE of each index of lineOf. */
  readonly lines: readonly { readonly file: string; readonly line: number }[];
}

/** The distinct targets of a conditional br or a switch: its branch directions (one target: none). */
export function branchTargets(i: Instruction): number {
  if (i.op !== 'br' && i.op !== 'switch') return 0;
  if (i.op === 'br' && i.operands.length !== 3) return 0;
  const targets = new Set<unknown>();
  if (i.op === 'br') targets.add(i.operands[1]).add(i.operands[2]);
  else for (let k = 1; k < i.operands.length; k += 2) targets.add(i.operands[k]);
  return targets.size > 1 ? targets.size : 0;
}

const layouts = new WeakMap<Module, Map<string, Layout>>();

/** One past the largest instruction id of `module` (the size of per-instruction tables), cached. */
export function instructionIdBound(module: Module): number {
  return layoutOf(module, []).size;
}

function layoutOf(module: Module, programFiles: readonly string[]): Layout {
  let byFiles = layouts.get(module);
  if (!byFiles) layouts.set(module, (byFiles = new Map()));
  const key = programFiles.join('\0');
  const known = byFiles.get(key);
  if (known) return known;
  // Bodies not parsed yet (ir/parse-lazy.ts) have ids reserved below instructionIdBound and no debug
  // information in a module that has some: never the program's own lines, so they are not read here.
  const parsed = module.functions.filter((f) => !pendingBodyOf(f));
  let n = module.instructionIdBound ?? 0;
  for (const f of parsed) for (const b of f.blocks) for (const i of b.instructions) n = Math.max(n, i.id + 1);
  const isProgram = new Uint8Array(n);
  const lineOf = new Int32Array(n).fill(-1);
  const hasDebug = parsed.some((f) => f.sourceFile !== undefined || f.blocks.some((b) => b.instructions.some((i) => i.loc)));
  const files = new Set(programFiles);
  const isOwn = (file: string | undefined): boolean => {
    if (file === undefined) return !hasDebug;
    if (files.size > 0) return files.has(file);
    return !/(^|\/)runtime\//.test(file);
  };
  const lines = new Map<string, number>();
  let total = 0;
  let branches = 0;
  for (const f of parsed) {
    for (const b of f.blocks) {
      for (const i of b.instructions) {
        const file = i.loc?.file ?? f.sourceFile;
        if (!isOwn(file)) continue;
        isProgram[i.id] = 1;
        total++;
        branches += branchTargets(i);
        if (i.loc && i.loc.line > 0) {
          const key = `${i.loc.file}:${i.loc.line}`;
          let li = lines.get(key);
          if (li === undefined) {
            li = lines.size;
            lines.set(key, li);
          }
          lineOf[i.id] = li;
        }
      }
    }
  }
  const table = [...lines.keys()].map((key) => {
    const at = key.lastIndexOf(':');
    return { file: key.slice(0, at), line: Number(key.slice(at + 1)) };
  });
  const layout: Layout = { size: n, isProgram, lineOf, instructionsTotal: total, linesTotal: lines.size, branchesTotal: branches, lines: table };
  byFiles.set(key, layout);
  return layout;
}

/** The order of .cov files (KLEE's --write-cov): by file name, then line number. */
export function byFileThenLine(a: { readonly file: string; readonly line: number }, b: { readonly file: string; readonly line: number }): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line;
}

export class Coverage {
  /** Executions per static instruction id by this engine. */
  readonly counts: Float64Array;
  /**
   * With `--workers N` (shareCoverage): one flag per instruction id in memory shared by every engine,
   * set by the first engine that executes it. Kept apart from the counts because every engine counting
   * into one shared array wrote the same cache lines at every instruction of a loop both ran, and the
   * cores spent the run passing those lines back and forth (a 2-worker run of bench:parallel took 1.3x
   * the CPU of one); a flag is written once and afterwards only read.
   */
  private shared: Float64Array | null = null;
  /** 1 when the instruction belongs to the program's own source files. */
  private readonly isProgram: Uint8Array;
  /** Index into the line table per instruction, -1 for none. */
  private readonly lineOf: Int32Array;
  private readonly lineCovered: Uint8Array;
  private readonly lineTable: Layout['lines'];
  readonly instructionsTotal: number;
  readonly linesTotal: number;
  readonly branchesTotal: number;
  instructionsCovered = 0;
  linesCovered = 0;
  /** Branch directions of the program's code taken at least once (told by the terminators: ops/control.ts). */
  branchesCovered = 0;
  /** Bumped whenever an instruction is covered for the first time. */
  epoch = 0;
  private readonly callPaths = new Map<string, number>();

  // md2u tables
  private dist: Float64Array | null = null;
  private distRet: Float64Array | null = null;
  /** module.lateBodies when the distances were last brought up to date. */
  private distBodies = 0;
  /** The functions dist and distRet hold distances for. */
  private readonly withDistances = new Set<Func>();
  private distEpoch = -1;
  private distAt = -Infinity;

  constructor(
    private readonly module: Module,
    programFiles: readonly string[],
    private readonly instructionsExecuted: () => number,
  ) {
    const layout = layoutOf(module, programFiles);
    this.counts = new Float64Array(layout.size);
    this.isProgram = layout.isProgram;
    this.lineOf = layout.lineOf;
    this.instructionsTotal = layout.instructionsTotal;
    this.linesTotal = layout.linesTotal;
    this.branchesTotal = layout.branchesTotal;
    this.lineCovered = new Uint8Array(layout.linesTotal);
    this.lineTable = layout.lines;
  }

  /**
   * Covered-flags kept in memory shared with other engines (src/parallel): what they cover is covered
   * here at once. Called before the run starts; the engines' per-engine totals (instructionsCovered, …)
   * count only what this engine covered first.
   */
  shareCoverage(shared: Float64Array): void {
    if (shared.length !== this.counts.length) throw new Error(`shared coverage flags: ${shared.length} ids, the module has ${this.counts.length}`);
    this.shared = shared;
  }

  /**
   * This engine executed `id` for the first time: whether no engine had before (then it is marked
   * covered for all). Alone, always. Two engines may both claim an id they reach at the same moment,
   * as with the shared counts before; each then counts it among its own first coverage.
   */
  claim(id: number): boolean {
    const shared = this.shared;
    if (shared === null) return true;
    if (shared[id] !== 0) return false;
    shared[id] = 1;
    return true;
  }

  /** Whether any engine of the run has executed `id`. */
  isCovered(id: number): boolean {
    return this.counts[id]! > 0 || (this.shared !== null && this.shared[id]! > 0);
  }

  get size(): number {
    return this.counts.length;
  }

  /** Instruction `id` ran for the first time (its count was 0). */
  covered(id: number): void {
    this.epoch++;
    if (this.isProgram[id]) {
      this.instructionsCovered++;
      const li = this.lineOf[id]!;
      if (li >= 0 && !this.lineCovered[li]) {
        this.lineCovered[li] = 1;
        this.linesCovered++;
      }
    }
  }

  /** The line-table index of instruction `id` when it belongs to the program's own files and has a line; else -1. */
  lineIndexOf(id: number): number {
    return this.isProgram[id] ? this.lineOf[id]! : -1;
  }

  /**
   * Line-table indices as a .cov file (KLEE's --write-cov format): `FILE:LINE` one a line, each once,
   * sorted by file, then line.
   */
  formatLines(indices: Iterable<number>): string {
    const rows = [...new Set(indices)].map((k) => this.lineTable[k]!);
    rows.sort(byFileThenLine);
    return rows.map((r) => `${r.file}:${r.line}\n`).join('');
  }

  /** A path's newly covered lines (ExecutionState.covLines) as a .cov file. */
  formatCovLines(list: CovLines | null): string {
    const out: number[] = [];
    for (let l = list; l !== null; l = l.next) out.push(l.line);
    return this.formatLines(out);
  }

  /** Every line this engine covered (the lines `linesCovered` counts) as a .cov file. */
  formatCoveredLines(): string {
    const out: number[] = [];
    for (let k = 0; k < this.lineCovered.length; k++) if (this.lineCovered[k]) out.push(k);
    return this.formatLines(out);
  }

  /** A branch direction of the program's own code was taken for the first time (the forking engine's terminators know). */
  branchCovered(): void {
    this.branchesCovered++;
  }

  /** Directions seen by `direction` (instruction id * 2^20 + direction). */
  private directionsSeen: Set<number> | null = null;

  /**
   * Terminator `id` took its direction `dir` (the index of the target's first place among its
   * targets, as traces number them): for runs that learn directions from traces (concolic drivers).
   */
  direction(id: number, dir: number): void {
    if (!this.isProgram[id]) return;
    const seen = (this.directionsSeen ??= new Set());
    const key = id * 0x100000 + dir;
    if (seen.has(key)) return;
    seen.add(key);
    this.branchesCovered++;
  }

  /** Whether `id` counts for the program's coverage (for percentages). */
  isProgramInstruction(id: number): boolean {
    return this.isProgram[id] === 1;
  }

  addCallPath(key: string, n: number): void {
    this.callPaths.set(key, (this.callPaths.get(key) ?? 0) + n);
  }

  callPathCount(key: string): number {
    return this.callPaths.get(key) ?? 0;
  }

  get percent(): number {
    return this.instructionsTotal === 0 ? 100 : (100 * this.instructionsCovered) / this.instructionsTotal;
  }

  // -------------------------------------------------------------------------------------------
  // Distance to uncovered code

  minDistance(state: SearchState): number {
    const s = state as ExecutionState;
    if (!s.top) return Infinity;
    this.ensureDistances();
    const dist = this.dist!;
    const ret = this.distRet!;
    let id = s.top.block.ids[s.top.pc];
    if (id === undefined) return Infinity;
    let best = dist[id]!;
    let acc = ret[id]!;
    for (let k = s.stack.length - 2; k >= 0 && Number.isFinite(acc); k--) {
      const f = s.stack[k]!;
      id = f.block.ids[f.pc];
      if (id === undefined) break;
      best = Math.min(best, acc + 1 + dist[id]!);
      acc += 1 + ret[id]!;
    }
    return best;
  }

  private ensureDistances(): void {
    const now = this.instructionsExecuted();
    const late = this.module.lateBodies ?? 0;
    if (this.dist && late !== this.distBodies) this.addNewBodies();
    this.distBodies = late;
    if (this.dist && (this.distEpoch === this.epoch || now - this.distAt < RECOMPUTE_EVERY)) return;
    this.distEpoch = this.epoch;
    this.distAt = now;
    const n = this.counts.length;
    const fns = this.parsedFunctions();
    // Distances to a return stay within a function: computed once per function.
    if (!this.distRet) {
      this.distRet = new Float64Array(n).fill(Infinity);
      this.solve(this.distRet, fns, isReturn, null);
    }
    this.dist = new Float64Array(n).fill(Infinity);
    this.solve(this.dist, fns, (i) => !this.isCovered(i.id), this.pendingEntries());
    for (const f of fns) this.withDistances.add(f);
  }

  /**
   * Bodies parsed since the distances were computed (ir/parse-lazy.ts) get the distances that
   * computation would have given them had they been parsed: they had never run then, so every
   * instruction of theirs was uncovered, at distance 0 (and their entries were taken as 0, so no other
   * distance changes). Distances to a return stay within a function and do not depend on coverage.
   * So the distances are those of a module parsed whole, and so are the searchers' choices.
   */
  private addNewBodies(): void {
    const fns = this.parsedFunctions().filter((f) => !this.withDistances.has(f));
    if (fns.length === 0) return;
    this.solve(this.distRet!, fns, isReturn, null);
    const dist = this.dist!;
    for (const f of fns) for (const b of f.blocks) for (const i of b.instructions) dist[i.id] = 0;
    for (const f of fns) this.withDistances.add(f);
  }

  /** The defined functions whose bodies have been parsed (ir/parse-lazy.ts). */
  private parsedFunctions(): Func[] {
    return this.module.functions.filter((f) => !pendingBodyOf(f) && !f.isDeclaration && f.blocks.length > 0);
  }

  /**
   * Entry distances of the bodies not parsed yet: 0, what parsing them would give (they have never run,
   * so their first instruction is uncovered); no state stands in one, so nothing reads distances inside.
   */
  private pendingEntries(): Map<Func, number> {
    const entry = new Map<Func, number>();
    for (const f of this.module.functions) if (pendingBodyOf(f)) entry.set(f, 0);
    return entry;
  }

  /**
   * Backward shortest distances to instructions satisfying `isTarget` (0 at targets, +1 per
   * instruction) over the functions `fns`. With `entry`, a call may also reach targets in its callee, at
   * the callee's entry distance there (which this updates for `fns`); with null, distances stay within
   * functions. Iterates to a fixpoint (bounded).
   */
  private solve(d: Float64Array, fns: readonly Func[], isTarget: (i: Instruction) => boolean, entry: Map<Func, number> | null): void {
    for (let round = 0; round < 20; round++) {
      let changed = false;
      for (const f of fns) {
        // Iterate the blocks of f backwards until stable.
        for (let pass = 0; pass < 50; pass++) {
          let fnChanged = false;
          for (let bi = f.blocks.length - 1; bi >= 0; bi--) {
            const b = f.blocks[bi]!;
            let next = Infinity;
            for (const s of b.succs) {
              const first = s.instructions[0];
              if (first) next = Math.min(next, d[first.id]!);
            }
            for (let k = b.instructions.length - 1; k >= 0; k--) {
              const inst = b.instructions[k]!;
              let v = isTarget(inst) ? 0 : next + 1;
              if (entry !== null && (inst.op === 'call' || inst.op === 'invoke')) {
                const callee = inst.operands[0];
                if (callee && callee.vk === 'func') {
                  const e = entry.get(callee);
                  if (e !== undefined) v = Math.min(v, e + 1);
                }
              }
              if (v < d[inst.id]!) {
                d[inst.id] = v;
                fnChanged = true;
              }
              next = d[inst.id]!;
            }
          }
          if (!fnChanged) break;
          changed = true;
        }
        const first = f.blocks[0]!.instructions[0];
        if (entry !== null && first) {
          const old = entry.get(f);
          if (old !== d[first.id]) {
            entry.set(f, d[first.id]!);
            changed = true;
          }
        }
      }
      if (!changed || entry === null) break;
    }
  }
}
