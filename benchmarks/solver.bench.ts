// `npm run bench:solver`: the solver layer on synthetic path-condition workloads (until the engine's
// runs can be recorded and replayed), for both Z3 back ends, with and without each cache layer.
//
// Workloads (deterministic):
//  - lexer:  DFS over a C-style tokenizer of three symbolic words (argv-like arrays of 8 bytes):
//            per character `c == 0`, `'0' <= c && c <= '9'` (then `num = num*10 + c-'0'` and
//            `num > 500`), `c == '+'`, `c == '-'`, else a syntax error; a test case
//            (getInitialValues) at every path end. Conditions are built C-style (sext to i32), so
//            the simplifier narrows them; constraints over different words are independent.
//  - mixed:  independent-constraint mixes: 6 arrays, each path constraint on one array (byte ranges,
//            16-bit sums, a mask), queries on a random array (branch, getValue, getRange).
//  - arith:  harder single queries: random linear and non-linear 32-bit arithmetic (mul, udiv, urem,
//            shifts) over symbolic words equal to the value under a random input.
// Reported: queries reaching the chain per second; sub-queries (after independence: a query wanting a
// model of several independent groups becomes one per group) and the share of them reaching Z3 or
// answered by each cache; and the bare back ends' per-call cost on the small queries the lexer sends
// to Z3 (target: native ≥ 3,000/s). Each configuration runs once untimed first (JIT, Z3 start-up).
//
// Options: --quick (smaller budgets), --backend native|wasm (one only).

import { existsSync, readFileSync } from 'node:fs';
import * as B from '../src/expr/build.js';
import { ArrayDecl, Expr } from '../src/expr/expr.js';
import { evaluate } from '../src/expr/evaluate.js';
import { CountedBackend, newCounters, type ChainCounters, type CheckResult, type CoreSolver, type Query } from '../src/solver/core.js';
import { Independence } from '../src/solver/independence.js';
import { QueryCache } from '../src/solver/query-cache.js';
import { CexCache } from '../src/solver/cex-cache.js';
import { ChainSolver } from '../src/solver/frontend.js';
import { Z3Native } from '../src/solver/z3-native.js';
import { Z3Wasm } from '../src/solver/z3-wasm.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyBackend = args.includes('--backend') ? args[args.indexOf('--backend') + 1] : undefined;
const HAVE_Z3 = existsSync('/usr/bin/z3');

type BackendName = 'native' | 'wasm';
type Bare = CoreSolver & { stats: { calls: number; seconds: number } };

type Variant = BackendName | 'native-plain' | 'wasm-async';

async function makeBackend(name: Variant): Promise<Bare> {
  switch (name) {
    case 'native': return Z3Native.create({ timeoutMs: 10_000 });
    case 'native-plain': return Z3Native.create({ timeoutMs: 10_000, tactic: null });
    case 'wasm': return Z3Wasm.create({ timeoutMs: 10_000 });
    case 'wasm-async': return Z3Wasm.create({ timeoutMs: 10_000, sync: false });
  }
}

interface Layers {
  independence: boolean;
  queryCache: boolean;
  cexCache: boolean;
  repair: boolean;
}
const CONFIGS: [string, Layers][] = [
  ['all layers', { independence: true, queryCache: true, cexCache: true, repair: true }],
  ['no model repair', { independence: true, queryCache: true, cexCache: true, repair: false }],
  ['no cex cache', { independence: true, queryCache: true, cexCache: false, repair: false }],
  ['no query cache', { independence: true, queryCache: false, cexCache: true, repair: true }],
  ['no independence', { independence: false, queryCache: true, cexCache: true, repair: true }],
  ['no caches, no independence', { independence: false, queryCache: false, cexCache: false, repair: false }],
];

