// clang's own AST of a C file, as the mutation operators need it: every node of the functions defined
// in the file itself, with byte extents in that file. The tree comes from
// `clang-19 -Xclang -ast-dump=json -fsyntax-only`; its locations are resolved here.
//
// clang's JSON dumper writes a location's "file" and "line" only when they differ from the location it
// wrote last (JSONNodeDumper::writeBareSourceLocation), so the file of a location is known only by
// walking the dump in the order it was written: JSON.parse keeps key order, and the walk below visits
// every key in that order, updating the current file at each bare location. A location inside a macro
// expansion is written as {spellingLoc, expansionLoc}; such locations are marked `macro`, and the
// operators never rewrite text whose extent involves one (the text in the file is not the node's).

import { MutationError } from './errors.js';
import { runTool } from '../toolchain/tools.js';

/** A resolved location: a byte offset into `file` and the length of the token there. */
export interface AstLoc {
  offset: number;
  tokLen: number;
  file: string;
  /** The location came from a macro expansion (the offset is the expansion's). */
  macro: boolean;
}

export interface AstNode {
  kind: string;
  /** The dump's object (fields such as opcode, value, name, hasElse). */
  raw: Record<string, unknown>;
  loc?: AstLoc;
  begin?: AstLoc;
  end?: AstLoc;
  children: AstNode[];
}

export interface AstFunction {
  name: string;
  node: AstNode;
}

interface WalkState {
  file: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A bare location ({offset, file?, line?, col, tokLen}); updates the walk's current file. */
function bare(v: unknown, st: WalkState, macro: boolean): AstLoc | undefined {
  if (!isObject(v) || typeof v.offset !== 'number') return undefined;
  if (typeof v.file === 'string') st.file = v.file;
  return { offset: v.offset, tokLen: typeof v.tokLen === 'number' ? v.tokLen : 0, file: st.file, macro };
}

/** Any location: bare, or a macro location whose parts are visited in the order written. */
function location(v: unknown, st: WalkState): AstLoc | undefined {
  if (!isObject(v)) return undefined;
  if ('spellingLoc' in v || 'expansionLoc' in v) {
    let expansion: AstLoc | undefined;
    for (const [k, part] of Object.entries(v)) {
      const l = bare(part, st, true);
      if (k === 'expansionLoc') expansion = l;
    }
    return expansion;
  }
  return bare(v, st, false);
}

/** Visits a value the dumper wrote (for the state it carries) without building nodes. */
function skim(v: unknown, st: WalkState): void {
  if (Array.isArray(v)) {
    for (const x of v) skim(x, st);
    return;
  }
  if (!isObject(v)) return;
  if ('spellingLoc' in v || 'expansionLoc' in v || typeof v.offset === 'number') {
    location(v, st);
    return;
  }
  for (const x of Object.values(v)) skim(x, st);
}

function node(v: Record<string, unknown>, st: WalkState): AstNode {
  const n: AstNode = { kind: typeof v.kind === 'string' ? v.kind : '', raw: v, children: [] };
  for (const [k, x] of Object.entries(v)) {
    if (k === 'loc') {
      const l = location(x, st);
      if (l) n.loc = l;
    } else if (k === 'range' && isObject(x)) {
      for (const [rk, rv] of Object.entries(x)) {
        const l = location(rv, st);
        if (rk === 'begin' && l) n.begin = l;
        if (rk === 'end' && l) n.end = l;
      }
    } else if (k === 'inner' && Array.isArray(x)) {
      for (const c of x) {
        // Absent children (a for-loop without an init, say) are written as {} and kept as empty nodes,
        // so children keep their positions.
        n.children.push(isObject(c) ? node(c, st) : { kind: '', raw: {}, children: [] });
      }
    } else skim(x, st);
  }
  return n;
}

/** Parses a dump (the JSON text) into the functions with bodies defined in `file` (as clang names it). */
export function functionsOfDump(json: string, file: string): AstFunction[] {
  let root: unknown;
  try {
    root = JSON.parse(json);
  } catch (e) {
    throw new MutationError(`sympath mutate: ${file}: clang's AST dump is not JSON (${(e as Error).message})`);
  }
  if (!isObject(root)) throw new MutationError(`sympath mutate: ${file}: clang's AST dump has no translation unit`);
  const tu = node(root, { file: '' });
  const out: AstFunction[] = [];
  for (const d of tu.children) {
    if (d.kind !== 'FunctionDecl' || d.loc?.file !== file || d.loc.macro) continue;
    if (!d.children.some((c) => c.kind === 'CompoundStmt')) continue;
    out.push({ name: String(d.raw.name ?? ''), node: d });
  }
  return out;
}

/** Runs clang-19's JSON AST dump of `file` (an absolute path) with the given -I/-D flags. */
export async function dumpAst(file: string, includes: readonly string[], defines: readonly string[], runtimeInclude: string): Promise<string> {
  const args = ['-Xclang', '-ast-dump=json', '-fsyntax-only'];
  for (const i of includes) args.push('-I', i);
  args.push('-I', runtimeInclude);
  for (const d of defines) args.push('-D', d);
  args.push(file);
  try {
    return (await runTool('clang', args, `parsing ${file}`)).stdout;
  } catch (e) {
    throw new MutationError(`${(e as Error).message}\nsympath mutate: ${file} does not compile`);
  }
}

/** Byte offset one past the node's last token, if both ends are plain locations in `file`. */
export function extent(n: AstNode, file: string): { begin: number; end: number } | undefined {
  const b = n.begin;
  const e = n.end;
  if (!b || !e || b.macro || e.macro || b.file !== file || e.file !== file) return undefined;
  const end = e.offset + e.tokLen;
  return end > b.offset ? { begin: b.offset, end } : undefined;
}

/** The extent of a node allowing macro locations at its ends (their expansion sites), for finding the
 *  text between two operands: the caller checks the text found there. */
export function looseExtent(n: AstNode, file: string): { begin: number; end: number } | undefined {
  const b = n.begin;
  const e = n.end;
  if (!b || !e || b.file !== file || e.file !== file) return undefined;
  return { begin: b.offset, end: e.offset + e.tokLen };
}
