import { Command } from 'commander';
import { register } from '/work/main/src/cli/analyze.ts';
const p = new Command('sympath'); register(p);
await p.parseAsync(['node', 'sympath', ...process.argv.slice(2)]);
