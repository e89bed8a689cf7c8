// `sympath analyze FILE(.c|.ll|.bc) [--function F] [--what cfg|cdg|ddg|pdg|slice] [--criterion FILE:LINE]
// [--dot|--json]`: the static analyses of src/analysis for users and for debugging. A .c file is
// compiled first (clang-19 -O0 with optnone disabled, like `sympath compile`). Dependences are printed
// per function with source lines attached: as text (default), as Graphviz DOT (nodes are source lines,
// or instructions with --instructions), or as JSON (instruction-level edges plus the line-level view).

import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Option, type Command } from 'commander';
import { UserError } from './user-error.js';
import { IrFileError, ParseError, loadModule } from '../ir/index.js';
import type { Func, Instruction, Module } from '../ir/model.js';
import { analyzeModule, type EdgeKind, type ModuleAnalysis, type PdgEdge } from '../analysis/index.js';
import { cfgOf, terminatorOf } from '../analysis/cfg.js';
import { compileToLL, inputKind, type OptLevel } from '../toolchain/clang.js';
import { collect } from './option-values.js';

export type What = 'cfg' | 'cdg' | 'ddg' | 'pdg' | 'slice';

/** `sympath analyze --json`: { file, what, functions (cfg, cdg, ddg, pdg) } or { file, what: 'slice', criterion, instructions, lines }. */
export interface AnalyzeJson {
  file: string;
  what: What;
  [field: string]: unknown;
}

export interface AnalyzeFlags {
  function?: string;
  what: What;
  criterion: string[];
  dot?: boolean;
  json?: boolean;
  instructions?: boolean;
  potential?: boolean;
  O: string;
  I: string[];
  D: string[];
}

const KINDS: Record<Exclude<What, 'cfg' | 'slice'>, readonly EdgeKind[]> = {
  cdg: ['control'],
  ddg: ['ssa', 'mem', 'out', 'param', 'mem-in', 'ret'],
  pdg: ['control', 'gate', 'potential', 'ssa', 'mem', 'out', 'param', 'mem-in', 'ret'],
};

async function load(file: string, flags: AnalyzeFlags): Promise<Module> {
  const kind = inputKind(file);
  try {
    if (kind !== 'c') return loadModule(file);
    // A missing clang-19 is a UserError from the toolchain naming the tool and how to install it.
    const ll = await compileToLL([file], { optLevel: Number(flags.O) as OptLevel, includes: flags.I, defines: flags.D });
    try {
      return loadModule(ll);
    } finally {
      await rm(dirname(ll), { recursive: true, force: true });
    }
  } catch (e) {
    if (e instanceof ParseError || e instanceof IrFileError) throw new UserError(e.message);
    throw e;
  }
}

/** Source text of a line, when the file can be read (for labels). */
class SourceText {
  private readonly files = new Map<string, string[] | undefined>();
  line(file: string, line: number): string | undefined {
    if (!this.files.has(file)) {
      let lines: string[] | undefined;
      try {
        lines = readFileSync(file, 'utf8').split('\n');
      } catch {
        lines = undefined;
      }
      this.files.set(file, lines);
    }
    return this.files.get(file)?.[line - 1]?.trim();
  }
}

function dirLabel(branch: Instruction, d: number): string {
  if (branch.op === 'br') return d === 0 ? 'T' : 'F';
  if (branch.op === 'switch') return d === 0 ? 'default' : `case ${d - 1}`;
  return `#${d}`;
}

function instLabel(a: ModuleAnalysis, inst: Instruction): string {
  const l = a.line(inst.id);
  return `${inst.id}: ${inst.name ? `%${inst.name} = ` : ''}${inst.op}${l ? ` (line ${l.line})` : ''}`;
}

interface EdgeOut {
  from: number;
  to: number;
  kind: EdgeKind;
  direction?: string;
  loc?: string;
}

