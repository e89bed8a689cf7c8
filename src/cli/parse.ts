// `sympath parse FILE.ll|FILE.bc [--json]`: parses and lowers a module and prints a summary —
// functions defined and declared, globals, blocks, instructions, and instructions per opcode. Bad IR
// exits 1 with the located error (`FILE:LINE:COL: message`, the line, a caret) and no stack trace.

import type { Command } from 'commander';
import { UserError } from './user-error.js';
import { IrFileError, ParseError, loadModule } from '../ir/index.js';
import type { Module } from '../ir/model.js';

export interface ParseSummary {
  file: string;
  sourceFileName: string | null;
  triple: string;
  functions: { defined: number; declared: number };
  globals: number;
  aliases: number;
  blocks: number;
  instructions: number;
  opcodes: Record<string, number>;
}

export function summarize(m: Module): ParseSummary {
  let defined = 0;
  let blocks = 0;
  let instructions = 0;
  const counts = new Map<string, number>();
  for (const f of m.functions) {
    if (f.isDeclaration) continue;
    defined++;
    blocks += f.blocks.length;
    for (const b of f.blocks) {
      instructions += b.instructions.length;
      for (const i of b.instructions) counts.set(i.op, (counts.get(i.op) ?? 0) + 1);
    }
  }
  const opcodes: Record<string, number> = {};
  for (const [op, n] of [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) opcodes[op] = n;
  return {
    file: m.file,
    sourceFileName: m.sourceFileName ?? null,
    triple: m.triple,
    functions: { defined, declared: m.functions.length - defined },
    globals: m.globals.length,
    aliases: m.aliases.length,
    blocks,
    instructions,
    opcodes,
  };
}

export function formatSummary(s: ParseSummary): string {
  const lines = [
    `${s.file}${s.sourceFileName ? ` (from ${s.sourceFileName})` : ''}${s.triple ? `, ${s.triple}` : ''}`,
    `functions:    ${s.functions.defined} defined, ${s.functions.declared} declared`,
    `globals:      ${s.globals}${s.aliases ? ` (+ ${s.aliases} aliases)` : ''}`,
    `blocks:       ${s.blocks}`,
    `instructions: ${s.instructions}`,
  ];
  const width = Math.max(0, ...Object.keys(s.opcodes).map((k) => k.length));
  for (const [op, n] of Object.entries(s.opcodes)) lines.push(`  ${op.padEnd(width)}  ${n}`);
  return lines.join('\n');
}

export function register(program: Command): void {
  program
    .command('parse')
    .description('parse an LLVM IR file (.ll, or .bc through llvm-dis-19) and print a summary')
    .argument('<file>', 'the .ll or .bc file')
    .option('--json', 'print the summary as JSON')
    .action((file: string, opts: { json?: boolean }) => {
      let m: Module;
      try {
        m = loadModule(file);
      } catch (e) {
        if (e instanceof ParseError || e instanceof IrFileError) throw new UserError(e.message);
        throw e;
      }
      const s = summarize(m);
      process.stdout.write(opts.json ? `${JSON.stringify(s, null, 2)}\n` : `${formatSummary(s)}\n`);
    });
}