/** Records the queries reaching the back end (to replay them on the bare back ends). */
class Recorder implements CoreSolver {
  constructor(
    private readonly inner: CoreSolver,
    readonly queries: Query[] = [],
  ) {}
  check(q: Query): Promise<CheckResult> {
    this.queries.push(q);
    return this.inner.check(q);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

function makeChain(backend: Bare, layers: Layers, record?: Query[]): { s: ChainSolver; c: ChainCounters } {
  const c = newCounters();
  const rec = new Recorder({ check: (q) => backend.check(q), close: async () => {} }, record);
  let core: CoreSolver = new CountedBackend(Object.assign(rec, { stats: backend.stats }), c);
  if (layers.cexCache) core = new CexCache(core, c, { patchBases: layers.repair ? 2 : 0 });
  if (layers.queryCache) core = new QueryCache(core, c);
  if (layers.independence) core = new Independence(core, c);
  return { s: new ChainSolver(core, c, 'bench'), c };
}

/** A small deterministic PRNG (xorshift32). */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x100000000;
  };
}

/** CPU seconds of this process (all threads: the wasm solver included) and of a z3 child. */
function cpuSeconds(be: Bare): number {
  const u = process.cpuUsage();
  let child = 0;
  const pid = (be as { pid?: number }).pid;
  if (pid !== undefined) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      child = (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, clock ticks (100/s)
    } catch {
      // not Linux, or the process is gone
    }
  }
  return (u.user + u.system) / 1e6 + child;
}

const c32 = (v: number): Expr => B.constant(32, v);
const byte = (a: ArrayDecl, i: number): Expr => B.read(a, null, B.constant(32, i));

// -------------------------------------------------------------------------------------------------
// Workloads: each drives a Solver and returns how many API calls it made.

async function lexer(s: ChainSolver, budget: number): Promise<number> {
  const words = [0, 1, 2].map((k) => new ArrayDecl(`argv${k + 1}`, 8));
  interface St { cs: Expr[]; w: number; i: number; num: Expr }
  const stack: St[] = [{ cs: [], w: 0, i: 0, num: c32(0) }];
  let calls = 0;
  while (stack.length > 0 && calls < budget) {
    const st = stack.pop()!;
    if (st.w === words.length || st.i === 8) {
      calls++;
      await s.getInitialValues(st.cs, words);
      continue;
    }
    const c = B.sext(byte(words[st.w]!, st.i), 32);
    const digit = B.andB(B.sge(c, c32(48)), B.sle(c, c32(57)));
    const conds: [Expr, (cs: Expr[]) => St | null][] = [
      [B.eq(c, c32(0)), (cs) => ({ cs, w: st.w + 1, i: 0, num: c32(0) })],
      [digit, (cs) => ({ cs, w: st.w, i: st.i + 1, num: B.add(B.mul(st.num, c32(10)), B.sub(c, c32(48))) })],
      [B.eq(c, c32(43)), (cs) => ({ cs, w: st.w, i: st.i + 1, num: c32(0) })],
      [B.eq(c, c32(45)), (cs) => ({ cs, w: st.w, i: st.i + 1, num: c32(0) })],
    ];
    const cur = st.cs;
    for (const [cond, next] of conds) {
      calls++;
      const { canTrue, canFalse } = await s.branch(cur, cond);
      if (canTrue === true) {
        const succ = next([...cur, cond]);
        if (succ) {
          // after a digit: `if (num > 500)` forks on the arithmetic
          if (cond === digit) {
            const big = B.sgt(succ.num, c32(500));
            calls++;
            const b = await s.branch(succ.cs, big);
            if (b.canFalse === true) stack.push({ ...succ, cs: [...succ.cs, B.notB(big)] });
            if (b.canTrue === true) stack.push({ ...succ, cs: [...succ.cs, big], w: succ.w + 1, i: 0, num: c32(0) });
          } else {
            stack.push(succ);
          }
        }
      }
      if (canFalse !== true) break;
      cur.push(B.notB(cond)); // the continuing path extends its own array; forks copy (as the engine)
    }
  }
  return calls;
}

