// The state shared by the parser's files: the lexer, the module being built, the symbol tables and the
// work left for the end of the module (names used before their definition). The parse-*.ts files are
// free functions over this context, one file per part of the grammar.

import { Lexer, Tok } from './lexer.js';
import type { ParseError } from './errors.js';
import type {
  BasicBlock,
  BlockAddress,
  Func,
  GlobalValue,
  Instruction,
  Module,
  TextPos,
  Value,
} from './model.js';
import { typeToString, type StructType, type Type } from './types.js';
import { newAlias, newBlock, newFunc, newGlobal } from './build.js';
import { prescanGlobals, type GlobalKind } from './prescan.js';
import { MetadataTable } from './metadata.js';

/** An offset in the .ll text (see ParseContext.here). */
export type Offset = number & { readonly __offset?: never };

/** A use of a local value before its definition; replaced by the definition at the end of the function. */
export interface Placeholder {
  readonly vk: 'fwd';
  readonly type: Type;
  readonly name: string;
  readonly pos: TextPos;
}

/** Per-function parsing state: local names, forward references, the block being filled. */
export class FunctionState {
  readonly values = new Map<string, Value>();
  readonly blocks = new Map<string, BasicBlock>();
  /** Blocks referenced by a label operand but not yet defined, with the first use. */
  readonly blockRefs = new Map<BasicBlock, TextPos>();
  /** Local values used before their definition. */
  readonly fwd = new Map<string, Placeholder>();
  /** Placeholders whose definition has been seen, with that definition. */
  readonly resolved = new Map<Placeholder, Value>();
  /** The next number for an unnamed value or block. */
  nextId = 0;
  block: BasicBlock | undefined;

  constructor(readonly fn: Func) {}
}

/** A `#N` attribute group reference: its attributes are appended to `holder[key]` at the end. */
export interface GroupUse {
  readonly holder: Record<string, unknown>;
  readonly key: string;
  readonly id: number;
  readonly pos: TextPos;
}

interface PendingBlockAddress {
  readonly ba: BlockAddress;
  readonly blockName: string;
  readonly pos: TextPos;
}

export class ParseContext {
  readonly lx: Lexer;
  readonly m: Module;

  /** `%name = type …` definitions (structs, and the rare non-struct type alias). */
  readonly namedTypes = new Map<string, Type>();
  /** Identified structs used before their definition, with the first use. */
  readonly typeRefs = new Map<string, TextPos>();

  private globalKinds: Map<string, GlobalKind> | undefined;
  /** Globals used before their definition, with the first use. */
  readonly globalRefs = new Map<string, TextPos>();

  /** `attributes #N = { … }`, frozen: functions and calls with only `#N` share the list. */
  readonly attrGroups = new Map<number, string[]>();
  readonly groupUses: GroupUse[] = [];

  readonly md = new MetadataTable();
  /** `!dbg` attachments of instructions, resolved to SourceLocs at the end of the module. */
  readonly dbgInsts: Instruction[] = [];
  readonly dbgRefs: number[] = [];
  readonly fnDbg: { fn: Func; ref: number; pos: TextPos }[] = [];

  readonly blockAddrs: PendingBlockAddress[] = [];
  /** Blocks of every parsed function by name, for `blockaddress` of other functions. */
  readonly blocksOf = new Map<Func, Map<string, BasicBlock>>();

  fs: FunctionState | undefined;
  /** The `byval(T)` type of the last parseParamAttrs, if any. */
  byval: Type | undefined;
  private readonly strings = new Map<string, string>();
  /** Set when an optional `, x` parse ate a comma that starts the metadata attachments (as LLParser). */
  ateExtraComma = false;
  /** Whether bodies without debug information are left in the text until first read (parse-lazy.ts). */
  readonly lazyBodies: boolean;

  constructor(text: string, file: string, lazyBodies = false) {
    this.lazyBodies = lazyBodies;
    this.lx = new Lexer(text, file);
    this.m = {
      file,
      sourceFileName: undefined,
      dataLayout: '',
      triple: '',
      types: new Map<string, StructType>(),
      globals: [],
      functions: [],
      aliases: [],
      symbols: new Map<string, GlobalValue>(),
      moduleAsm: [],
    };
  }

  /** One shared copy of a string that recurs (attribute texts). */
  intern(s: string): string {
    const t = this.strings.get(s);
    if (t !== undefined) return t;
    this.strings.set(s, s);
    return s;
  }

  // ---------------------------------------------------------------------------------------------
  // Token helpers

  /** The current token's position, as an object to keep. */
  pos(): TextPos {
    return { line: this.lx.tokLine, col: this.lx.tokCol };
  }

  /**
   * The current token's position as a bare offset, for errors that may come later: no allocation on
   * the hot path, converted to line and column only when an error is raised.
   */
  here(): Offset {
    return this.lx.start as Offset;
  }

