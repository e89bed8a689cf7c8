// KLEE's seeding (--seed-file, --seed-dir): exploration starts by following the paths of existing tests.
// A state is seeded while some seed satisfies every constraint of its path; as long as seeded states
// exist the searcher runs the newest of them (so each seed's path is followed to its end first, depth
// first), and the run's own searcher takes over when none is left. Nothing is pruned: the other sides of
// the seeded branches are forked as always and wait for the normal search.
//
// A seed's objects are matched to the path's symbolic objects by position, as KLEE does by default
// (klee_make_symbolic's creation order, the POSIX model's objects included); a seed object shorter than
// its symbolic object is extended with zero bytes and a longer one truncated (KLEE's
// --zero-seed-extension and --allow-seed-truncation, here always on), and objects past the seed's last
// are all zero bytes.

import type { ArrayDecl, Expr } from '../expr/expr.js';
import { evaluate, type Assignment } from '../expr/evaluate.js';
import type { SearchState, Searcher } from '../search/searcher.js';
import type { ExecutionState } from './state.js';

/** A seed: the objects of a .ktest in creation order. */
export interface Seed {
  readonly name: string;
  readonly objects: readonly { readonly name: string; readonly bytes: Uint8Array }[];
}

/** One seed's values for the arrays met so far, and its verdict per constraint (expressions are hash-consed). */
class SeedMatch {
  private readonly values = new Map<ArrayDecl, Uint8Array>();
  private readonly verdicts = new WeakMap<Expr, boolean>();
  constructor(readonly seed: Seed) {}

  /** Whether the seed satisfies every constraint of the state's path. */
  satisfies(s: ExecutionState): boolean {
    s.symbolics.forEach((o, i) => {
      if (this.values.has(o.array)) return;
      const bytes = new Uint8Array(o.array.size);
      const from = this.seed.objects[i]?.bytes;
      if (from) bytes.set(from.subarray(0, o.array.size));
      this.values.set(o.array, bytes);
    });
    const assignment: Assignment = this.values;
    for (const c of s.constraints) {
      let ok = this.verdicts.get(c);
      if (ok === undefined) {
        ok = evaluate(c, assignment) !== 0n;
        this.verdicts.set(c, ok);
      }
      if (!ok) return false;
    }
    return true;
  }
}

/** The run's searcher with seeded states first; see the file comment. */
export class SeedSearcher implements Searcher {
  readonly name: string;
  readonly readsForkHistory: boolean;
  private readonly matches: SeedMatch[];
  /** Seeded live states by id. */
  private readonly seeded = new Map<number, SearchState>();
  private readonly checkedAt = new Map<number, { constraints: readonly Expr[]; length: number }>();
  /** Whether seeding is over (no seeded state left once there was one): said once. */
  private finished = false;

  constructor(
    private readonly base: Searcher,
    seeds: readonly Seed[],
    private readonly onSeedingDone: () => void = () => {},
  ) {
    this.name = `seeded(${base.name})`;
    this.readsForkHistory = base.readsForkHistory !== false;
    this.matches = seeds.map((s) => new SeedMatch(s));
  }

  select(): SearchState {
    let best: SearchState | undefined;
    for (const s of this.seeded.values()) if (!best || s.id > best.id) best = s;
    return best ?? this.base.select();
  }

  update(current: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void {
    this.base.update(current, added, removed);
    for (const r of removed) {
      this.seeded.delete(r.id);
      this.checkedAt.delete(r.id);
    }
    const gone = new Set(removed.map((r) => r.id));
    for (const s of current && !gone.has(current.id) ? [current, ...added] : added) this.judge(s);
    if (!this.finished && this.seeded.size === 0 && this.checkedAt.size > 0) {
      this.finished = true;
      this.onSeedingDone();
    }
  }

  private judge(state: SearchState): void {
    const s = state as ExecutionState;
    // The path constraints only grow (in place, or in a copy after a fork): unchanged means same list, same length.
    const last = this.checkedAt.get(s.id);
    if (last && last.constraints === s.constraints && last.length === s.constraints.length) return;
    const ok = this.matches.some((m) => m.satisfies(s));
    this.checkedAt.set(s.id, { constraints: s.constraints, length: s.constraints.length });
    if (ok) this.seeded.set(s.id, state);
    else this.seeded.delete(s.id);
  }

  empty(): boolean {
    return this.base.empty();
  }

  instructionsRun(n: number): void {
    this.base.instructionsRun?.(n);
  }
}
