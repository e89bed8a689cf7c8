// Path prefixes: the symbolic branch decisions of a path from the program's entry, as a flat tape of
// int32 pairs (instruction id, code), and the follower that re-executes a fresh engine along one.
// (src/parallel moves work between workers as these; they live in the engine because path files use them too.)
//
// A worker hands a pending state to another worker as its prefix (Cloud9's job model): the receiver
// starts the program from the entry and, at each symbolic branch (the executor's fork and forkMany,
// src/engine/executor.ts), takes the recorded direction without asking the solver and without creating
// the other side; once the tape is used up the state is where the sender's was and explores on normally.
//
// The tape is read off the state's branch trace (state.trace, kept when a hook sets wantsTrace: every
// symbolic branch with its direction and whether it forked). A decision adds to the path constraints
// exactly what the sender's engine added, so the re-executed path has the same constraints in the same
// order (and so gets the same test): a fork's side adds its condition; a multi-way fork (forkMany)
// always adds its condition; a one-sided two-way branch adds nothing — except when it was a real fork
// cut to one side by --max-depth, --max-forks or klee_set_forking(0), which adds its condition too. The
// trace does not tell those two apart; the constraint list does: a condition that occurs in the
// constraints more often than the forks that took it account for was added by a one-sided decision
// (oldest first). Queries that are not branch decisions (pointer resolution, concretisation, built-ins)
// are asked again on re-execution.

//
// The same tapes are the path files of `sympath run --write-paths` / `--replay-path` (KLEE's options):
// formatPathFile and parsePathFile below.

import type { Expr } from '../expr/expr.js';
import * as B from '../expr/build.js';
import type { Instruction } from '../ir/model.js';
import { forkKey, recordFork } from './fork-history.js';
import type { PrefixFollower, TraceEntry } from './hooks.js';
import type { ExecutionState } from './state.js';

/** Code bits of a tape entry: direction * 4 + these. */
const FORKED = 1;
const CONSTRAINED = 2;

/** The prefix of `s` (its decisions from the entry, oldest first) as a tape of (instruction id, code) pairs. */
export function prefixOf(s: ExecutionState): Int32Array {
  const entries: TraceEntry[] = [];
  for (let t = s.trace; t !== null; t = t.prev) entries.push(t);
  entries.reverse();
  // Occurrences of each condition in the path constraints, less those the forks account for.
  const spare = new Map<Expr, number>();
  for (const c of s.constraints) spare.set(c, (spare.get(c) ?? 0) + 1);
  for (const e of entries) if (e.forked) spare.set(e.condition, (spare.get(e.condition) ?? 0) - 1);
  const tape = new Int32Array(entries.length * 2);
  entries.forEach((e, k) => {
    let code = e.direction * 4;
    if (e.forked) code |= FORKED;
    else {
      const left = spare.get(e.condition) ?? 0;
      if (left > 0) {
        code |= CONSTRAINED;
        spare.set(e.condition, left - 1);
      }
    }
    tape[2 * k] = e.inst.id;
    tape[2 * k + 1] = code;
  });
  return tape;
}

/** Thrown when the re-executed path meets a branch the tape did not record (a bug, or a non-deterministic program). */
export class PrefixDivergedError extends Error {
  override readonly name = 'PrefixDivergedError';
}

/** Follows one tape (see the file comment); the executor calls it while active(). */
export class PrefixFollowerImpl implements PrefixFollower {
  private at = 0;
  /** Set when the execution met a branch the tape does not record there (the engine ends that path with an internal error). */
  diverged: PrefixDivergedError | null = null;
  constructor(private readonly tape: Int32Array) {}

  active(): boolean {
    return this.at < this.tape.length;
  }

  /** Decisions followed so far. */
  get followed(): number {
    return this.at / 2;
  }

  private next(inst: Instruction): { direction: number; forked: boolean; constrained: boolean } {
    const id = this.tape[this.at]!;
    const code = this.tape[this.at + 1]!;
    if (id !== inst.id) {
      this.diverged = new PrefixDivergedError(`path prefix diverged at decision ${this.at / 2}: recorded at instruction ${id}, met at instruction ${inst.id}`);
      throw this.diverged;
    }
    this.at += 2;
    return { direction: code >> 2, forked: (code & FORKED) !== 0, constrained: (code & CONSTRAINED) !== 0 };
  }

  fork(s: ExecutionState, cond: Expr, inst: Instruction): [ExecutionState | null, ExecutionState | null] {
    const d = this.next(inst);
    const taken = d.direction === 0 ? cond : B.notB(cond);
    if (d.forked || d.constrained) s.addConstraint(taken);
    if (d.forked) recordFork(s, forkKey(inst, d.direction, false));
    s.trace = { inst, direction: d.direction, condition: taken, forked: d.forked, prev: s.trace };
    return d.direction === 0 ? [s, null] : [null, s];
  }

  forkMany(s: ExecutionState, conds: readonly Expr[], inst: Instruction): (ExecutionState | null)[] {
    const d = this.next(inst);
    const cond = conds[d.direction];
    if (cond === undefined) {
      this.diverged = new PrefixDivergedError(`path prefix diverged: direction ${d.direction} of a ${conds.length}-way fork at instruction ${inst.id}`);
      throw this.diverged;
    }
    s.addConstraint(cond);
    if (d.forked) recordFork(s, forkKey(inst, d.direction, true));
    s.trace = { inst, direction: d.direction, condition: cond, forked: d.forked, prev: s.trace };
    const out: (ExecutionState | null)[] = conds.map(() => null);
    out[d.direction] = s;
    return out;
  }
}

/** The first line of a path file. */
const PATH_FILE_HEADER = '# sympath path: one symbolic decision per line: instruction-id direction [forked|constrained]';

/**
 * A path file (`--write-paths`: testNNNNNN.path): the tape as text, one decision per line — the branch
 * instruction's module-wide id, the direction taken (0 = the condition held, for a two-way branch; the
 * index of the case for a multi-way one) and whether it forked or added its condition one-sidedly.
 * Instruction ids are those of the run's own module (program.ll in its output directory), so a path
 * replays on that module (`--replay-path`), as KLEE's .path files do on their bitcode.
 */
export function formatPathFile(tape: Int32Array): string {
  const lines = [PATH_FILE_HEADER];
  for (let k = 0; k < tape.length; k += 2) {
    const code = tape[k + 1]!;
    const flag = code & FORKED ? ' forked' : code & CONSTRAINED ? ' constrained' : '';
    lines.push(`${tape[k]} ${code >> 2}${flag}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Thrown by parsePathFile: the message names the line and what is wrong. */
export class PathFileError extends Error {
  override readonly name = 'PathFileError';
}

/** A path file's tape; the error names the file, the line and what is wrong. */
export function parsePathFile(text: string, file: string): Int32Array {
  const out: number[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = /^(\d+) (\d+)(?: (forked|constrained))?$/.exec(line);
    if (!m || Number(m[1]) > 0x7fffffff || Number(m[2]) > 0x1fffffff) {
      throw new PathFileError(`${file}:${i + 1}: expected 'INSTRUCTION-ID DIRECTION [forked|constrained]', got '${line}'`);
    }
    out.push(Number(m[1]), Number(m[2]) * 4 + (m[3] === 'forked' ? FORKED : m[3] === 'constrained' ? CONSTRAINED : 0));
  });
  return Int32Array.from(out);
}
