// The `wasm` back end: Z3 compiled to WebAssembly (z3-solver), used through its low-level C API —
// embedded, nothing to install. One reference-counted context and one solver for the whole run;
// each query is push, assert, check, (model), pop. Translation is memoised per Expr id and per
// (array, UpdateNode) pair — an update list can be shared by reads of different arrays — each Z3 term
// kept alive with inc_ref (the memo is dropped, with its references, past a size limit).
//
// The check itself calls the synchronous export `_Z3_solver_check` when the module has it: the
// wrapper's async `solver_check` goes through a worker thread and costs ~3x more per query (measured
// in benchmarks/solver.bench.ts). The timeout is the solver's "timeout" parameter (ms).
//
// Sorts and byte variables as in smtlib.ts: width 1 is Bool, arrays are (_ BitVec 32) ->
// (_ BitVec 8), constant-index reads of unwritten symbolic arrays are 8-bit variables (array-use.ts).

import { createRequire } from 'node:module';
import { ArrayDecl, Expr, Kind, UpdateNode, isFloatKind } from '../expr/expr.js';
import { encodeFloat, type FpAlgebra } from './fp-encode.js';
import { z3ApiFpAlgebra } from './fp-z3api.js';
import { FloatUse } from './float-use.js';
import { postOrder, updateChain } from '../expr/walk.js';
import { PAST_DEADLINE, queryTimeoutMs, requestedIndices, type BackendStats, type CheckResult, type CoreSolver, type Deadline, type Query } from './core.js';
import { isByteVar, queryTheoryArrays } from './array-use.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Ast = any;
type Z3Api = any;

export interface WasmOptions {
  /** Per-query timeout in milliseconds (0 = none). */
  timeoutMs: number;
  /** Drop the translation memo past this many terms. */
  maxTerms?: number;
  /**
   * Which Z3 solver: 'logic' = mk_solver_for_logic(QF_ABV) (default), 'simple' = mk_simple_solver,
   * 'default' = mk_solver, 'tactic' = solver from the native back end's tactic pipeline.
   */
  solver?: 'logic' | 'simple' | 'default' | 'tactic';
  /** Use the synchronous check export when present (default true; false = the async wrapper). */
  sync?: boolean;
  /** When it fires, later queries answer 'unknown' (a synchronous check in progress cannot be stopped). */
  signal?: AbortSignal;
}

let loaded: Promise<{ Z3: Z3Api; em: any }> | null = null;

/**
 * Loads and initialises z3-solver once per process (~0.15 s). It is a CommonJS package, taken with
 * require: the bundled CLI is a script run through node:vm (scripts/code-cache.mjs), where import()
 * of a package would need an experimental loader.
 */
function loadZ3(): Promise<{ Z3: Z3Api; em: any }> {
  loaded ??= Promise.resolve(createRequire(import.meta.url)('z3-solver')).then(async (m: any) => {
    const api = await (m.init ?? m.default.init)();
    return { Z3: api.Z3, em: api.em };
  });
  return loaded;
}

const M32 = 0xffffffffn;
const BYTES_PER_READ = 64;

export class Z3Wasm implements CoreSolver, Deadline {
  readonly stats: BackendStats = { calls: 0, seconds: 0 };
  private readonly ctx: any;
  private readonly solver: any;
  private readonly memo = new Map<number, Ast>();
  /** Store chains per "array:update" (an update list may be shared by different arrays). */
  private readonly updateMemo = new Map<string, Ast>();
  private readonly arrayMemo = new Map<number, Ast>();
  /** Byte variables per "array:index", the indices per array, and each array's link term. */
  private readonly byteVarMemo = new Map<string, Ast>();
  private readonly byteVars = new Map<number, number[]>();
  private readonly links = new Map<number, { ast: Ast; count: number }>();
  private readonly sorts = new Map<number, Ast>();
  private readonly arraySort: Ast;
  private readonly bit1: Ast;
  private readonly bit0: Ast;
  private readonly syncCheck: ((ctx: any, s: any) => number) | null;
  private queue: Promise<unknown> = Promise.resolve();
  /** The floating-point term algebra (fp-encode.ts), made on the first float node. */
  private fp: FpAlgebra<Ast> | null = null;
  /** Queries with floating-point nodes go to `fpSolver` (the tactic pipeline; made on first use). */
  private floatUse = new FloatUse();
  private fpSolver: any = null;
  private closed = false;

