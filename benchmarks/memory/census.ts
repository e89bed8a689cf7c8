// npx tsx benchmarks/memory/census.ts UTIL SECONDS|FORKSf: runs a Coreutils utility (benchmarks/coreutils/build/ir/UTIL.bc)
// with KLEE's OSDI'08 arguments through the library API and, SECONDS into the run, counts what the live
// states hold — ObjectStates (distinct, by object kind and name), their bytes and overlay arrays,
// frames and register slots, the trie nodes of the address spaces, constraints — a deterministic picture
// of where per-state memory goes (RSS says how much, not where).
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { run } from '../../src/api/run.js';
import { ExecutionState } from '../../src/engine/state.js';
import { ObjectState } from '../../src/memory/object-state.js';

const [util = 'echo', secs = '20'] = process.argv.slice(2);
// Weak references: the census must not keep ended states (and what they hold) alive.
let forks = 0;
const states = new Set<WeakRef<ExecutionState>>();
const branch = ExecutionState.prototype.branch;
ExecutionState.prototype.branch = function (this: ExecutionState, id: number) {
  if (states.size === 0) states.add(new WeakRef(this));
  const s = branch.call(this, id);
  states.add(new WeakRef(s));
  if (++forks === atFork) setImmediate(finish);
  return s;
};

/** The live heap (after a full collection), in MB: what the live states and the engine hold. */
function heapAfterGcMB(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return Math.round(process.memoryUsage().heapUsed / 2 ** 20);
}

function census(): void {
  const live: ExecutionState[] = [];
  for (const w of states) {
    const s = w.deref();
    if (s === undefined || s.terminated) states.delete(w);
    else live.push(s);
  }
  const seen = new Set<ObjectState>();
  const byName = new Map<string, { n: number; bytes: number; sym: number; known: number }>();
  let frames = 0, regs = 0, constraints = 0;
  const regArrays = new Set<unknown[]>();
  const nodes = new Set<object>();
  const add = (os: ObjectState) => {
    if (seen.has(os)) return;
    seen.add(os);
    const key = `${['stack', 'heap', 'global'][os.obj.kind]} ${os.obj.name} (${os.obj.size} B)`;
    const e = byName.get(key) ?? { n: 0, bytes: 0, sym: 0, known: 0 };
    e.n++;
    e.bytes += os.obj.size;
    const sym = os.sym as unknown as { length?: number; count?: number } | null;
    e.sym += sym ? (sym.length ?? sym.count ?? 0) : 0; // overlay: slots of the array as long as the object (main) or symbolic bytes held (chunked)
    const k = (os as unknown as { known: Uint8Array | null }).known;
    e.known += k ? k.length * 2 : 0;
    byName.set(key, e);
  };
  const walk = (node: { kids: unknown[] } | undefined, depth: number) => {
    if (!node || nodes.has(node)) return;
    nodes.add(node);
    for (const k of node.kids) {
      if (k instanceof ObjectState) add(k);
      else if (k && typeof k === 'object' && 'kids' in (k as object)) walk(k as { kids: unknown[] }, depth + 1);
    }
  };
  for (const s of live) {
    walk((s.space as unknown as { map: { root: { kids: unknown[] } } }).map.root, 0);
    constraints += s.constraints.length;
    for (const f of s.stack) {
      frames++;
      if (!regArrays.has(f.regs)) regs += f.regs.length;
      regArrays.add(f.regs);
      for (const os of f.allocaStates ?? []) add(os);
    }
  }
  const rows = [...byName].sort((a, b) => (b[1].bytes + 8 * b[1].sym) - (a[1].bytes + 8 * a[1].sym));
  const tot = rows.reduce((t, [, e]) => ({ n: t.n + e.n, bytes: t.bytes + e.bytes, sym: t.sym + e.sym, known: t.known + e.known }), { n: 0, bytes: 0, sym: 0, known: 0 });
  console.log(JSON.stringify({ live: live.length, objectStates: tot.n, perState: +(tot.n / live.length).toFixed(1), bytesMB: +(tot.bytes / 2 ** 20).toFixed(1), symSlotsM: +(tot.sym / 1e6).toFixed(2), knownMB: +(tot.known / 2 ** 20).toFixed(1), trieNodes: nodes.size, frames, regs, constraints, heapMB: heapAfterGcMB(), rssMB: Math.round(process.memoryUsage.rss() / 2 ** 20) }));
  for (const [k, e] of rows.slice(0, 25)) console.log(String(e.n).padStart(8), String(e.bytes).padStart(10), String(e.sym).padStart(10), k);
}

const ac = new AbortController();
function finish(): void {
  if (ac.signal.aborted) return;
  census();
  if (process.env.SNAP) console.log(writeHeapSnapshot(process.env.SNAP));
  ac.abort();
}
// SECONDS ending in 'f' (e.g. 20000f): the census after that many forks — the same point of the same
// exploration in two versions of the engine (the searchers are seeded), unlike a time.
const atFork = secs.endsWith('f') ? Number(secs.slice(0, -1)) : -1;
if (atFork < 0) setTimeout(finish, Number(secs) * 1000);
const r = await run({
  files: `benchmarks/coreutils/build/ir/${util}.bc`, outputDir: `/tmp/memrun/census-${util}-${Date.now()}`, posixRuntime: true, onlyOutputStatesCoveringNew: true,
  args: ['--sym-args', '0', '1', '10', '--sym-args', '0', '2', '2', '--sym-files', '1', '8', '--sym-stdin', '8', '--sym-stdout'], signal: ac.signal,
});
console.log(JSON.stringify({ paths: r.stats.paths, instructions: r.stats.instructions, peak: r.stats.states }));
