#!/usr/bin/env node
// Entry point of `npx sympath`: runs the compiled CLI (dist/, made by `npm run build`, which `make setup`
// runs). When dist/ is missing (a fresh clone before set-up) it says how to build instead of failing
// with a module-not-found trace.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const main = join(root, 'dist', 'cli', 'main.js');
if (!existsSync(main)) {
  process.stderr.write(`sympath: ${main} is missing; run 'make setup' (or 'npm run build') first\n`);
  process.exit(2);
}
const { runCli } = await import(main);
await runCli(process.argv);