function edgeOut(a: ModuleAnalysis, e: PdgEdge): EdgeOut {
  const out: EdgeOut = { from: e.from.id, to: e.to.id, kind: e.kind };
  if (e.direction !== undefined) out.direction = dirLabel(e.from, e.direction);
  if (e.loc !== undefined) out.loc = a.locationName(e.loc);
  return out;
}

function functionsOf(a: ModuleAnalysis, name?: string): Func[] {
  if (name !== undefined) {
    try {
      return [a.functionNamed(name)];
    } catch {
      throw new UserError(`sympath analyze: no function '${name}' with a body in ${a.module.file}`);
    }
  }
  return [...a.index.defined];
}

const lineKey = (a: ModuleAnalysis, inst: Instruction): number | undefined => a.line(inst.id)?.line;

function report(a: ModuleAnalysis, fns: Func[], flags: AnalyzeFlags, src: SourceText): string | AnalyzeJson {
  const what = flags.what;
  const kinds = new Set<EdgeKind>(what === 'cfg' || what === 'slice' ? [] : KINDS[what]);
  if (what === 'pdg' && !flags.potential) kinds.delete('potential');
  if (what === 'cfg') return reportCfg(a, fns, flags);
  const perFn = fns.map((fn) => {
    const edges = a.pdg.edgesOf(fn, kinds);
    const lines = new Map<string, { from: number; to: number; kind: EdgeKind; direction?: string }>();
    for (const e of edges) {
      const lf = lineKey(a, e.from);
      const lt = lineKey(a, e.to);
      if (lf === undefined || lt === undefined || (lf === lt && e.from.parent.fn === fn)) continue;
      const d = e.direction === undefined ? undefined : dirLabel(e.from, e.direction);
      const key = `${lf}>${lt}/${e.kind}/${d ?? ''}`;
      if (!lines.has(key)) lines.set(key, d === undefined ? { from: lf, to: lt, kind: e.kind } : { from: lf, to: lt, kind: e.kind, direction: d });
    }
    return { fn, edges, lineEdges: [...lines.values()] };
  });
  if (flags.json) {
    const doc: AnalyzeJson = {
      file: a.module.file,
      what,
      functions: perFn.map(({ fn, edges, lineEdges }) => ({
        name: fn.name,
        file: fn.sourceFile ?? null,
        line: fn.sourceLine ?? null,
        instructions: fn.blocks.flatMap((b) =>
          b.instructions.map((i) => ({ id: i.id, op: i.op, block: b.name, line: a.line(i.id)?.line ?? null })),
        ),
        edges: edges.map((e) => edgeOut(a, e)),
        lineEdges,
      })),
    };
    return doc;
  }
  if (flags.dot) {
    const out = ['digraph sympath {', '  node [shape=box, fontname="monospace"];'];
    perFn.forEach(({ fn, edges, lineEdges }, fi) => {
      out.push(`  subgraph cluster_${fi} {`, `    label=${JSON.stringify(`@${fn.name} — ${what}`)};`);
      if (flags.instructions) {
        for (const b of fn.blocks) for (const i of b.instructions) out.push(`    i${i.id} [label=${JSON.stringify(instLabel(a, i))}];`);
        for (const e of edges) {
          const attrs = [`label=${JSON.stringify(e.kind + (e.direction !== undefined ? ` ${dirLabel(e.from, e.direction)}` : ''))}`];
          if (e.kind === 'control' || e.kind === 'gate' || e.kind === 'potential') attrs.push('style=dashed');
          out.push(`    i${e.from.id} -> i${e.to.id} [${attrs.join(', ')}];`);
        }
      } else {
        const nodes = new Set<number>();
        for (const e of lineEdges) nodes.add(e.from).add(e.to);
        const file = fn.sourceFile ?? a.module.sourceFileName ?? '';
        for (const l of [...nodes].sort((x, y) => x - y)) {
          const text = src.line(file, l);
          out.push(`    f${fi}_l${l} [label=${JSON.stringify(`${l}: ${text ?? ''}`)}];`);
        }
        for (const e of lineEdges) {
          const attrs = [`label=${JSON.stringify(e.kind + (e.direction ? ` ${e.direction}` : ''))}`];
          if (e.kind === 'control' || e.kind === 'gate' || e.kind === 'potential') attrs.push('style=dashed');
          out.push(`    f${fi}_l${e.from} -> f${fi}_l${e.to} [${attrs.join(', ')}];`);
        }
      }
      out.push('  }');
    });
    out.push('}');
    return out.join('\n');
  }
  const out: string[] = [];
  for (const { fn, lineEdges } of perFn) {
    out.push(`@${fn.name} (${what}: ${lineEdges.length} line dependences)`);
    const file = fn.sourceFile ?? '';
    for (const e of lineEdges.sort((x, y) => x.to - y.to || x.from - y.from)) {
      const text = src.line(file, e.to);
      out.push(`  ${String(e.to).padStart(5)} <- ${String(e.from).padEnd(5)} ${e.kind}${e.direction ? ` ${e.direction}` : ''}${text ? `    ${text}` : ''}`);
    }
  }
  return out.join('\n');
}

