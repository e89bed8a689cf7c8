// llvm-link through the toolchain cache (cache.ts): the linked module is a function of llvm-link, its
// flags and the inputs' contents (not their paths), so a run of a program linked before, with the same
// crt1, environment layer and libc.bc, reads the module instead of running llvm-link.

import { readFileSync, writeFileSync } from 'node:fs';
import { cacheDir, cacheGet, cacheKey, cachePut, fileHash } from './cache.js';
import { runTool, toolIdentity } from './tools.js';

/** `llvm-link-19 [flags] inputs -o out`, or its cached output; `kind` names the step in the key. */
export async function cachedLink(kind: string, inputs: readonly string[], flags: readonly string[], out: string, what: string): Promise<void> {
  const hashes = cacheDir() === null ? null : inputs.map((f) => fileHash(f));
  const key = hashes === null || hashes.includes(null) ? null : cacheKey(kind, [toolIdentity('llvm-link'), ...flags, ...(hashes as string[])]);
  const hit = key === null ? null : cacheGet(key);
  if (hit) {
    writeFileSync(out, hit.data);
    return;
  }
  await runTool('llvm-link', [...flags, ...inputs, '-o', out], what);
  if (key !== null) cachePut(key, readFileSync(out));
}
