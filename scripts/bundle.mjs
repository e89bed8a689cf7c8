// Bundles the CLI (src/cli/main.ts and everything it imports, npm dependencies included) with esbuild:
// no run resolves and opens ~260 modules one by one any more (ESM resolution and file opening were about
// half of a trivial run's start-up; issue 20).
//
// The CLI is one CommonJS file, main.cjs, because Node 20 can cache V8's compiled code only for a
// script (vm.Script's cachedData), not for an ES module: bin/sympath.mjs loads it through
// scripts/code-cache.mjs, which keeps the bytecode of what a command compiled, and a warm start skips
// compiling the CLI (a fifth of a trivial run's CPU). The worker thread of `run --workers N` stays an ES
// module with its chunks (worker.mjs): a Worker loads it by URL.
//
// Each build goes to a folder of its own, dist/bundle-<id>/, and dist/bundle.json (replaced atomically)
// names the current one with the files it was made from and when the build started. A process that
// started from an older build keeps loading its lazy chunks from that build's folder even when another
// process rebuilds meanwhile; folders other than the current one are removed an hour after they were
// made. The folders sit two levels below the repository root, as dist/cli/main.js does, so the code's
// `import.meta.url`-relative paths (packageRoot) hold.
//
// bin/sympath.mjs calls staleness() at every start (about 260 stats) and bundle() when a source is newer
// than the build, so a stale bundle is never run.
//
// Usage: node scripts/bundle.mjs   (`npm run build` runs it after tsc; `npm run bundle` alone)

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = join(root, 'dist');
const pointer = join(dist, 'bundle.json');
const KEEP_OLD_MS = 3600_000;
/** Packages main.cjs leaves in node_modules (each imported only by modules loaded on demand). */
const RARELY_LOADED = ['bullmq', 'ioredis', 'ajv'];

/** Builds a new bundle and makes it the current one; returns its entry file. */
export async function bundle() {
  const esbuild = await import('esbuild');
  const started = Date.now();
  const id = `${started.toString(36)}-${process.pid}`;
  const outdir = join(dist, `bundle-${id}`);
  const common = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node20',
    outdir,
    // z3-solver finds its .wasm beside its own files and is loaded only by --solver wasm.
    external: ['z3-solver'],
    // ASCII only (non-ASCII characters escaped; esbuild's default, relied on by scripts/code-cache.mjs,
    // which then reads the file as Latin-1).
    charset: 'ascii',
    // Less text for V8 to scan at every start (names kept: stack traces stay readable).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  };
  const [cli, worker] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: { main: join(root, 'src', 'cli', 'main.ts') },
      format: 'cjs',
      // The distributed queue's client (bullmq with ioredis, luxon, msgpackr: 1.5 MB) and the experiment
      // specification's schema library are required from node_modules by the commands that use them
      // (queue workers and coordinators, experiments): bundled, they were 60% of the text every start
      // reads. Each costs those commands ~0.1 s once, compiled without a code cache. (yaml stays in: a
      // Test-Comp task file is read per run.)
      external: [...common.external, ...RARELY_LOADED],
      outExtension: { '.js': '.cjs' },
      // The sources are ES modules: their import.meta.url (packageRoot, the worker's file) is this file's.
      define: { 'import.meta.url': '__sympathBundleUrl' },
      banner: { js: "const __sympathBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    }),
    esbuild.build({
      ...common,
      // The worker thread of `run --workers N` (src/parallel/spawn.ts finds it beside main.cjs).
      entryPoints: { worker: join(root, 'src', 'parallel', 'worker.ts') },
      splitting: true,
      format: 'esm',
      outExtension: { '.js': '.mjs' },
      chunkNames: 'chunk-[hash]',
      // CommonJS dependencies (commander) call require(); an ES module has none of its own.
      banner: { js: "import { createRequire as __sympathCreateRequire } from 'node:module'; const require = __sympathCreateRequire(import.meta.url);" },
    }),
  ]);
  // main.cjs runs as a node:vm script, where Node 20 has no import() (scripts/code-cache.mjs): a package
  // left outside the bundle must be taken with require().
  for (const [name, output] of Object.entries(cli.metafile.outputs)) {
    const dynamic = output.imports.filter((i) => i.kind === 'dynamic-import' && i.external).map((i) => i.path);
    if (dynamic.length > 0) throw new Error(`${name}: import() of ${dynamic.join(', ')} would fail in the bundled CLI; use createRequire(import.meta.url)`);
  }
  // npm dependencies are judged by npm's own record of node_modules (rewritten by every npm ci or
  // install) rather than file by file: every start stats these files, and 180 fewer stats is ~5 ms.
  const built = new Set([...Object.keys(cli.metafile.inputs), ...Object.keys(worker.metafile.inputs)]);
  const inputs = [...built].filter((f) => !f.startsWith('<') && !f.startsWith('node_modules/'));
  inputs.push('package-lock.json', relative(root, fileURLToPath(import.meta.url)));
  if (existsSync(join(root, 'node_modules', '.package-lock.json'))) inputs.push('node_modules/.package-lock.json');
  const tmp = `${pointer}.${id}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ id, started, inputs })}\n`);
  renameSync(tmp, pointer);
  removeOldBuilds(id);
  return join(outdir, 'main.cjs');
}

function removeOldBuilds(current) {
  const now = Date.now();
  for (const name of readdirSync(dist)) {
    if (!name.startsWith('bundle-') || name === `bundle-${current}`) continue;
    try {
      if (now - statSync(join(dist, name)).mtimeMs > KEEP_OLD_MS) rmSync(join(dist, name), { recursive: true, force: true });
    } catch {
      // removed by another process
    }
  }
}

/**
 * The current bundle's entry file and, when it cannot be used as it is (missing, or an input changed
 * since it was built), why.
 */
export function staleness() {
  let record;
  try {
    record = JSON.parse(readFileSync(pointer, 'utf8'));
  } catch {
    return { entry: null, why: 'dist/bundle.json is missing' };
  }
  const entry = join(dist, `bundle-${record.id}`, 'main.cjs');
  if (!existsSync(entry)) return { entry: null, why: `${relative(root, entry)} is missing` };
  // An installed package ships the bundle without src/ (nor esbuild): nothing to compare against.
  if (!existsSync(join(root, 'src'))) return { entry, why: null };
  // Every start stats these ~330 files: plain concatenation (the inputs are relative paths with '/'),
  // and no exception for a missing one, keep that at ~2 ms.
  const prefix = `${root}/`;
  for (const input of record.inputs) {
    const stats = statSync(prefix + input, { throwIfNoEntry: false });
    if (stats === undefined) return { entry, why: `${input} is gone` };
    // Changed at or after the build's start: an edit made while esbuild read the files counts.
    if (stats.mtimeMs >= record.started) return { entry, why: `${input} changed` };
  }
  return { entry, why: null };
}

/** The current bundle's entry file, rebuilt first when it is stale. */
export async function ensureBundle() {
  const { entry, why } = staleness();
  return why === null ? entry : bundle();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  mkdirSync(dist, { recursive: true });
  await bundle();
}
