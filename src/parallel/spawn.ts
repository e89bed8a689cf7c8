// Starting a worker thread (worker.ts) from wherever this code runs: the esbuild bundle (this module is
// part of dist/bundle-<id>/main.cjs or a chunk beside it, the worker its worker.mjs entry:
// scripts/bundle.mjs), the tsc output (dist/parallel/worker.js) or the sources under tsx (tests, `npx
// tsx src/cli/main.ts`), where the worker first registers tsx's loader in its own thread and then
// imports worker.ts.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Worker threads started and not yet exited (tests check that none outlives its run). */
let alive = 0;
export function liveWorkerThreads(): number {
  return alive;
}

export function startWorker(workerData: unknown): Worker {
  const w = spawn(workerData);
  alive++;
  w.once('exit', () => alive--);
  return w;
}

function spawn(workerData: unknown): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const entry = new URL('./worker.ts', here).href;
    // Resolved here: an eval'd worker resolves bare names from the working directory, not this file.
    // tsx's ES module API (its CommonJS one cannot load its own ES half from there).
    const api = pathToFileURL(join(dirname(createRequire(here).resolve('tsx/package.json')), 'dist', 'esm', 'api', 'index.mjs')).href;
    const boot = `import(${JSON.stringify(api)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
    return new Worker(boot, { eval: true, workerData });
  }
  // The bundle's worker.mjs sits beside main.cjs and the chunks; the tsc output keeps src/'s layout.
  const entry = /\.[mc]js$/.test(here) ? new URL('./worker.mjs', here) : new URL('./worker.js', here);
  return new Worker(entry, { workerData });
}