function reportCfg(a: ModuleAnalysis, fns: Func[], flags: AnalyzeFlags): string | AnalyzeJson {
  const blockLines = (insts: readonly Instruction[]): number[] => [...new Set(insts.map((i) => a.line(i.id)?.line).filter((l): l is number => l !== undefined))];
  const data = fns.map((fn) => {
    const cfg = cfgOf(fn);
    return {
      fn,
      blocks: fn.blocks.map((b) => ({
        name: b.name,
        first: b.instructions[0]!.id,
        last: terminatorOf(b).id,
        lines: blockLines(b.instructions),
        succs: cfg.targets(b).map((t, d) => ({ to: t.name, direction: cfg.targets(b).length > 1 ? dirLabel(terminatorOf(b), d) : undefined })),
        exit: cfg.exits.includes(b),
      })),
    };
  });
  if (flags.json) return { file: a.module.file, what: 'cfg', functions: data.map((d) => ({ name: d.fn.name, entry: d.fn.blocks[0]!.name, blocks: d.blocks })) };
  if (flags.dot) {
    const out = ['digraph sympath {', '  node [shape=box, fontname="monospace"];'];
    data.forEach(({ fn, blocks }, fi) => {
      out.push(`  subgraph cluster_${fi} {`, `    label=${JSON.stringify(`@${fn.name} — cfg`)};`);
      for (const b of blocks) out.push(`    f${fi}_${JSON.stringify(b.name).slice(1, -1).replace(/\W/g, '_')} [label=${JSON.stringify(`%${b.name}\\nlines ${b.lines.join(',') || '-'}`)}${b.exit ? ', peripheries=2' : ''}];`);
      for (const b of blocks) {
        for (const s of b.succs) {
          const id = (n: string): string => `f${fi}_${n.replace(/\W/g, '_')}`;
          out.push(`    ${id(b.name)} -> ${id(s.to)}${s.direction ? ` [label=${JSON.stringify(s.direction)}]` : ''};`);
        }
      }
      out.push('  }');
    });
    out.push('}');
    return out.join('\n');
  }
  const out: string[] = [];
  for (const { fn, blocks } of data) {
    out.push(`@${fn.name} (cfg: ${blocks.length} blocks)`);
    for (const b of blocks) {
      const succ = b.succs.map((s) => (s.direction ? `${s.direction}:%${s.to}` : `%${s.to}`)).join(' ');
      out.push(`  %${b.name} [${b.first}..${b.last}] lines ${b.lines.join(',') || '-'} -> ${succ || (b.exit ? 'exit' : '')}`);
    }
  }
  return out.join('\n');
}

