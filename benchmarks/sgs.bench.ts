// Selection cost of subpath-guided search (`npm run bench:sgs`): is it independent of the number of
// pending states? (issue 7: "bucket states by count", never scan them.)
//
// Part 1, the searcher alone, on a synthetic fork-heavy program: every state sits before a fork site of
// a random "CFG" of SITES sites (next site = a fixed function of site and direction, so windows repeat
// as in real code, loops included). The run first grows to L live states, then holds there: each cycle
// is one select() and the update that follows it — the selected state forks (one new state; both take
// one decision) or ends, with equal probability, so the population stays near L. Reported: cycles per
// second (a cycle = one counted selection plus its update), for L = 10^3, 10^4, 10^5 and every N, both
// tie modes, next to random-state (O(1)) and nurs:depth (O(log n)) under the same driver.
//
// Part 2, through the engine: a C program that forks on each of 16 symbolic bytes (2^16 paths, then
// a short tail), run under subpath:N and random-state for a fixed instruction budget; reported: live
// states at the end, counted selections and selections/s of engine time, and the searcher's share of
// the run (select + update time measured by a wrapper).
//
// Options: --quick (L up to 10^4, fewer cycles, part 2 smaller), --no-engine, --cycles K (default 200k).
//
// Measured (2026-11-26, the 2-core VM with a load average of ~9 from other jobs, Node 20; numbers move by
// tens of percent between runs): at 10^5 live states, subpath:1/2/4/8 do 130-260 k selections/s
// (select + its update), subpath:inf 61 k/s, random-state 368 k/s and nurs:depth 158 k/s under the same
// driver; from 10^3 to 10^5 states subpath:N slows 1.3-3x, as random-state (O(1)) does (3.6x): memory,
// not a scan. What grows is the number of *windows* in the lowest-count bucket (O(log windows) per
// operation): subpath:8 and inf have one window per state here. Through the engine (part 2): 7-11 k
// selections/s for every searcher, the engine being the bottleneck; subpath:N takes 4.6-7.9% of the
// run time (random-state 1.6%).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProgram } from '../src/engine/executor.js';
import { DEFAULT_ENGINE_OPTIONS } from '../src/engine/options.js';
import { parseModule } from '../src/ir/index.js';
import type { SearcherContext } from '../src/search/context.js';
import { createSearcher } from '../src/search/index.js';
import { detachedLeaf } from '../src/search/ptree.js';
import { Rng } from '../src/search/rng.js';
import type { Searcher, SearchState } from '../src/search/searcher.js';
import { createSolver } from '../src/solver/index.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const withEngine = !argv.includes('--no-engine');
const CYCLES = argv.includes('--cycles') ? Number(argv[argv.indexOf('--cycles') + 1]) : quick ? 50_000 : 200_000;
const SITES = 500;

// ---------------------------------------------------------------------------------------------------
// Part 1: the searcher alone

interface BenchState extends SearchState {
  depth: number;
  forkHistory: number[];
  site: number;
}

let nextId = 0;
function newState(site: number): BenchState {
  const s: BenchState = {
    id: nextId++,
    depth: 0,
    ptreeNode: detachedLeaf(),
    instsSinceCovNew: 0,
    pcInstructionId: 0,
    callPathKey: '-1',
    forkHistory: [],
    site,
  };
  s.ptreeNode.state = s;
  return s;
}

/** The synthetic CFG: where a path goes after taking `dir` at `site`. */
function nextSite(site: number, dir: number): number {
  return (Math.imul(site * 2 + dir + 1, 0x9e3779b1) >>> 7) % SITES;
}

function decide(s: BenchState, dir: number): void {
  s.depth++;
  s.forkHistory.push(s.site * 2 + dir);
  if (s.forkHistory.length > 64) s.forkHistory.shift();
  s.site = nextSite(s.site, dir);
}

function context(seed: number): SearcherContext {
  return {
    rng: new Rng(seed),
    isCovered: () => true,
    executionCount: () => 1,
    callPathInstructionCount: () => 1,
    minDistanceToUncovered: () => Infinity,
  };
}

/** One cycle: select, then fork or end the selected state. */
function cycle(searcher: Searcher, live: { n: number }, rng: Rng, grow: boolean): void {
  const s = searcher.select() as BenchState;
  if (grow || rng.nextBool()) {
    const child = newState(s.site);
    child.depth = s.depth;
    child.forkHistory = s.forkHistory.slice();
    decide(s, 0);
    decide(child, 1);
    searcher.update(s, [child], []);
    live.n++;
  } else {
    searcher.update(s, [], [s]);
    live.n--;
    if (live.n === 0) {
      searcher.update(null, [newState(0)], []);
      live.n++;
    }
  }
}

