// npx tsx benchmarks/memory/profile.ts UTIL SECONDS [AT_LIVE]: runs a Coreutils utility
// (benchmarks/coreutils/build/ir/UTIL.bc) with KLEE's OSDI'08 arguments for SECONDS through the library
// API and every PROFILE_EVERY seconds (default 10) prints one JSON line of what the process's RSS consists
// of — V8's heap (used and reserved, by space), external memory and array buffers, the rest (code, Node,
// malloc) — beside the live state count. With AT_LIVE, the first time the run has that many live states it
// also counts what they hold (census below) after a full collection, so the live heap per state comes
// from the executor's own set of live states (no WeakRefs keeping ended states alive, unlike census.ts);
// SNAP=FILE writes a heap snapshot then.
import { getHeapSpaceStatistics, setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { run } from '../../src/api/run.js';
import { Executor } from '../../src/engine/executor.js';
import type { ExecutionState } from '../../src/engine/state.js';
import { ObjectState } from '../../src/memory/object-state.js';

const [util = 'echo', secs = '60', atLiveArg] = process.argv.slice(2);
const atLive = atLiveArg ? Number(atLiveArg) : Infinity;
const every = Number(process.env.PROFILE_EVERY ?? 10) * 1000;
const MB = 2 ** 20;

let ex: Executor | undefined;
const origRun = Executor.prototype.run;
Executor.prototype.run = function (this: Executor) {
  ex = this;
  return origRun.call(this);
};
const liveOf = (e: Executor) => (e as unknown as { live: Set<ExecutionState> }).live;

function memory(): Record<string, number> {
  const m = process.memoryUsage();
  const spaces: Record<string, number> = {};
  for (const s of getHeapSpaceStatistics()) {
    const k = s.space_name.replace(/_space$/, '');
    spaces[`${k}Used`] = Math.round(s.space_used_size / MB);
    spaces[`${k}Size`] = Math.round(s.space_size / MB);
  }
  return {
    rss: Math.round(m.rss / MB), heapTotal: Math.round(m.heapTotal / MB), heapUsed: Math.round(m.heapUsed / MB),
    external: Math.round(m.external / MB), arrayBuffers: Math.round(m.arrayBuffers / MB),
    outside: Math.round((m.rss - m.heapTotal - m.external) / MB), ...spaces,
  };
}

const t0 = performance.now();
function sample(tag: string): void {
  if (!ex) return;
  console.log(JSON.stringify({ tag, t: Math.round((performance.now() - t0) / 1000), live: ex.liveStateCount, instructions: ex.instructions, ...memory() }));
}

function fullGc(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** What the live states hold, counted once per distinct object (forks share much). */
function census(states: ExecutionState[]): void {
  const osSeen = new Set<ObjectState>();
  let osBytes = 0, symSlots = 0, stackOs = 0, heapOs = 0;
  const osBySize: Record<string, number> = {};
  const mos = new Set<unknown>();
  const bigByName = new Map<string, number>();
  const regArrays = new Set<unknown[]>();
  let frames = 0, regSlots = 0, allocaArrays = 0, allocaSlots = 0;
  const consArrays = new Set<unknown>();
  let consRefs = 0, forkHist = 0;
  const nodes = new Set<object>();
  const addOs = (os: ObjectState, stack: boolean) => {
    if (osSeen.has(os)) return;
    osSeen.add(os);
    if (stack) stackOs++;
    else heapOs++;
    osBytes += os.obj.size;
    const b = os.obj.size <= 8 ? '<=8' : os.obj.size <= 16 ? '9-16' : os.obj.size <= 64 ? '17-64' : os.obj.size <= 1024 ? '65-1K' : '>1K';
    osBySize[b] = (osBySize[b] ?? 0) + 1;
    if (os.obj.size > 64) bigByName.set(`${os.obj.name} (${os.obj.size} B)`, (bigByName.get(`${os.obj.name} (${os.obj.size} B)`) ?? 0) + 1);
    const sym = os.sym as unknown as { count?: number } | null;
    symSlots += sym?.count ?? 0;
  };
  const walk = (node: { kids: unknown[] }) => {
    if (nodes.has(node)) return;
    nodes.add(node);
    for (const k of node.kids) {
      if (k instanceof ObjectState) addOs(k, false);
      else if (k && typeof k === 'object' && 'kids' in (k as object)) walk(k as { kids: unknown[] });
    }
  };
  const regsByFn = new Map<string, { arrays: number; slots: number }>();
  const stackByName = new Map<string, number>();
  for (const s of states) {
    walk((s.space as unknown as { map: { root: { kids: unknown[] } } }).map.root);
    const c = (s as unknown as { _constraints: unknown[] })._constraints;
    if (!consArrays.has(c)) consRefs += c.length;
    consArrays.add(c);
    forkHist += s.forkHistory.length;
    for (const f of s.stack) {
      frames++;
      if (!regArrays.has(f.regs)) {
        regSlots += f.regs.length;
        const e = regsByFn.get(f.fn.fn.name) ?? { arrays: 0, slots: 0, constSlots: [...(f.fn.slotOf ?? new Map()).keys()].filter((v) => v.vk !== 'inst' && v.vk !== 'arg').length };
        e.arrays++;
        e.slots += f.regs.length;
        regsByFn.set(f.fn.fn.name, e);
      }
      regArrays.add(f.regs);
      if (f.allocaStates) {
        allocaArrays++;
        allocaSlots += f.allocaStates.length;
        for (const os of f.allocaStates) {
          mos.add(os.obj);
          if (!osSeen.has(os)) stackByName.set(`${f.fn.fn.name}:${os.obj.name}`, (stackByName.get(`${f.fn.fn.name}:${os.obj.name}`) ?? 0) + 1);
          addOs(os, true);
        }
      }
    }
  }
  fullGc();
  const n = states.length;
  console.log(JSON.stringify({
    tag: 'census', live: n, heapAfterGcMB: Math.round(process.memoryUsage().heapUsed / MB),
    heapPerStateKB: +(process.memoryUsage().heapUsed / n / 1024).toFixed(1),
    frames, framesPerState: +(frames / n).toFixed(1), regArrays: regArrays.size, regSlots, regSlotsPerState: +(regSlots / n).toFixed(0),
    allocaArrays, allocaSlots, objectStates: osSeen.size, stackOs, heapOs, osPerState: +(osSeen.size / n).toFixed(1),
    osBytesMB: +(osBytes / MB).toFixed(1), osBySize, stackMemoryObjects: mos.size, symSlots, trieNodes: nodes.size, constraintArrays: consArrays.size, consRefs, forkHistSlots: forkHist,
  }));
  const top = <V>(m: Map<string, V>, key: (v: V) => number) => [...m].sort((a, b) => key(b[1]) - key(a[1])).slice(0, 12);
  console.log(JSON.stringify({ tag: 'regs-by-function', top: top(regsByFn, (v) => v.slots) }));
  console.log(JSON.stringify({ tag: 'stack-objects-by-name', top: top(stackByName, (v) => v) }));
  console.log(JSON.stringify({ tag: 'objects-over-64-bytes-by-name', top: top(bigByName, (v) => v) }));
  sample('after-gc');
}

let censused = false;
const timer = setInterval(() => {
  sample('tick');
}, every);
const watch = setInterval(() => {
  if (censused || !ex || ex.liveStateCount < atLive) return;
  censused = true;
  sample('before-census');
  census([...liveOf(ex)].filter((s) => !s.terminated));
  if (process.env.SNAP) console.log(writeHeapSnapshot(process.env.SNAP));
  if (process.env.STOP_AFTER_CENSUS) ac.abort();
}, 50);
const ac = new AbortController();
const r = await run({
  files: `benchmarks/coreutils/build/ir/${util}.bc`, outputDir: `/tmp/memrun/profile-${util}-${Date.now()}`, posixRuntime: true, onlyOutputStatesCoveringNew: true,
  maxTime: Number(secs), signal: ac.signal,
  args: ['--sym-args', '0', '1', '10', '--sym-args', '0', '2', '2', '--sym-files', '1', '8', '--sym-stdin', '8', '--sym-stdout'],
});
clearInterval(timer);
clearInterval(watch);
sample('end');
console.log(JSON.stringify({ tag: 'result', paths: r.stats.paths, instructions: r.stats.instructions, peak: r.stats.states, lines: r.stats.coverage.linesCovered, maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024) }));