async function mixed(s: ChainSolver, budget: number): Promise<number> {
  const r = rng(7);
  const arrays = Array.from({ length: 6 }, (_, k) => new ArrayDecl(`in${k}`, 8));
  let calls = 0;
  let cs: Expr[] = [];
  while (calls < budget) {
    if (r() < 0.05) cs = cs.slice(); // a fork: the other path continues on a copy
    const a = arrays[Math.floor(r() * arrays.length)]!;
    const i = Math.floor(r() * 8);
    const kind = r();
    let cond: Expr;
    if (kind < 0.5) cond = B.ult(byte(a, i), B.constant(8, 1 + Math.floor(r() * 255)));
    else if (kind < 0.8) cond = B.ult(B.add(B.zext(byte(a, i), 16), B.zext(byte(a, (i + 1) % 8), 16)), B.constant(16, Math.floor(r() * 400)));
    else cond = B.eq(B.and(byte(a, i), B.constant(8, 0x0f)), B.constant(8, Math.floor(r() * 16)));
    calls++;
    const { canTrue, canFalse } = await s.branch(cs, cond);
    if (canTrue === true && (canFalse !== true || r() < 0.5)) cs.push(cond);
    else if (canFalse === true) cs.push(B.notB(cond));
    if (r() < 0.1) {
      calls++;
      await s.getValue(cs, B.readLE(a, null, c32(0), 2));
    }
    if (r() < 0.03) {
      calls++;
      await s.getRange(cs, B.zext(byte(a, i), 32));
    }
    if (cs.length > 40 || r() < 0.02) cs = []; // a new path
  }
  return calls;
}

async function arith(s: ChainSolver, budget: number): Promise<number> {
  const r = rng(99);
  let calls = 0;
  for (let k = 0; k < budget; k++) {
    const A = new ArrayDecl(`w${k}`, 12);
    const x = B.readLE(A, null, c32(0), 4);
    const y = B.readLE(A, null, c32(4), 4);
    const z = B.readLE(A, null, c32(8), 4);
    const pick = Math.floor(r() * 5);
    const k1 = c32(3 + Math.floor(r() * 1000));
    const e =
      pick === 0 ? B.add(B.mul(x, k1), y)
      : pick === 1 ? B.mul(x, y)
      : pick === 2 ? B.udiv(B.add(x, z), B.or(y, c32(1)))
      : pick === 3 ? B.urem(B.xor(x, B.shl(y, c32(3))), B.or(z, c32(1)))
      : B.sub(B.mul(x, x), B.lshr(y, B.and(z, c32(31))));
    const input = new Map([[A, Uint8Array.from({ length: 12 }, () => Math.floor(r() * 256))]]);
    const v = evaluate(e, input);
    calls++;
    await s.mayBeTrue([B.ult(x, c32(1 << 30))], B.eq(e, B.constant(32, v)));
  }
  return calls;
}

const WORKLOADS: [string, (s: ChainSolver, budget: number) => Promise<number>, number][] = [
  ['lexer', lexer, quick ? 800 : 3000],
  ['mixed', mixed, quick ? 800 : 3000],
  ['arith', arith, quick ? 60 : 200],
];

// -------------------------------------------------------------------------------------------------

function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]): string => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(header), `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : '-'.repeat(w - 1) + ':')).join(' | ')} |`, ...rows.map((r) => line(r.map(String)))].join('\n');
}

function variantsFor(backends: BackendName[]): Variant[] {
  return backends.flatMap((b): Variant[] => (b === 'native' ? ['native', 'native-plain'] : ['wasm']));
}

