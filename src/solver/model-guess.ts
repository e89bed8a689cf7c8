// Satisfiable queries answered by trying a few likely values, before Z3 (issue 20). Most branch
// conditions compare an input word with a constant (`x > 10`, `c == '-'`, `n != 0`), and a query asks
// whether the path's comparisons and one more can all hold; a value at or next to one of the query's
// constants, put into the input words it reads, very often makes them hold. Each try is checked by
// evaluating every conjunct, so a 'sat' from here is as certain as Z3's; the layer never answers
// 'unsat' (a failed guess goes on to Z3), so it cannot lose a path.
//
// Why: the first query reaching Z3 starts its process (~10 ms of z3's CPU plus ~3-10 ms of forking the
// Node process), which was a tenth of a small program's whole run, and each later one is a pipe round
// trip and a solve (~0.3-4 ms). KLEE's FastCexSolver (interval propagation, off by default) plays a
// similar part; this is the simpler, checked form: a guess is kept only when it satisfies everything.
//
// The search: every input word (a concatenation of consecutive bytes of one array, either byte order,
// or a lone byte) starts at 0; then, word after word, each candidate value is tried with the other
// words fixed, keeping the one that satisfies the most conjuncts, for two passes. Candidates of a word
// of w bits: the query's constants c (and, for narrower constants, c sign-extended), c-1 and c+1, all
// modulo 2^w, then 0, 1, -1 and the signed extremes. The work (conjuncts x DAG nodes evaluated) is
// capped so that a query this cannot answer costs a small fraction of what Z3 will.

import type { ArrayDecl, Expr } from '../expr/expr.js';
import { Evaluator } from '../expr/evaluate.js';
import type { ChainCounters, CheckResult, CoreSolver, Query } from './core.js';
import { inputWords, readWord, writeWord, type InputWord } from './input-words.js';

export interface ModelGuessOptions {
  /**
   * Largest query tried, in DAG nodes (default 96; a small program's branch queries have 10-40). Larger
   * ones go to Z3 at once: Coreutils seq's, over its argument's bytes, are mostly unsatisfiable, and
   * with 256 nodes and 5,000 evaluated per query the guesses took 1.46 s of a 30 s seq run (CPU
   * profile) to answer 79 queries, ~0.6 s of Z3's time; with these defaults 0.40 s for 66.
   */
  maxNodes?: number;
  /** Most DAG nodes evaluated on one query (default 2,000: ~0.1 ms). */
  maxWork?: number;
  /** Most candidate values per word (default 40). */
  maxCandidates?: number;
}

/** An input word and the values to try for it. */
interface Word extends InputWord {
  candidates: bigint[];
}

const PASSES = 2;

export class ModelGuess implements CoreSolver {
  private readonly maxNodes: number;
  private readonly maxWork: number;
  private readonly maxCandidates: number;

  constructor(
    private readonly inner: CoreSolver,
    private readonly counters: ChainCounters,
    opts: ModelGuessOptions = {},
  ) {
    this.maxNodes = opts.maxNodes ?? 96;
    this.maxWork = opts.maxWork ?? 2_000;
    this.maxCandidates = opts.maxCandidates ?? 40;
  }

  async check(q: Query): Promise<CheckResult> {
    return this.guess(q) ?? this.inner.check(q);
  }

  private guess(q: Query): CheckResult | null {
    const conjuncts = [q.expr, ...q.constraints].filter((c) => !c.isTrue);
    if (conjuncts.length === 0 || conjuncts.some((c) => c.isConst)) return null;
    const found = inputWords(conjuncts, this.maxNodes);
    if (found === null || found.words.length === 0) return null;
    const words: Word[] = found.words.map((w) => ({ ...w, candidates: candidatesFor(w.indices.length * 8, found.constants, this.maxCandidates) }));

    const buffers = new Map<ArrayDecl, Uint8Array>();
    for (const w of words) if (!buffers.has(w.array)) buffers.set(w.array, new Uint8Array(w.array.size));
    let work = 0;
    /** Conjuncts the assignment in `buffers` satisfies (all of them: -1). */
    const score = (): number => {
      const ev = new Evaluator(buffers);
      let held = 0;
      for (const c of conjuncts) if (ev.isTrue(c)) held++;
      work += ev.size;
      return held === conjuncts.length ? -1 : held;
    };

    let best = score();
    for (let pass = 0; pass < PASSES && best !== -1; pass++) {
      for (const w of words) {
        let keep = readWord(buffers.get(w.array)!, w.indices);
        for (const v of w.candidates) {
          if (work > this.maxWork) return null;
          writeWord(buffers.get(w.array)!, w.indices, v);
          const s = score();
          if (s === -1) return this.answer(buffers);
          if (s > best) {
            best = s;
            keep = v;
          }
        }
        writeWord(buffers.get(w.array)!, w.indices, keep);
      }
    }
    return best === -1 ? this.answer(buffers) : null;
  }

  private answer(buffers: Map<ArrayDecl, Uint8Array>): CheckResult {
    this.counters.guessAnswers++;
    return { status: 'sat', model: buffers };
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** Candidate values of a word of `bits` bits (see the file comment), at most `max`. */
export function candidatesFor(bits: number, constants: readonly Expr[], max: number): bigint[] {
  const modulus = 1n << BigInt(bits);
  const out = new Set<bigint>();
  const add = (v: bigint): void => {
    if (out.size < max) out.add(((v % modulus) + modulus) % modulus);
  };
  for (const c of constants) {
    const values = [c.value];
    if (c.width < bits && c.value >> BigInt(c.width - 1) === 1n) values.push(c.value - (1n << BigInt(c.width)));
    for (const v of values) {
      add(v);
      add(v + 1n);
      add(v - 1n);
    }
  }
  for (const v of [0n, 1n, -1n, (modulus >> 1n) - 1n, modulus >> 1n]) add(v);
  return [...out];
}