  private constructor(
    private readonly Z3: Z3Api,
    em: any,
    private readonly opts: WasmOptions,
  ) {
    const cfg = Z3.mk_config();
    this.ctx = Z3.mk_context_rc(cfg);
    Z3.del_config(cfg);
    this.solver = this.makeSolver(opts.solver ?? 'logic');
    Z3.solver_inc_ref(this.ctx, this.solver);
    if (opts.timeoutMs > 0) this.setSolverTimeout(this.solver, Math.ceil(opts.timeoutMs));
    this.arraySort = this.keep(Z3.mk_array_sort(this.ctx, this.sort(32), this.sort(8)));
    this.bit1 = this.keep(Z3.mk_unsigned_int64(this.ctx, 1n, this.sort(1, true)));
    this.bit0 = this.keep(Z3.mk_unsigned_int64(this.ctx, 0n, this.sort(1, true)));
    this.syncCheck = opts.sync !== false && typeof em?._Z3_solver_check === 'function' ? em._Z3_solver_check : null;
  }

  private makeSolver(kind: NonNullable<WasmOptions['solver']>): any {
    const { Z3, ctx } = this;
    switch (kind) {
      case 'simple':
        return Z3.mk_simple_solver(ctx);
      case 'default':
        return Z3.mk_solver(ctx);
      case 'tactic': {
        const names = ['simplify', 'propagate-values', 'solve-eqs', 'simplify', 'smt'];
        let t = Z3.mk_tactic(ctx, names[0]);
        Z3.tactic_inc_ref(ctx, t);
        for (const n of names.slice(1)) {
          const next = Z3.mk_tactic(ctx, n);
          Z3.tactic_inc_ref(ctx, next);
          const both = Z3.tactic_and_then(ctx, t, next);
          Z3.tactic_inc_ref(ctx, both);
          t = both;
        }
        return Z3.mk_solver_from_tactic(ctx, t);
      }
      default:
        return Z3.mk_solver_for_logic(ctx, Z3.mk_string_symbol(ctx, 'QF_ABV'));
    }
  }

  /**
   * The solver for queries with floating-point nodes: the native back end's tactic pipeline, which
   * decides them (the QF_ABV solver does not know the theory; 'simple' and 'default' took 4-6x
   * longer on a float division query).
   */
  private floatSolver(): any {
    if (this.fpSolver === null) {
      this.fpSolver = this.makeSolver('tactic');
      this.Z3.solver_inc_ref(this.ctx, this.fpSolver);
    }
    return this.fpSolver;
  }

  static async create(opts: WasmOptions): Promise<Z3Wasm> {
    const { Z3, em } = await loadZ3();
    return new Z3Wasm(Z3, em, opts);
  }

  private keep(a: Ast): Ast {
    this.Z3.inc_ref(this.ctx, a);
    return a;
  }

  /** Bool for width 1 (unless `bv`), else (_ BitVec w). */
  private sort(width: number, bv = false): Ast {
    const key = width === 1 && bv ? -1 : width;
    let s = this.sorts.get(key);
    if (s === undefined) {
      s = width === 1 && !bv ? this.Z3.mk_bool_sort(this.ctx) : this.Z3.mk_bv_sort(this.ctx, width);
      this.keep(s);
      this.sorts.set(key, s);
    }
    return s;
  }

  /** Each solver's timeout parameter now (ms; 0 = none). */
  private readonly solverTimeouts = new Map<any, number>();
  /** See Deadline; Infinity = none. */
  private deadline = Infinity;

  setDeadline(deadline: number): void {
    this.deadline = deadline;
  }

  private setSolverTimeout(solver: any, ms: number): void {
    if (ms === (this.solverTimeouts.get(solver) ?? 0)) return;
    this.solverTimeouts.set(solver, ms);
    const { Z3, ctx } = this;
    const p = Z3.mk_params(ctx);
    Z3.params_inc_ref(ctx, p);
    // 4294967295 is Z3's "no timeout".
    Z3.params_set_uint(ctx, p, Z3.mk_string_symbol(ctx, 'timeout'), ms > 0 ? ms : 4294967295);
    Z3.solver_set_params(ctx, solver, p);
    Z3.params_dec_ref(ctx, p);
  }

