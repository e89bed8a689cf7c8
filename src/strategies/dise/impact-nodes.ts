// DiSE's phase I on the module the engine runs: the version pair (src/versions) gives the changed lines
// of NEW and the removed instructions of OLD; src/analysis/impact.ts computes the impact set of each
// side in the paper's stages (§4.1.1, §4.1.2); the impact of OLD's removed nodes is mapped onto NEW
// through unchanged lines (§4.1.3); the union, restricted to the program's own functions, is the set of
// impacted nodes the exploration is directed by.
//
// Decisions (README.md):
// - NEW's changed instructions are looked up by line in the *run's* module (the one the engine
//   executes, linked with the libc), not in the pair's own compilation, so that node ids are the
//   engine's.
// - An impacted OLD instruction on an unchanged line maps to the instruction of the NEW line at the
//   same position among that line's instructions of the same opcode in the same function (the
//   paper's ASTClone, at instruction level); when the line's shape differs, to every instruction of the
//   line. Unlocated OLD instructions (the -O0 parameter spills) are not mapped.
// - The analysis follows dependences between the program's functions (those with code on a line of
//   NEW's source; interprocedural by default) and does not enter the libc or the POSIX model: a library
//   call stands for what its callee does (its result, the memory it writes), at that call site only;
//   only instructions of the program's functions are nodes (the library is no version of anything).
// - Besides instructions, each direction of an impacted deciding terminator is a node (an edge node):
//   in IR an `if` without `else` has no instruction on its false side, and without such a node the
//   paper's prune() would drop the false side of a changed condition whenever the true side had
//   already reached the join (README.md, "edge nodes").

import { analyzeModule } from '../../analysis/index.js';
import { terminatorTargets, isDeciding } from '../../analysis/cfg.js';
import { sameFile, sourceMapOf } from '../../analysis/source-map.js';
import type { BasicBlock, Func, Instruction, Module } from '../../ir/model.js';
import { statementLine, type VersionPair } from '../../versions/index.js';

/** One impacted node: an instruction, or one direction (target block) of an impacted decision. */
export interface ImpactNode {
  readonly index: number;
  readonly inst: Instruction;
  /** For an edge node: the target block of the direction. */
  readonly target?: BasicBlock;
  /** How it entered the set: a stage of NEW's analysis, or mapped from OLD's. */
  readonly origin: 'changed' | 'forward' | 'backward-control' | 'backward-data' | 'from-old' | 'edge';
}

export interface ImpactNodes {
  readonly nodes: readonly ImpactNode[];
  /** Node index of an instruction node, by instruction id. */
  readonly byInst: ReadonlyMap<number, number>;
  /** Node index of an edge node, by `${terminator id}>${target block index}`. */
  readonly byEdge: ReadonlyMap<string, number>;
  readonly programFunctions: ReadonlySet<Func>;
  /** Counts per stage, before the restriction to program functions (the analysis' own view). */
  readonly stages: { changed: number; forward: number; backwardControl: number; backwardData: number; fromOld: number };
  /** Changed instructions of NEW (run module) and removed instructions of OLD (pair's module). */
  readonly changedCount: number;
  readonly deletedCount: number;
}

export const edgeKey = (term: Instruction, target: BasicBlock): string => `${term.id}>${target.index}`;

/** Functions of `m` with an instruction on a line of `source`. */
export function programFunctions(m: Module, source: string): Set<Func> {
  const out = new Set<Func>();
  for (const fn of m.functions) {
    if (fn.isDeclaration) continue;
    search: for (const b of fn.blocks) for (const i of b.instructions) if (i.loc && sameFile(i.loc.file, source)) {
      out.add(fn);
      break search;
    }
  }
  return out;
}

