// Loads the bundled CLI (dist/bundle-<id>/main.cjs, a CommonJS file: scripts/bundle.mjs) with V8's code
// cache, the part of a warm start Node 20 does not do itself (its module compile cache came in Node 22).
//
// A command's first run compiles the CLI as usual and, as it exits (or 3 s in, if it runs longer),
// writes the bytecode of every function it compiled to main.cjs.<command>.v8cache beside the bundle
// (written to a temporary file and renamed, so that concurrent runs never read half a cache). Later runs of that command hand it to V8,
// which skips compiling those functions. The cache is per command because each compiles other parts
// (run: the parser and the engine; replay: the replay library). V8 refuses a cache made by another V8 or
// with other flags (cachedDataRejected): the run then compiles as usual and writes a new one. A cache
// that cannot be written (a read-only installation) is not an error: the run is only slower.

import { isAscii } from 'node:buffer';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

// (SYMPATH_CODE_CACHE_WRITE_MS: another delay, for the tests.)
const WRITE_AFTER_MS = Number(process.env.SYMPATH_CODE_CACHE_WRITE_MS) || 3000;

// Commands run often enough, from scripts, that their start-up counts; all others share one cache.
// (Not every word of the command line: a mistyped command must not leave a file behind.)
const OWN_CACHE = new Set(['run', 'replay', 'ktest', 'stats', 'parse', 'compile']);

/**
 * Runs the CommonJS bundle `file` with the code cache of `command`'s runs: its exports, and whether V8
 * took the cache ('accepted'), refused it ('rejected') or there was none ('none'; both write one at exit;
 * with source maps on, none is read or written).
 */
export function loadWithCodeCache(file, command) {
  // Node maps stack traces through source maps (--enable-source-maps) for modules it loads itself, not
  // for a vm.Script: a run that asks for them loads the bundle as an ordinary CommonJS module.
  if (process.sourceMapsEnabled) return { exports: createRequire(import.meta.url)(file), cache: 'none' };
  // V8 refuses a cache made under other flags: a run started with its own (node --max-old-space-size=…)
  // keeps a cache of its own instead of replacing the usual one at every alternation.
  // (node:crypto only then: loading it is ~4 ms of every start.)
  const flags = process.execArgv.length > 0 ? `.${flagsHash(process.execArgv)}` : '';
  const cacheFile = `${file}.${OWN_CACHE.has(command) ? command : 'other'}${flags}.v8cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // CommonJS's module wrapper, as Node's own loader writes it.
  const source = `(function (exports, require, module, __filename, __dirname) { ${bundleText(file)}\n});`;
  // No import() may run in it: Node 20 resolves one in a vm.Script only through an experimental loader
  // (with a warning on stderr); scripts/bundle.mjs refuses a bundle that would.
  const script = new Script(source, { filename: file, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) {
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      writeCache(script, cacheFile);
    };
    // A short run writes at its exit, with everything it compiled. A long one writes a few seconds in:
    // by its exit V8 has dropped the bytecode of functions unused for a while (the parser, the set-up),
    // and a cache written then held little of what the next start needs (a 180 s run's cache left a
    // trivial run's CPU where it was without one).
    setTimeout(write, WRITE_AFTER_MS).unref();
    process.once('exit', write);
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  return { exports: module.exports, cache: cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted' };
}

/**
 * The bundle's text. esbuild writes it in ASCII (charset 'ascii' in scripts/bundle.mjs), which decoded
 * as Latin-1 is the same string, made ~5x faster than by UTF-8 decoding (~7 ms of a start for 3 MB).
 */
function bundleText(file) {
  const bytes = readFileSync(file);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

function flagsHash(execArgv) {
  const { createHash } = createRequire(import.meta.url)('node:crypto');
  return createHash('sha256').update(execArgv.join('\0')).digest('hex').slice(0, 12);
}

function writeCache(script, cacheFile) {
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, cacheFile);
  } catch {
    // Read-only or full: the next run compiles again.
  }
}