  check(q: Query): Promise<CheckResult> {
    const run = this.queue.then(() => this.checkNow(q));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async checkNow(q: Query): Promise<CheckResult> {
    if (this.closed) throw new Error('z3-wasm: solver closed');
    if (this.opts.signal?.aborted) return { status: 'unknown', reason: 'interrupted' };
    const t0 = performance.now();
    const { Z3, ctx } = this;
    const all = [...q.constraints, q.expr];
    const solver = all.some((c) => this.floatUse.has(c)) ? this.floatSolver() : this.solver;
    try {
      if (this.memo.size > (this.opts.maxTerms ?? 1_000_000)) this.dropMemo();
      const asserts: Ast[] = [];
      for (const c of all) {
        if (c.kind === Kind.Const) {
          if (c.value === 0n) return { status: 'unsat' };
          continue;
        }
        asserts.push(this.term(c));
      }
      const theory = queryTheoryArrays(q.expr.kind === Kind.Const ? q.constraints : [...q.constraints, q.expr]);
      for (const a of theory) {
        const link = this.link(a);
        if (link !== null) asserts.push(link);
      }
      const timeout = queryTimeoutMs(this.opts.timeoutMs, this.deadline);
      if (timeout === null) return PAST_DEADLINE;
      this.setSolverTimeout(solver, Math.ceil(timeout));
      Z3.solver_push(ctx, solver);
      try {
        for (const a of asserts) Z3.solver_assert(ctx, solver, a);
        const r: number = this.syncCheck ? this.syncCheck(ctx, solver) : await Z3.solver_check(ctx, solver);
        this.checkError();
        if (r === -1) return { status: 'unsat' };
        if (r !== 1) return { status: 'unknown', reason: `z3 (wasm): ${Z3.solver_get_reason_unknown(ctx, solver)}` };
        if (!q.reads || q.reads.size === 0) return { status: 'sat' };
        return { status: 'sat', model: this.readModel(solver, q, theory) };
      } finally {
        Z3.solver_pop(ctx, solver, 1);
      }
    } finally {
      this.stats.calls++;
      this.stats.seconds += (performance.now() - t0) / 1000;
    }
  }

  private checkError(): void {
    const code = this.Z3.get_error_code(this.ctx);
    if (code !== 0) throw new Error(`z3 (wasm) error: ${this.Z3.get_error_msg(this.ctx, code)}`);
  }

  private readModel(solver: any, q: Query, theory: ReadonlySet<ArrayDecl>): Map<ArrayDecl, Uint8Array> {
    const { Z3, ctx } = this;
    const m = Z3.solver_get_model(ctx, solver);
    Z3.model_inc_ref(ctx, m);
    const model = new Map<ArrayDecl, Uint8Array>();
    try {
      for (const [array, r] of q.reads!) {
        if (!array.isSymbolic) continue;
        const all = requestedIndices(array, r).filter((i) => i >= 0 && i < array.size);
        const bytes = new Uint8Array(array.size);
        model.set(array, bytes);
        const viaArray = theory.has(array);
        const base = viaArray ? this.arrayTerm(array, null) : null;
        for (let k = 0; k < all.length; k += BYTES_PER_READ) {
          const indices = all.slice(k, k + BYTES_PER_READ);
          const temps: Ast[] = [];
          const tmp = (a: Ast): Ast => {
            Z3.inc_ref(ctx, a);
            temps.push(a);
            return a;
          };
          let t: Ast = null;
          for (const i of indices) {
            const sel = viaArray ? tmp(Z3.mk_select(ctx, base, tmp(Z3.mk_unsigned_int64(ctx, BigInt(i), this.sort(32))))) : this.byteVar(array, i);
            t = t === null ? sel : tmp(Z3.mk_concat(ctx, t, sel));
          }
          const v = Z3.model_eval(ctx, m, t, true);
          if (v === null) throw new Error('z3 (wasm): model evaluation failed');
          Z3.inc_ref(ctx, v);
          const value = BigInt(Z3.get_numeral_string(ctx, v));
          Z3.dec_ref(ctx, v);
          for (const a of temps) Z3.dec_ref(ctx, a);
          const n = indices.length;
          for (let j = 0; j < n; j++) bytes[indices[j]!] = Number((value >> BigInt(8 * (n - 1 - j))) & 0xffn);
        }
      }
    } finally {
      Z3.model_dec_ref(ctx, m);
    }
    return model;
  }

  private dropMemo(): void {
    for (const a of this.memo.values()) this.Z3.dec_ref(this.ctx, a);
    for (const a of this.updateMemo.values()) this.Z3.dec_ref(this.ctx, a);
    this.memo.clear();
    this.updateMemo.clear();
    this.floatUse = new FloatUse(); // bounded with the memo it sits beside
  }

  // -------------------------------------------------------------------------------------------
  // Translation

  /** The 8-bit variable of byte `index` of a symbolic array. */
  private byteVar(a: ArrayDecl, index: number): Ast {
    const key = `${a.id}:${index}`;
    let v = this.byteVarMemo.get(key);
    if (v === undefined) {
      v = this.keep(this.Z3.mk_const(this.ctx, this.Z3.mk_string_symbol(this.ctx, `b${a.id}_${index}`), this.sort(8)));
      this.byteVarMemo.set(key, v);
      let list = this.byteVars.get(a.id);
      if (!list) this.byteVars.set(a.id, (list = []));
      list.push(index);
    }
    return v;
  }

  /** The conjunction `select(a, i) = b_i` over the byte variables of `a` so far (null: none). */
  private link(a: ArrayDecl): Ast | null {
    const vars = this.byteVars.get(a.id);
    if (!vars || vars.length === 0) return null;
    const { Z3, ctx } = this;
    let link = this.links.get(a.id);
    if (!link || link.count < vars.length) {
      const base = this.arrayTerm(a, null);
      const parts: Ast[] = link ? [link.ast] : [];
      for (const i of vars.slice(link?.count ?? 0)) {
        const sel = this.keep(Z3.mk_select(ctx, base, this.keep(Z3.mk_unsigned_int64(ctx, BigInt(i), this.sort(32)))));
        parts.push(this.keep(Z3.mk_eq(ctx, sel, this.byteVar(a, i))));
      }
      link = { ast: parts.length === 1 ? parts[0] : this.keep(Z3.mk_and(ctx, parts)), count: vars.length };
      this.links.set(a.id, link);
    }
    return link.ast;
  }

  /** The Z3 term of `e` (Bool for width 1), memoised. */
  term(e: Expr): Ast {
    const m = this.memo.get(e.id);
    if (m !== undefined) return m;
    postOrder(
      e,
      (n) => this.memo.has(n.id),
      (n) => this.memo.set(n.id, this.keep(this.translate(n))),
    );
    return this.memo.get(e.id)!;
  }

  private bv(e: Expr): Ast {
    const t = this.memo.get(e.id)!;
    if (e.width !== 1) return t;
    return this.keep(this.Z3.mk_ite(this.ctx, t, this.bit1, this.bit0));
  }

  private index(e: Expr): Ast {
    const { Z3, ctx } = this;
    if (e.kind === Kind.Const) return this.keep(Z3.mk_unsigned_int64(ctx, e.value & M32, this.sort(32)));
    const t = this.term(e);
    if (e.width === 32) return t;
    if (e.width > 32) return this.keep(Z3.mk_extract(ctx, 31, 0, t));
    const b = e.width === 1 ? this.keep(Z3.mk_ite(ctx, t, this.bit1, this.bit0)) : t;
    return this.keep(Z3.mk_zero_ext(ctx, 32 - e.width, b));
  }

  private arrayTerm(array: ArrayDecl, updates: UpdateNode | null): Ast {
    const { Z3, ctx } = this;
    let base = this.arrayMemo.get(array.id);
    if (base === undefined) {
      if (array.isSymbolic) {
        base = this.keep(Z3.mk_const(ctx, Z3.mk_string_symbol(ctx, `a${array.id}`), this.arraySort));
      } else {
        base = this.keep(Z3.mk_const_array(ctx, this.sort(32), this.keep(Z3.mk_unsigned_int64(ctx, 0n, this.sort(8)))));
        const table = array.constantValues!;
        for (let i = 0; i < table.length; i++) {
          if (table[i] === 0) continue;
          const idx = this.keep(Z3.mk_unsigned_int64(ctx, BigInt(i), this.sort(32)));
          const val = this.keep(Z3.mk_unsigned_int64(ctx, BigInt(table[i]!), this.sort(8)));
          base = this.keep(Z3.mk_store(ctx, base, idx, val));
        }
      }
      this.arrayMemo.set(array.id, base);
    }
    if (!updates) return base;
    const key = (u: UpdateNode): string => `${array.id}:${u.id}`;
    for (const u of updateChain(updates, (x) => this.updateMemo.has(key(x)))) {
      const prev = u.next ? this.updateMemo.get(key(u.next))! : base;
      const idx = this.index(u.index);
      const val = this.term(u.value);
      this.updateMemo.set(key(u), this.keep(Z3.mk_store(ctx, prev, idx, val)));
    }
    return this.updateMemo.get(key(updates))!;
  }

  private translate(e: Expr): Ast {
    const { Z3, ctx } = this;
    const w = e.width;
    const k = e.kids;
    const t = (x: Expr): Ast => this.memo.get(x.id)!;
    switch (e.kind) {
      case Kind.Const:
        if (w === 1) return e.value ? Z3.mk_true(ctx) : Z3.mk_false(ctx);
        return w <= 64 ? Z3.mk_unsigned_int64(ctx, e.value, this.sort(w)) : Z3.mk_numeral(ctx, e.value.toString(), this.sort(w));
      case Kind.Read: {
        if (isByteVar(e)) {
          const v = this.byteVar(e.array!, Number(k[0]!.value));
          return v; // kept by term() once more: harmless
        }
        const arr = this.arrayTerm(e.array!, e.updates);
        return Z3.mk_select(ctx, arr, this.index(k[0]!));
      }
      case Kind.Select:
        return Z3.mk_ite(ctx, t(k[0]!), t(k[1]!), t(k[2]!));
      case Kind.Concat:
        return Z3.mk_concat(ctx, this.bv(k[0]!), this.bv(k[1]!));
      case Kind.Extract: {
        const x = this.bv(k[0]!);
        if (w !== 1) return Z3.mk_extract(ctx, e.offset + w - 1, e.offset, x);
        const bit = this.keep(Z3.mk_extract(ctx, e.offset, e.offset, x));
        return Z3.mk_eq(ctx, bit, this.bit1);
      }
      case Kind.ZExt:
        return Z3.mk_zero_ext(ctx, w - k[0]!.width, this.bv(k[0]!));
      case Kind.SExt:
        return Z3.mk_sign_ext(ctx, w - k[0]!.width, this.bv(k[0]!));
      case Kind.Not:
        return w === 1 ? Z3.mk_not(ctx, t(k[0]!)) : Z3.mk_bvnot(ctx, t(k[0]!));
      case Kind.Eq:
        return Z3.mk_eq(ctx, t(k[0]!), t(k[1]!));
      case Kind.Ult:
        return Z3.mk_bvult(ctx, this.bv(k[0]!), this.bv(k[1]!));
      case Kind.Ule:
        return Z3.mk_bvule(ctx, this.bv(k[0]!), this.bv(k[1]!));
      case Kind.Slt:
        return Z3.mk_bvslt(ctx, this.bv(k[0]!), this.bv(k[1]!));
      case Kind.Sle:
        return Z3.mk_bvsle(ctx, this.bv(k[0]!), this.bv(k[1]!));
    }
    if (isFloatKind(e.kind)) {
      this.fp ??= z3ApiFpAlgebra(Z3, ctx, (a) => this.keep(a), (width) => this.sort(width, true));
      return encodeFloat(this.fp, e.kind, w, k.map((x) => this.bv(x)), k.map((x) => x.width));
    }
    if (w === 1) {
      switch (e.kind) {
        case Kind.And:
          return Z3.mk_and(ctx, [t(k[0]!), t(k[1]!)]);
        case Kind.Or:
          return Z3.mk_or(ctx, [t(k[0]!), t(k[1]!)]);
        case Kind.Xor:
          return Z3.mk_xor(ctx, t(k[0]!), t(k[1]!));
      }
      const r = this.keep(this.bvOp(e.kind, this.bv(k[0]!), this.bv(k[1]!)));
      return Z3.mk_eq(ctx, r, this.bit1);
    }
    return this.bvOp(e.kind, t(k[0]!), t(k[1]!));
  }

  private bvOp(kind: Kind, a: Ast, b: Ast): Ast {
    const { Z3, ctx } = this;
    switch (kind) {
      case Kind.Add: return Z3.mk_bvadd(ctx, a, b);
      case Kind.Sub: return Z3.mk_bvsub(ctx, a, b);
      case Kind.Mul: return Z3.mk_bvmul(ctx, a, b);
      case Kind.UDiv: return Z3.mk_bvudiv(ctx, a, b);
      case Kind.SDiv: return Z3.mk_bvsdiv(ctx, a, b);
      case Kind.URem: return Z3.mk_bvurem(ctx, a, b);
      case Kind.SRem: return Z3.mk_bvsrem(ctx, a, b);
      case Kind.And: return Z3.mk_bvand(ctx, a, b);
      case Kind.Or: return Z3.mk_bvor(ctx, a, b);
      case Kind.Xor: return Z3.mk_bvxor(ctx, a, b);
      case Kind.Shl: return Z3.mk_bvshl(ctx, a, b);
      case Kind.LShr: return Z3.mk_bvlshr(ctx, a, b);
      case Kind.AShr: return Z3.mk_bvashr(ctx, a, b);
      default: throw new Error(`z3-wasm: unexpected kind ${kind}`);
    }
  }

  async close(): Promise<void> {
    await this.queue;
    if (this.closed) return;
    this.closed = true;
    this.dropMemo();
    this.Z3.solver_dec_ref(this.ctx, this.solver);
    if (this.fpSolver !== null) this.Z3.solver_dec_ref(this.ctx, this.fpSolver);
    this.Z3.del_context(this.ctx);
  }
}