  fail(msg: string): ParseError {
    return this.lx.error(msg);
  }

  failAt(pos: TextPos | Offset, msg: string): ParseError {
    if (typeof pos === 'number') {
      const [line, col] = this.lx.locate(pos);
      return this.lx.error(msg, line, col);
    }
    return this.lx.error(msg, pos.line, pos.col);
  }

  /** Throws `expected WHAT here, found …`. */
  unexpected(what: string): ParseError {
    return this.lx.error(`expected ${what} here, found ${this.lx.describe()}`);
  }

  expect(tok: Tok, what: string): void {
    if (this.lx.tok !== tok) throw this.unexpected(what);
    this.lx.next();
  }

  isWord(word: string): boolean {
    return this.lx.tok === Tok.Ident && this.lx.str === word;
  }

  eatWord(word: string): boolean {
    if (this.lx.tok === Tok.Ident && this.lx.str === word) {
      this.lx.next();
      return true;
    }
    return false;
  }

  expectWord(word: string): void {
    if (!this.eatWord(word)) throw this.unexpected(`'${word}'`);
  }

  eat(tok: Tok): boolean {
    if (this.lx.tok === tok) {
      this.lx.next();
      return true;
    }
    return false;
  }

  /** A non-negative integer literal. */
  parseUInt(what: string): number {
    const lx = this.lx;
    if (lx.tok !== Tok.Integer || lx.num < 0 || !Number.isSafeInteger(lx.num)) throw this.unexpected(what);
    const n = lx.num;
    lx.next();
    return n;
  }

  /** `, align N` style alignment value: a power of two. */
  parseAlign(): number {
    const p = this.pos();
    const n = this.parseUInt('an alignment');
    if (n === 0 || (n & (n - 1)) !== 0 || n > 2 ** 32) throw this.failAt(p, 'alignment is not a power of two');
    return n;
  }

  // ---------------------------------------------------------------------------------------------
  // Globals: a global's kind (variable, function, alias) is known from a pre-scan of the text, so a
  // name used before its definition gets its final object at once and nothing needs patching.

  /** `@name`; `pos` (by default the current token's) locates the error if it is never defined. */
  globalRef(name: string, pos?: TextPos): GlobalValue {
    const g = this.m.symbols.get(name);
    if (g) return g;
    pos ??= this.pos();
    this.globalKinds ??= prescanGlobals(this.lx.text, this.lx.file);
    const kind = this.globalKinds.get(name);
    if (!kind) throw this.failAt(pos, `use of undefined value '@${quoteName(name)}'`);
    const created = kind === 'func' ? newFunc(name) : kind === 'alias' ? newAlias(name) : newGlobal(name);
    this.m.symbols.set(name, created);
    this.globalRefs.set(name, pos);
    return created;
  }

  /** The object for a definition of `@name` of `kind` (the forward-referenced one if any). */
  defineGlobal(name: string, kind: GlobalKind, pos: TextPos): GlobalValue {
    const g = this.m.symbols.get(name);
    if (g) {
      const gk: GlobalKind = g.vk === 'func' ? 'func' : g.vk === 'alias' ? 'alias' : 'global';
      if (!this.globalRefs.has(name) || gk !== kind) throw this.failAt(pos, `redefinition of '@${quoteName(name)}'`);
      this.globalRefs.delete(name);
      g.pos = pos;
      return g;
    }
    const created = kind === 'func' ? newFunc(name) : kind === 'alias' ? newAlias(name) : newGlobal(name);
    created.pos = pos;
    this.m.symbols.set(name, created);
    return created;
  }

  // ---------------------------------------------------------------------------------------------
  // Blocks of the current function

  /**
   * The block `%name` of the current function, created on first use (then `pos`, by default the
   * current token's, is kept for the error if it is never defined).
   */
  blockRef(fs: FunctionState, name: string, pos?: TextPos): BasicBlock {
    let b = fs.blocks.get(name);
    if (!b) {
      pos ??= this.pos();
      if (fs.values.has(name)) {
        const v = fs.values.get(name)!;
        throw this.failAt(pos, `'%${quoteName(name)}' defined with type '${typeToString(v.type)}' but expected 'label'`);
      }
      b = newBlock(name, fs.fn);
      fs.blocks.set(name, b);
      fs.blockRefs.set(b, pos);
    }
    return b;
  }
}

/** A value name as LLVM prints it after `%`/`@`: quoted when it has characters outside [-a-zA-Z$._0-9]. */
export function quoteName(name: string): string {
  if (/^[-a-zA-Z$._][-a-zA-Z$._0-9]*$/.test(name) || /^[0-9]+$/.test(name)) return name;
  let out = '"';
  for (const ch of name) {
    const c = ch.charCodeAt(0);
    out += c < 32 || c === 34 || c === 92 || c > 126 ? `\\${c.toString(16).toUpperCase().padStart(2, '0')}` : ch;
  }
  return out + '"';
}
