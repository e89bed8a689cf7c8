// The metadata the front end keeps: numbered nodes, with the fields of the debug-info nodes that lead
// from an instruction's `!dbg` to a source file and line (DILocation → scope chain of DILexicalBlock,
// DILexicalBlockFile, DISubprogram → DIFile). Every other node kind is kept by kind only, so unknown
// or future metadata never stops a parse.

import { posix } from 'node:path';
import type { SourceLoc } from './model.js';

/** A metadata node; numeric fields are -1 when absent, references are MdRefs. */
export interface MdNode {
  /** `DILocation`, `DIFile`, … ; `!{}` for tuples, `!""` for strings. */
  readonly kind: string;
  line: number;
  col: number;
  scope: MdRef;
  file: MdRef;
  filename: string;
  directory: string;
}

/**
 * A reference to a node: N ≥ 0 for `!N`, NULL_REF for `null` or a node we do not track, and
 * negative values below that for nodes written inline (`!dbg !DILocation(...)`).
 */
export type MdRef = number;
export const NULL_REF = -1;

export function newMdNode(kind: string): MdNode {
  return { kind, line: -1, col: -1, scope: NULL_REF, file: NULL_REF, filename: '', directory: '' };
}

export class MetadataTable {
  private readonly nodes: (MdNode | undefined)[] = [];
  private readonly inline: MdNode[] = [];
  private readonly locCache = new Map<MdRef, SourceLoc | null>();
  private readonly fileCache = new Map<MdRef, string | null>();

  has(id: number): boolean {
    return this.nodes[id] !== undefined;
  }

  define(id: number, node: MdNode): void {
    this.nodes[id] = node;
  }

  addInline(node: MdNode): MdRef {
    this.inline.push(node);
    return -1 - this.inline.length;
  }

  get(ref: MdRef): MdNode | undefined {
    if (ref >= 0) return this.nodes[ref];
    if (ref < NULL_REF) return this.inline[-2 - ref];
    return undefined;
  }

  /** Whether `ref` names a node that exists (null and inline refs always do). */
  resolves(ref: MdRef): boolean {
    return ref < 0 || this.nodes[ref] !== undefined;
  }

  /** The source location of a DILocation (its own line, also when inlined), or undefined. */
  location(ref: MdRef): SourceLoc | undefined {
    let loc = this.locCache.get(ref);
    if (loc === undefined) {
      const n = this.get(ref);
      loc = null;
      if (n && n.kind === 'DILocation') {
        const file = this.fileOfScope(n.scope);
        if (file !== undefined) loc = { file, line: Math.max(n.line, 0), col: Math.max(n.col, 0) };
      }
      this.locCache.set(ref, loc);
    }
    return loc ?? undefined;
  }

  /** The files of the module's compile units (DICompileUnit `file:`), in definition order, each once. */
  compileUnitFiles(): string[] {
    const out: string[] = [];
    for (const n of this.nodes) {
      if (n?.kind !== 'DICompileUnit') continue;
      const file = this.get(n.file);
      if (file?.kind !== 'DIFile') continue;
      const path = filePath(file);
      if (!out.includes(path)) out.push(path);
    }
    return out;
  }

  /** The file of a scope: its own `file:` field, else its parent scope's. */
  fileOfScope(ref: MdRef): string | undefined {
    let f = this.fileCache.get(ref);
    if (f === undefined) {
      f = null;
      let cur = ref;
      for (let steps = 0; steps < 64; steps++) {
        const n = this.get(cur);
        if (!n) break;
        if (n.kind === 'DIFile') {
          f = filePath(n);
          break;
        }
        const file = this.get(n.file);
        if (file && file.kind === 'DIFile') {
          f = filePath(file);
          break;
        }
        cur = n.scope;
      }
      this.fileCache.set(ref, f);
    }
    return f ?? undefined;
  }
}

/**
 * DIFile's path: `directory/filename` when the filename is relative, with `.` and `..` folded away
 * (`#include "../x.c"` would otherwise name one file by two paths, and a location would not match
 * the path a user or gcov gives for it).
 */
export function filePath(file: MdNode): string {
  const name = file.filename;
  if (name.startsWith('/') || file.directory === '') return normalizeLexically(name);
  return normalizeLexically(`${file.directory}/${name}`);
}

function normalizeLexically(path: string): string {
  if (!/(^|\/)\.\.?(\/|$)/.test(path) && !path.includes('//')) return path;
  return posix.normalize(path);
}