function measure(name: string, population: number, ties: 'random' | 'latest'): { perSecond: number; live: number } {
  nextId = 0;
  const searcher = createSearcher([name], context(1), { batchInstructions: 0, subpathTies: ties });
  const live = { n: 1 };
  const rng = new Rng(7);
  searcher.update(null, [newState(0)], []);
  while (live.n < population) cycle(searcher, live, rng, true);
  for (let i = 0; i < Math.min(CYCLES, 20_000); i++) cycle(searcher, live, rng, false); // warm-up
  const t0 = performance.now();
  for (let i = 0; i < CYCLES; i++) cycle(searcher, live, rng, false);
  const seconds = (performance.now() - t0) / 1000;
  return { perSecond: CYCLES / seconds, live: live.n };
}

function fmt(x: number): string {
  return x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : `${Math.round(x / 1e3)} k`;
}

function part1(): void {
  const pops = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000];
  const rows: [string, 'random' | 'latest'][] = [
    ['subpath:0', 'random'],
    ['subpath:1', 'random'],
    ['subpath:2', 'random'],
    ['subpath:4', 'random'],
    ['subpath:8', 'random'],
    ['subpath:inf', 'random'],
    ['subpath:2', 'latest'],
    ['subpath:8', 'latest'],
    ['random-state', 'random'],
    ['nurs:depth', 'random'],
  ];
  console.log(`Part 1: select() + update() cycles per second, ${CYCLES} cycles at each population (synthetic CFG of ${SITES} fork sites)\n`);
  console.log(`| searcher | ties | ${pops.map((p) => `${p.toLocaleString('en')} states`).join(' | ')} |`);
  console.log(`|---|---|${pops.map(() => '---:').join('|')}|`);
  for (const [name, ties] of rows) {
    const cells = pops.map((p) => {
      const { perSecond } = measure(name, p, ties);
      return `${fmt(perSecond)}/s`;
    });
    console.log(`| ${name} | ${name.startsWith('subpath') ? ties : '-'} | ${cells.join(' | ')} |`);
  }
  console.log('');
}

// ---------------------------------------------------------------------------------------------------
// Part 2: through the engine

const FORKY = `#include "klee/klee.h"
int main(void) {
  unsigned char in[16];
  klee_make_symbolic(in, sizeof in, "in");
  int h = 0;
  for (int i = 0; i < 16; i++) {
    if (in[i] > 'm') h = h * 3 + 1;
    else h = h * 5 + 2;
  }
  return h & 7;
}
`;

/** Times select() and update() of `inner`; counts the selections that changed state. */
class Timed implements Searcher {
  seconds = 0;
  picks = 0;
  private last: SearchState | null = null;
  constructor(private readonly inner: Searcher) {}
  get name(): string {
    return this.inner.name;
  }
  select(): SearchState {
    const t = performance.now();
    const s = this.inner.select();
    this.seconds += (performance.now() - t) / 1000;
    if (s !== this.last) this.picks++;
    this.last = s;
    return s;
  }
  update(c: SearchState | null, a: readonly SearchState[], r: readonly SearchState[]): void {
    const t = performance.now();
    this.inner.update(c, a, r);
    this.seconds += (performance.now() - t) / 1000;
  }
  empty(): boolean {
    return this.inner.empty();
  }
}

async function part2(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'sympath-sgs-bench-'));
  try {
    const c = join(work, 'forky.c');
    const ll = join(work, 'forky.ll');
    writeFileSync(c, FORKY);
    execFileSync('clang-19', ['-S', '-emit-llvm', '-g', '-O0', '-Xclang', '-disable-O0-optnone', '-I', join(ROOT, 'runtime', 'include'), c, '-o', ll]);
    const text = readFileSync(ll, 'utf8');
    const solver = await createSolver({ backend: 'native', timeoutSeconds: 10 });
    const budget = quick ? 200_000 : 1_500_000;
    console.log(`Part 2: the engine on a program forking on 16 symbolic bytes, ${budget.toLocaleString('en')} instructions each\n`);
    console.log('| searcher | live states at the end | paths | selections | engine s | selections/s | searcher share |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const name of ['subpath:1', 'subpath:2', 'subpath:8', 'subpath:inf', 'random-state', 'bfs']) {
      let timed: Timed | null = null;
      let live = 0;
      const r = await runProgram(
        parseModule(text, ll),
        { ...DEFAULT_ENGINE_OPTIONS, search: [name], maxInstructions: budget, seed: 1 },
        {
          solver,
          sink: { add: () => null },
          createSearcher: (ctx) => (timed = new Timed(createSearcher([name], ctx, { batchInstructions: 0 }))),
          message: (m) => {
            const k = /with (\d+) live states/.exec(m);
            if (k) live = Number(k[1]);
          },
        },
      );
      const t = timed as unknown as Timed;
      const paths = r.paths.completed + r.paths.errors;
      console.log(
        `| ${name} | ${live.toLocaleString('en')} | ${paths.toLocaleString('en')} | ${t.picks.toLocaleString('en')} | ${r.wallSeconds.toFixed(1)} | ` +
          `${fmt(t.picks / r.wallSeconds)}/s | ${((100 * t.seconds) / r.wallSeconds).toFixed(1)}% |`,
      );
    }
    await solver.close();
    console.log('');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

part1();
if (withEngine) await part2();