const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(0)}%`);

async function main(): Promise<void> {
  const backends: BackendName[] = (['native', 'wasm'] as BackendName[]).filter((b) => (!onlyBackend || b === onlyBackend) && (b !== 'native' || HAVE_Z3));
  if (!HAVE_Z3) console.log('(native back end skipped: /usr/bin/z3 is not installed)\n');
  const load = existsSync('/proc/loadavg') ? readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') : '?';
  console.log(`sympath solver benchmark — node ${process.version}, ${new Date().toISOString()}${quick ? ', --quick' : ''}`);
  console.log(`load average ${load} (cpu columns: this process + the z3 child; meaningful on a busy machine)\n`);

  // 1. Bare back ends: per-call cost on the small queries the lexer's full chain sends to Z3.
  const small: Query[] = [];
  {
    const be = await makeBackend(backends.includes('native') ? 'native' : 'wasm');
    const { s } = makeChain(be, CONFIGS[2]![1], small); // no cex cache: more (and more varied) Z3 queries
    await lexer(s, quick ? 400 : 1500);
    await be.close();
  }
  const sample = small.slice(0, quick ? 300 : 1000);
  const bareRows: (string | number)[][] = [];
  const variants: Variant[] = backends.flatMap((b): Variant[] => (b === 'native' ? ['native', 'native-plain'] : ['wasm', 'wasm-async']));
  const results = new Map<Variant, { n: number; wall: number[]; cpu: number[] }>();
  const ROUNDS = 3; // interleaved; the median is reported
  for (let round = 0; round < ROUNDS; round++) {
    for (const v of variants) {
      const be = await makeBackend(v);
      const n = v === 'wasm-async' ? Math.min(sample.length, 300) : sample.length;
      for (const q of sample.slice(0, Math.min(300, n))) await be.check(q); // warm-up (JIT, Z3)
      const cpu0 = cpuSeconds(be);
      const t0 = performance.now();
      for (let k = 0; k < n; k++) await be.check(sample[k]!);
      const r = results.get(v) ?? { n, wall: [], cpu: [] };
      r.wall.push((performance.now() - t0) / 1000);
      r.cpu.push(cpuSeconds(be) - cpu0);
      results.set(v, r);
      await be.close();
    }
  }
  const median = (a: number[]): number => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  for (const [v, r] of results) {
    const wall = median(r.wall);
    const cpu = median(r.cpu);
    const avgConjuncts = sample.slice(0, r.n).reduce((a, q) => a + q.constraints.length + 1, 0) / r.n;
    bareRows.push([v, r.n, avgConjuncts.toFixed(1), ((1000 * wall) / r.n).toFixed(3), Math.round(r.n / wall), cpu.toFixed(2), Math.round(r.n / cpu)]);
  }
  console.log('## Bare back ends: small queries (replayed from the lexer workload, with model read-back; median of 3)\n');
  console.log(table(['back end', 'queries', 'avg conjuncts', 'wall ms/query', 'queries/s (wall)', 'cpu s', 'queries/cpu-s'], bareRows));
  console.log('\nnative = z3 4.8 process, check-sat-using a preprocessing tactic pipeline (the default);');
  console.log('native-plain = incremental check-sat;');
  console.log('wasm = z3-solver, synchronous check export; wasm-async = the wrapper\'s async solver_check.\n');

  // 2. Chains: every workload, back end and layer configuration.
  for (const [wname, run, budget] of WORKLOADS) {
    const rows: (string | number)[][] = [];
    const names: Variant[] = wname === 'arith' ? variantsFor(backends) : backends;
    for (const b of names) {
      for (const [cname, layers] of CONFIGS) {
        if (wname === 'arith' && cname !== 'no caches, no independence') continue;
        if (wname !== 'arith' && b !== 'native' && b !== 'wasm') continue;
        const be = await makeBackend(b);
        await run(makeChain(be, layers).s, Math.ceil(budget / 4)); // warm-up (JIT, Z3 process)
        const { s, c } = makeChain(be, layers);
        const cpu0 = cpuSeconds(be);
        const t0 = performance.now();
        const calls = await run(s, budget);
        const sec = (performance.now() - t0) / 1000;
        const cpu = cpuSeconds(be) - cpu0;
        const hits = c.queryCacheHits + c.cexCacheHits;
        const n = layers.independence ? c.subQueries : c.queries;
        rows.push([
          `${b}: ${cname}`, calls, c.queries, n, c.z3Queries, pct(c.z3Queries, n), pct(c.queryCacheHits, n),
          pct(c.cexModelHits, n), pct(c.cexPatchHits, n), pct(c.cexUnsatSubsetHits, n), pct(hits, n),
          sec.toFixed(2), Math.round(c.queries / sec), cpu.toFixed(2), Math.round(c.queries / cpu),
          c.z3Queries ? ((1000 * c.z3Seconds) / c.z3Queries).toFixed(2) : '-',
        ]);
        await be.close();
      }
    }
    console.log(`## Workload: ${wname}\n`);
    console.log(table(['configuration', 'API calls', 'queries', 'sub-queries', 'to Z3', 'Z3 %', 'query cache', 'cex models', 'cex repairs', 'unsat subsets', 'all hits', 'wall s', 'queries/s', 'cpu s', 'queries/cpu-s', 'wall ms per Z3 call'], rows));
    console.log('');
  }
}

await main();