function reportSlice(a: ModuleAnalysis, flags: AnalyzeFlags, src: SourceText): string | AnalyzeJson {
  if (flags.criterion.length === 0) throw new UserError('sympath analyze: --what slice needs --criterion FILE:LINE');
  let criteria: Instruction[];
  try {
    criteria = a.resolveLines(flags.criterion, flags.function !== undefined ? a.functionNamed(flags.function) : undefined);
  } catch (e) {
    throw new UserError(`sympath analyze: ${(e as Error).message.replace(/^analysis: /, '')}`);
  }
  const kinds: EdgeKind[] = ['ssa', 'mem', 'out', 'param', 'mem-in', 'ret', 'control', 'gate', 'entry'];
  if (flags.potential) kinds.push('potential');
  const ids = a.slice(criteria.map((c) => c.id), { kinds });
  const insts = ids.map((id) => a.inst(id));
  const lines = new Map<string, { file: string; line: number }>();
  for (const i of insts) {
    const l = a.line(i.id);
    if (l) lines.set(`${l.file}:${l.line}`, l);
  }
  const sorted = [...lines.values()].sort((x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : x.line - y.line));
  if (flags.json) {
    return {
      file: a.module.file,
      what: 'slice',
      criterion: flags.criterion,
      instructions: insts.map((i) => ({ id: i.id, op: i.op, function: i.parent.fn.name, line: a.line(i.id)?.line ?? null })),
      lines: sorted,
    };
  }
  if (flags.dot) {
    const inSlice = new Set(insts);
    const out = ['digraph slice {', '  node [shape=box, fontname="monospace"];'];
    const seen = new Set<string>();
    for (const l of sorted) out.push(`  l${l.line} [label=${JSON.stringify(`${l.line}: ${src.line(l.file, l.line) ?? ''}`)}];`);
    for (const i of insts) {
      for (const e of a.pdg.deps(i, new Set(kinds))) {
        if (!inSlice.has(e.from)) continue;
        const lf = a.line(e.from.id)?.line;
        const lt = a.line(i.id)?.line;
        if (lf === undefined || lt === undefined || lf === lt) continue;
        const key = `${lf}>${lt}/${e.kind}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(`  l${lf} -> l${lt} [label=${JSON.stringify(e.kind)}];`);
      }
    }
    out.push('}');
    return out.join('\n');
  }
  return [`slice of ${flags.criterion.join(', ')}: ${sorted.length} lines, ${insts.length} instructions`, ...sorted.map((l) => `  ${l.file}:${l.line}  ${src.line(l.file, l.line) ?? ''}`)].join('\n');
}

/** The report of `sympath analyze FILE` with `flags`: text or DOT, or with `json` the JSON document. */
export async function analyzeReport(file: string, flags: AnalyzeFlags): Promise<string | AnalyzeJson> {
  const a = analyzeModule(await load(file, flags));
  const src = new SourceText();
  return flags.what === 'slice' ? reportSlice(a, flags, src) : report(a, functionsOf(a, flags.function), flags, src);
}

export function register(program: Command): void {
  program
    .command('analyze')
    .description('print static dependences (CFG, control, data, program dependence graph, slices) with source lines')
    .argument('<file>', 'a C file (.c, compiled with clang-19) or an IR file (.ll/.bc)')
    .option('--function <name>', 'only this function')
    .addOption(new Option('--what <relation>', 'what to print').choices(['cfg', 'cdg', 'ddg', 'pdg', 'slice']).default('pdg'))
    .option('--criterion <file:line>', 'slicing criterion (repeatable)', collect, [])
    .option('--potential', 'include potential dependences (pdg, slice: a static relevant slice)')
    .option('--instructions', 'DOT at instruction level instead of source lines')
    .option('--dot', 'print Graphviz DOT')
    .option('--json', 'print JSON')
    .addOption(new Option('-O <level>', 'optimisation level for .c input').choices(['0', '1', '2']).default('0'))
    .option('-I <dir>', 'include directory for .c input (repeatable)', collect, [])
    .option('-D <macro>', 'macro for .c input (repeatable)', collect, [])
    .action(async (file: string, flags: AnalyzeFlags) => {
      if (flags.dot && flags.json) throw new UserError('sympath analyze: choose one of --dot and --json');
      const out = await analyzeReport(file, flags);
      process.stdout.write(`${typeof out === 'string' ? out : JSON.stringify(out, null, 2)}\n`);
    });
}
