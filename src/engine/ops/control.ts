// Terminators: br, switch, indirectbr, ret, unreachable (and resume/landingpad, which C programs do not
// use: 'exec' errors). A symbolic condition forks: br into two states, switch into one state per
// feasible target plus the default, indirectbr into one per feasible destination.

import type { Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import type { BasicBlock, Instruction } from '../../ir/model.js';
import type { FunctionCompiler, HandlerCompiler } from '../compile.js';
import type { CompiledEdge, Step } from '../compiled.js';
import type { Executor } from '../executor.js';
import type { ExecutionState, Frame } from '../state.js';
import { toExpr, type Scalar } from '../values.js';
import { branchTargets } from '../coverage.js';
import { bitWidth } from './lanes.js';

/** Takes edge `e` in frame `f`: phi moves (a parallel copy), then the target block. */
export function jump(ex: Executor, s: ExecutionState, f: Frame, e: CompiledEdge): void {
  const dst = e.dst;
  if (dst.length !== 0) {
    const r = f.regs;
    const src = e.src;
    if (dst.length === 1) r[dst[0]!] = r[src[0]!]!;
    else {
      const tmp = new Array(dst.length);
      for (let i = 0; i < dst.length; i++) tmp[i] = r[src[i]!];
      for (let i = 0; i < dst.length; i++) r[dst[i]!] = tmp[i];
    }
    ex.countPhis(s, e.phiIds);
  }
  f.block = e.target;
  f.pc = 0;
  if (ex.blockHook !== null) ex.blockHook(s, e.target.bb);
}

/**
 * Edge `e` taken through `take`, first telling coverage the direction is covered when the branch is the
 * program's own and has more than one target (branch coverage, coverage.ts branchTargets): a flag per
 * direction of this run's compiled code, so a direction costs one test of a boolean after its first time.
 */
function countedJump(ex: Executor, inst: Instruction, e: CompiledEdge, counts: boolean): (s: ExecutionState, f: Frame) => void {
  if (!counts || !ex.coverage.isProgramInstruction(inst.id)) return (s, f) => jump(ex, s, f, e);
  let seen = false;
  return (s, f) => {
    if (!seen) {
      seen = true;
      ex.coverage.branchCovered();
    }
    jump(ex, s, f, e);
  };
}

function compileBr(inst: Instruction, c: FunctionCompiler): Step {
  const ex = c.ex;
  const from = inst.parent;
  if (inst.operands.length === 1) {
    const e = c.edge(from, inst.operands[0] as BasicBlock);
    return (s, f) => jump(ex, s, f, e);
  }
  const k = c.slot(inst.operands[0]!);
  const counts = branchTargets(inst) > 0;
  const T = countedJump(ex, inst, c.edge(from, inst.operands[1] as BasicBlock), counts);
  const F = countedJump(ex, inst, c.edge(from, inst.operands[2] as BasicBlock), counts);
  const sym = async (s: ExecutionState, cond: Expr): Promise<void> => {
    const [ts, fs] = await ex.fork(s, cond, inst);
    if (ts) T(ts, ts.top);
    if (fs) F(fs, fs.top);
  };
  return (s, f) => {
    const cv = f.regs[k]!;
    if (typeof cv === 'bigint') (cv !== 0n ? T : F)(s, f);
    else return sym(s, cv as Expr);
  };
}

function compileSwitch(inst: Instruction, c: FunctionCompiler): Step {
  const ex = c.ex;
  const from = inst.parent;
  const k = c.slot(inst.operands[0]!);
  const w = bitWidth(inst.operands[0]!.type);
  const def = c.edge(from, inst.operands[1] as BasicBlock);
  // One counted jump per distinct target (the edges of one target are one object): its branch direction.
  const jumps = new Map<CompiledEdge, (s: ExecutionState, f: Frame) => void>();
  const counts = branchTargets(inst) > 0;
  const jumpTo = (e: CompiledEdge): ((s: ExecutionState, f: Frame) => void) => {
    let j = jumps.get(e);
    if (!j) jumps.set(e, (j = countedJump(ex, inst, e, counts)));
    return j;
  };
  const defJump = jumpTo(def);
  const cases = new Map<bigint, (s: ExecutionState, f: Frame) => void>();
  // Targets in order of first appearance, each with its case values (KLEE forks once per target).
  const targets: { edge: CompiledEdge; values: bigint[] }[] = [];
  for (let i = 2; i + 1 < inst.operands.length; i += 2) {
    const v = inst.operands[i]!;
    if (v.vk !== 'cint') throw new Error('switch case is not an integer constant');
    const e = c.edge(from, inst.operands[i + 1] as BasicBlock);
    if (!cases.has(v.value)) cases.set(v.value, jumpTo(e));
    let t = targets.find((x) => x.edge === e);
    if (!t) {
      t = { edge: e, values: [] };
      targets.push(t);
    }
    t.values.push(v.value);
  }
  // A case whose target is the default's is one direction with the default, as in KLEE: its condition
  // is "none of the other targets", so the shared block is reached by a single fork, not two.
  const defaultTarget = targets.findIndex((t) => t.edge === def);
  const sym = async (s: ExecutionState, x: Expr): Promise<void> => {
    const conds: Expr[] = [];
    const edges: CompiledEdge[] = [];
    let none: Expr = B.TRUE;
    targets.forEach((t, i) => {
      if (i === defaultTarget) return;
      const cond = t.values.map((v) => B.eq(x, B.constant(w, v))).reduce((a, b) => B.or(a, b));
      conds.push(cond);
      edges.push(t.edge);
      none = B.and(none, B.notB(cond));
    });
    conds.push(none);
    edges.push(def);
    const states = await ex.forkMany(s, conds, inst);
    states.forEach((st, i) => {
      if (st) jumpTo(edges[i]!)(st, st.top);
    });
  };
  return (s, f) => {
    const x = f.regs[k]!;
    if (typeof x === 'bigint') (cases.get(x) ?? defJump)(s, f);
    else return sym(s, x as Expr);
  };
}

function compileIndirectBr(inst: Instruction, c: FunctionCompiler): Step {
  const ex = c.ex;
  const from = inst.parent;
  const k = c.slot(inst.operands[0]!);
  const dests = inst.operands.slice(1) as BasicBlock[];
  const byAddr = new Map<number, CompiledEdge>();
  for (const bb of dests) byAddr.set(ex.image.blockAddr(bb), c.edge(from, bb));
  // clang gathers every computed goto of a function into one shared block whose indirectbr has no debug
  // location: the error is reported at the goto itself (the located terminator jumping there; with
  // several computed gotos, the first, the others listed).
  const gotos = inst.loc ? [] : inst.parent.preds.map((p) => p.instructions[p.instructions.length - 1]!).filter((t) => t.loc);
  const at = inst.loc || gotos.length === 0 ? inst : gotos[0]!;
  const others = gotos.length > 1 ? [`a computed goto at one of lines ${gotos.map((t) => t.loc!.line).join(', ')}`] : undefined;
  const bad = (s: ExecutionState, what: string): void =>
    ex.term.error(s, 'exec', `indirectbr to ${what}, which is not one of its destinations`, at, others);
  const sym = async (s: ExecutionState, a: Expr): Promise<void> => {
    const addrs = [...byAddr.keys()];
    const conds = addrs.map((x) => B.eq(a, B.constant(64, x)));
    const none = conds.reduce((p, q) => B.and(p, B.notB(q)), B.TRUE);
    const states = await ex.forkMany(s, [...conds, none], inst);
    states.forEach((st, i) => {
      if (!st) return;
      if (i === addrs.length) bad(st, 'a symbolic address');
      else jump(ex, st, st.top, byAddr.get(addrs[i]!)!);
    });
  };
  return (s, f) => {
    const a = f.regs[k] as Scalar;
    if (typeof a !== 'bigint') return sym(s, toExpr(a, 64));
    const e = byAddr.get(Number(a));
    if (e) jump(ex, s, f, e);
    else bad(s, `0x${a.toString(16)}`);
  };
}

function compileRet(inst: Instruction, c: FunctionCompiler): Step {
  const ex = c.ex;
  const v = inst.operands.length > 0 ? c.slot(inst.operands[0]!) : -1;
  return (s, f) => ex.frames.return(s, v >= 0 ? f.regs[v]! : undefined, inst);
}

function compileUnreachable(inst: Instruction, c: FunctionCompiler): Step {
  const ex = c.ex;
  return (s) => ex.term.error(s, 'unreachable', "reached 'unreachable' instruction", inst);
}

function compileUnwind(inst: Instruction, c: FunctionCompiler): Step {
  return c.failing(inst, `exception handling ('${inst.op}') is not supported`);
}

export const CONTROL: Record<string, HandlerCompiler> = {
  br: compileBr,
  switch: compileSwitch,
  indirectbr: compileIndirectBr,
  ret: compileRet,
  unreachable: compileUnreachable,
  resume: compileUnwind,
  landingpad: compileUnwind,
};
