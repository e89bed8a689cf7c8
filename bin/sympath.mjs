#!/usr/bin/env node
// Entry point of `npx sympath`: runs the bundled CLI (dist/bundle-<id>/main.cjs, named by
// dist/bundle.json; made by scripts/bundle.mjs, which `npm run build` and `make setup` run). One bundle
// loads in a fraction of the time the tsc output's ~260 separate modules take to resolve and open, and
// V8's code cache of earlier runs of the same command spares compiling it (scripts/code-cache.mjs;
// issue 20).
//
// Never a stale bundle: when a file it was built from changed since (an edit under src/, a new
// package-lock.json), or there is none, it is rebuilt first (about a second, with esbuild, a development
// dependency); SYMPATH_NO_REBUILD=1 turns the rebuild into an error instead.
import { bundle, staleness } from '../scripts/bundle.mjs';
import { loadWithCodeCache } from '../scripts/code-cache.mjs';

let { entry, why } = staleness();
if (why !== null) {
  if (process.env.SYMPATH_NO_REBUILD) {
    process.stderr.write(`sympath: the bundled CLI is out of date (${why}); run 'npm run build'\n`);
    process.exit(2);
  }
  try {
    entry = await bundle();
  } catch (e) {
    process.stderr.write(`sympath: the bundled CLI is out of date (${why}) and rebuilding it failed: ${e?.message ?? e}\n` +
      `sympath: run 'make setup' (or 'npm ci && npm run build') first\n`);
    process.exit(2);
  }
}
const { runCli } = loadWithCodeCache(entry, process.argv[2]).exports;
await runCli(process.argv);