/** The NEW instruction standing for an impacted OLD one on an unchanged line (see the file comment). */
function mapOldInst(oldInst: Instruction, newLineInsts: readonly Instruction[]): Instruction[] {
  const oldLine = oldInst.loc!.line;
  const sameLineOld = oldInst.parent.fn.blocks.flatMap((b) => b.instructions).filter((i) => i.loc?.line === oldLine && sameFile(i.loc.file, oldInst.loc!.file));
  const candidates = newLineInsts.filter((i) => i.parent.fn.name === oldInst.parent.fn.name);
  const shape = (xs: readonly Instruction[]): string => xs.map((i) => i.op).join(',');
  if (shape(sameLineOld) === shape(candidates)) return [candidates[sameLineOld.indexOf(oldInst)]!];
  return candidates;
}

export function impactNodes(run: Module, pair: VersionPair, opts: { interprocedural: boolean }): ImpactNodes {
  const newSource = pair.new.source;
  const sm = sourceMapOf(run);
  const changed = new Set<Instruction>();
  // A changed line with no instructions stands for the statement it continues (versions' statementLine).
  const lines = new Set<number>();
  for (const l of pair.changedNewLines) {
    const at = statementLine(l, (k) => sm.instsAt(newSource, k).length > 0, pair.newCodeLines);
    if (at !== undefined) lines.add(at);
  }
  for (const d of pair.deletions) if (d.newLine !== undefined) lines.add(d.newLine);
  for (const l of lines) for (const i of sm.instsAt(newSource, l)) changed.add(i);
  const analysis = analyzeModule(run);
  const prog = programFunctions(run, newSource);
  const impNew = changed.size > 0 ? analysis.impact([...changed].map((i) => i.id), { interprocedural: opts.interprocedural, enter: (f) => prog.has(f) }) : null;

  // OLD's removed instructions and their impact, mapped through unchanged lines.
  const fromOld = new Set<Instruction>();
  if (pair.deletedOld.size > 0) {
    const oldProg = programFunctions(pair.old.module, pair.old.source);
    const impOld = analyzeModule(pair.old.module).impact([...pair.deletedOld], { interprocedural: opts.interprocedural, enter: (f) => oldProg.has(f) });
    for (const oi of impOld.impacted) {
      if (!oi.loc || oi.loc.line <= 0 || !sameFile(oi.loc.file, pair.old.source)) continue;
      const nl = pair.lineMap.get(oi.loc.line);
      if (nl === undefined) continue;
      for (const ni of mapOldInst(oi, sm.instsAt(newSource, nl))) fromOld.add(ni);
    }
  }

  const nodes: ImpactNode[] = [];
  const byInst = new Map<number, number>();
  const byEdge = new Map<string, number>();
  const originOf = (i: Instruction): ImpactNode['origin'] | undefined => {
    if (changed.has(i)) return 'changed';
    if (impNew?.forward.has(i)) return 'forward';
    if (impNew?.backwardControl.has(i)) return 'backward-control';
    if (impNew?.backwardData.has(i)) return 'backward-data';
    if (fromOld.has(i)) return 'from-old';
    return undefined;
  };
  // Nodes in module order, so indices (and affected.json) do not depend on set order.
  for (const fn of run.functions) {
    if (!prog.has(fn)) continue;
    for (const b of fn.blocks) {
      for (const i of b.instructions) {
        const origin = originOf(i);
        if (origin === undefined) continue;
        byInst.set(i.id, nodes.length);
        nodes.push({ index: nodes.length, inst: i, origin });
      }
      const t = b.instructions[b.instructions.length - 1];
      if (t && byInst.has(t.id) && isDeciding(t)) {
        for (const target of terminatorTargets(t)) {
          const k = edgeKey(t, target);
          if (byEdge.has(k)) continue;
          byEdge.set(k, nodes.length);
          nodes.push({ index: nodes.length, inst: t, target, origin: 'edge' });
        }
      }
    }
  }
  return {
    nodes,
    byInst,
    byEdge,
    programFunctions: prog,
    stages: {
      changed: changed.size,
      forward: impNew ? impNew.forward.size - changed.size : 0,
      backwardControl: impNew?.backwardControl.size ?? 0,
      backwardData: impNew?.backwardData.size ?? 0,
      fromOld: fromOld.size,
    },
    changedCount: changed.size,
    deletedCount: pair.deletedOld.size,
  };
}
