// The lexer of textual LLVM IR. Hot path of the front end, written the way acorn writes its tokenizer:
// `next()` scans with charCodeAt, returns a numeric `Tok` and leaves the token's payload in a few
// fields (`start`/`end`, `str`, `num`) — no object per token. Lookahead is mark/reset: re-lexing from a
// token start gives the same token. Line and column are tracked as newlines are passed, so errors are
// located without a second pass.

import { ParseError, lineText } from './errors.js';
import { Tok, type TokKind, type TokStr } from './tokens.js';
import { printable, unescapeToBytes, unescapeToString } from './escapes.js';
import { newWordCache, numberName, sharedWord, type WordCache } from './lexer-intern.js';

export { Tok, type TokKind, type TokStr } from './tokens.js';

const enum Ch {
  Tab = 9,
  LF = 10,
  CR = 13,
  Space = 32,
  Quote = 34,
  Hash = 35,
  Dollar = 36,
  Percent = 37,
  LParen = 40,
  RParen = 41,
  Star = 42,
  Comma = 44,
  Minus = 45,
  Dot = 46,
  D0 = 48,
  D9 = 57,
  Colon = 58,
  Semi = 59,
  Less = 60,
  Equal = 61,
  Greater = 62,
  At = 64,
  LBracket = 91,
  Backslash = 92,
  RBracket = 93,
  Underscore = 95,
  LBrace = 123,
  Bar = 124,
  RBrace = 125,
  Excl = 33,
}

// Character classes, one table lookup per character.
const DIGIT = 1;
const HEX = 2;
const KEYWORD = 4; // [a-zA-Z0-9_$.]
const NAME = 8; // [-a-zA-Z0-9_$.] — unquoted value names and labels
const IDSTART = 16; // [a-zA-Z_$.]
const cls = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[0-9]/.test(ch)) cls[c]! |= DIGIT | HEX | KEYWORD | NAME;
  if (/[a-fA-F]/.test(ch)) cls[c]! |= HEX;
  if (/[a-zA-Z_$.]/.test(ch)) cls[c]! |= KEYWORD | NAME | IDSTART;
  if (ch === '-') cls[c]! |= NAME;
}
function isClass(c: number, k: number): boolean {
  return c < 128 && (cls[c]! & k) !== 0;
}

export class Lexer {
  readonly text: string;
  readonly file: string;
  private readonly len: number;
  /** Scan position (just after the current token). */
  pos = 0;
  /** Line number at `pos` and the offset where that line starts. */
  private line = 1;
  private lineStart = 0;

  // The current token.
  /**
   * Its kind. Typed as TokKind, not Tok, so that TypeScript does not keep a comparison's narrowing
   * across a `next()` call, which changes it.
   */
  tok: TokKind = Tok.EOF;
  start = 0;
  end = 0;
  tokLine = 1;
  /** Offset of the start of the current token's line. */
  tokLineStart = 0;
  /** Name or word of the current token (typed like `tok`, for the same reason). */
  str: TokStr = '';
  num = 0;
  /** End offset of the previous token (for slicing the text of multi-token constructs). */
  prevEnd = 0;

  constructor(text: string, file: string) {
    this.text = text;
    this.file = file;
    this.len = text.length;
  }

  get tokCol(): number {
    return this.start - this.tokLineStart + 1;
  }

  /** Scans the next token into the fields and returns its kind. */
  next(): Tok {
    const text = this.text;
    const len = this.len;
    let pos = this.pos;
    let c = 0;
    this.prevEnd = this.end;
    // Whitespace and comments.
    for (;;) {
      if (pos >= len) {
        this.pos = pos;
        this.start = this.end = pos;
        this.tokLine = this.line;
        this.tokLineStart = this.lineStart;
        return (this.tok = Tok.EOF);
      }
      c = text.charCodeAt(pos);
      if (c === Ch.Space || c === Ch.Tab || c === Ch.CR) pos++;
      else if (c === Ch.LF) {
        pos++;
        this.line++;
        this.lineStart = pos;
      } else if (c === Ch.Semi) {
        const nl = text.indexOf('\n', pos);
        pos = nl < 0 ? len : nl;
      } else break;
    }
    this.start = pos;
    this.tokLine = this.line;
    this.tokLineStart = this.lineStart;
    let tok: Tok;
    switch (c) {
      case Ch.Comma: tok = Tok.Comma; pos++; break;
      case Ch.Equal: tok = Tok.Equal; pos++; break;
      case Ch.Star: tok = Tok.Star; pos++; break;
      case Ch.LBracket: tok = Tok.LBracket; pos++; break;
      case Ch.RBracket: tok = Tok.RBracket; pos++; break;
      case Ch.LBrace: tok = Tok.LBrace; pos++; break;
      case Ch.RBrace: tok = Tok.RBrace; pos++; break;
      case Ch.LParen: tok = Tok.LParen; pos++; break;
      case Ch.RParen: tok = Tok.RParen; pos++; break;
      case Ch.Less: tok = Tok.Less; pos++; break;
      case Ch.Greater: tok = Tok.Greater; pos++; break;
      case Ch.Bar: tok = Tok.Bar; pos++; break;
      case Ch.Percent:
        return this.lexPrefixed(pos, Tok.LocalVar, Tok.LocalId);
      case Ch.At:
        return this.lexPrefixed(pos, Tok.GlobalVar, Tok.GlobalId);
      case Ch.Dollar:
        return this.lexPrefixed(pos, Tok.ComdatVar, Tok.ComdatVar);
      case Ch.Excl:
        return this.lexExclaim(pos);
      case Ch.Hash:
        return this.lexHash(pos);
      case Ch.Quote:
        return this.lexQuoted(pos);
      default:
        if ((c >= Ch.D0 && c <= Ch.D9) || c === Ch.Minus) return this.lexNumber(pos);
        if (c === Ch.Dot && text.charCodeAt(pos + 1) === Ch.Dot && text.charCodeAt(pos + 2) === Ch.Dot) {
          tok = Tok.DotDotDot;
          pos += 3;
          break;
        }
        if (isClass(c, IDSTART)) return this.lexWord(pos);
        this.pos = pos;
        this.end = pos + 1;
        throw this.error(`unexpected character '${printable(text, pos)}'`);
    }
    this.pos = this.end = pos;
    return (this.tok = tok);
  }

  /** `%x`, `@x`, `$x` in all their forms. */
  private lexPrefixed(pos: number, named: Tok, numbered: Tok): Tok {
    const text = this.text;
    const p = pos + 1;
    const c = text.charCodeAt(p);
    if (c === Ch.Quote) {
      const close = this.scanString(p);
      this.str = unescapeToString(text, p + 1, close);
      this.pos = this.end = close + 1;
      return (this.tok = named);
    }
    if (c >= Ch.D0 && c <= Ch.D9) {
      let e = p;
      let n = 0;
      let d: number;
      while (e < this.len && (d = text.charCodeAt(e)) >= Ch.D0 && d <= Ch.D9) {
        n = n * 10 + (d - Ch.D0);
        e++;
      }
      this.str = e - p < 10 ? numberName(n, text, p, e) : text.slice(p, e);
      this.num = n;
      this.pos = this.end = e;
      return (this.tok = numbered);
    }
    if (isClass(c, NAME) || c === Ch.Backslash) {
      let e = p + 1;
      let c2: number;
      while (e < this.len && (isClass((c2 = text.charCodeAt(e)), NAME) || c2 === Ch.Backslash)) e++;
      this.str = this.word(p, e);
      if (this.str.indexOf('\\') >= 0) this.str = unescapeToString(this.str, 0, this.str.length);
      this.pos = this.end = e;
      return (this.tok = named);
    }
    this.pos = pos + 1;
    this.end = pos + 1;
    throw this.error(`expected a name after '${text[pos]}'`);
  }

  private lexExclaim(pos: number): Tok {
    const text = this.text;
    const c = text.charCodeAt(pos + 1);
    if (c >= Ch.D0 && c <= Ch.D9) {
      let e = pos + 2;
      let n = c - Ch.D0;
      let d: number;
      while (e < this.len && (d = text.charCodeAt(e)) >= Ch.D0 && d <= Ch.D9) {
        n = n * 10 + (d - Ch.D0);
        e++;
      }
      this.num = n;
      this.pos = this.end = e;
      return (this.tok = Tok.MetaId);
    }
    if (isClass(c, NAME) || c === Ch.Backslash) {
      let e = pos + 2;
      let c2: number;
      while (e < this.len && (isClass((c2 = text.charCodeAt(e)), NAME) || c2 === Ch.Backslash)) e++;
      this.str = this.word(pos + 1, e);
      this.pos = this.end = e;
      return (this.tok = Tok.MetaVar);
    }
    this.pos = this.end = pos + 1;
    return (this.tok = Tok.Exclaim);
  }

  private lexHash(pos: number): Tok {
    const text = this.text;
    let e = pos + 1;
    const c = text.charCodeAt(e);
    if (c >= Ch.D0 && c <= Ch.D9) {
      while (e < this.len && isClass(text.charCodeAt(e), DIGIT)) e++;
      this.num = Number(text.slice(pos + 1, e));
      this.pos = this.end = e;
      return (this.tok = Tok.AttrGrp);
    }
    if (isClass(c, IDSTART)) {
      while (e < this.len && isClass(text.charCodeAt(e), KEYWORD)) e++;
      this.str = text.slice(pos + 1, e);
      this.pos = this.end = e;
      return (this.tok = Tok.DbgRecord);
    }
    this.pos = this.end = pos + 1;
    throw this.error(`unexpected character '#'`);
  }

  /** `"…"` strings and `"quoted":` labels. */
  private lexQuoted(pos: number): Tok {
    const close = this.scanString(pos);
    if (this.text.charCodeAt(close + 1) === Ch.Colon) {
      this.str = unescapeToString(this.text, pos + 1, close);
      this.pos = this.end = close + 2;
      return (this.tok = Tok.Label);
    }
    this.pos = this.end = close + 1;
    return (this.tok = Tok.String);
  }

  /** Returns the offset of the closing quote of the string opening at `open`; counts newlines inside. */
  private scanString(open: number): number {
    const text = this.text;
    let p = open + 1;
    for (;;) {
      const q = text.indexOf('"', p);
      const nl = text.indexOf('\n', p);
      if (nl >= 0 && (q < 0 || nl < q)) {
        this.line++;
        this.lineStart = nl + 1;
        p = nl + 1;
        continue;
      }
      if (q < 0) {
        this.pos = this.len;
        this.end = this.len;
        throw this.error('unterminated string constant');
      }
      return q;
    }
  }

  private lexNumber(pos: number): Tok {
    const text = this.text;
    const len = this.len;
    let p = pos;
    if (text.charCodeAt(p) === Ch.Minus) {
      p++;
      const d = text.charCodeAt(p);
      if (!(d >= Ch.D0 && d <= Ch.D9)) {
        this.pos = this.end = pos + 1;
        throw this.error(`unexpected character '-'`);
      }
    } else if (text.charCodeAt(p) === Ch.D0 && text.charCodeAt(p + 1) === 120 /* x */) {
      return this.lexHex(pos);
    }
    const digitsStart = p;
    let n = 0;
    let d: number;
    while (p < len && (d = text.charCodeAt(p)) >= Ch.D0 && d <= Ch.D9) {
      n = n * 10 + (d - Ch.D0);
      p++;
    }
    const c = text.charCodeAt(p);
    if (c === Ch.Colon && digitsStart === pos) {
      this.str = p - pos < 10 ? numberName(n, text, pos, p) : text.slice(pos, p);
      this.num = n;
      this.pos = this.end = p + 1;
      return (this.tok = Tok.Label);
    }
    if (c === Ch.Dot) {
      p++;
      while (p < len && isClass(text.charCodeAt(p), DIGIT)) p++;
      const e = text.charCodeAt(p);
      if (e === 101 || e === 69) {
        // exponent: e[+-]digits
        let q = p + 1;
        const s = text.charCodeAt(q);
        if (s === 43 || s === Ch.Minus) q++;
        if (isClass(text.charCodeAt(q), DIGIT)) {
          p = q;
          while (p < len && isClass(text.charCodeAt(p), DIGIT)) p++;
        }
      }
      this.pos = this.end = p;
      return (this.tok = Tok.Float);
    }
    if (isClass(c, KEYWORD)) {
      // `123abc` is not a token of the language; name it as one word.
      while (p < len && isClass(text.charCodeAt(p), NAME)) p++;
      this.pos = this.end = p;
      throw this.error(`invalid number '${text.slice(pos, p)}'`);
    }
    this.num = digitsStart === pos ? n : -n;
    this.pos = this.end = p;
    return (this.tok = Tok.Integer);
  }

  private lexHex(pos: number): Tok {
    const text = this.text;
    let p = pos + 2;
    let kind = 0;
    const k = text.charCodeAt(p);
    if (k === 75 || k === 76 || k === 77 || k === 72 || k === 82) {
      // K (x86_fp80), L (fp128), M (ppc_fp128), H (half), R (bfloat)
      kind = k;
      p++;
    }
    const digits = p;
    while (p < this.len && isClass(text.charCodeAt(p), HEX)) p++;
    if (p === digits || isClass(text.charCodeAt(p), KEYWORD)) {
      while (p < this.len && isClass(text.charCodeAt(p), NAME)) p++;
      this.pos = this.end = p;
      throw this.error(`invalid hexadecimal literal '${text.slice(pos, p)}'`);
    }
    this.num = kind;
    this.pos = this.end = p;
    return (this.tok = Tok.HexFloat);
  }

  /** Keywords, `iN` types, `c"…"`, bare labels, `u0x…`/`s0x…`. */
  private lexWord(pos: number): Tok {
    const text = this.text;
    const len = this.len;
    const c0 = text.charCodeAt(pos);
    if (c0 === 99 /* c */ && text.charCodeAt(pos + 1) === Ch.Quote) {
      const close = this.scanString(pos + 1);
      this.pos = this.end = close + 1;
      return (this.tok = Tok.CString);
    }
    // The longest label-shaped run decides whether this is `name:`.
    let p = pos + 1;
    while (p < len && isClass(text.charCodeAt(p), NAME)) p++;
    if (text.charCodeAt(p) === Ch.Colon) {
      this.str = this.word(pos, p);
      this.pos = this.end = p + 1;
      return (this.tok = Tok.Label);
    }
    let e = pos + 1;
    while (e < len && isClass(text.charCodeAt(e), KEYWORD)) e++;
    this.pos = this.end = e;
    if (c0 === 105 /* i */ && e > pos + 1) {
      let bits = 0;
      let q = pos + 1;
      let d: number;
      while (q < e && (d = text.charCodeAt(q)) >= Ch.D0 && d <= Ch.D9) {
        bits = bits * 10 + (d - Ch.D0);
        q++;
      }
      if (q === e && e - pos <= 9) {
        this.num = bits;
        return (this.tok = Tok.IntType);
      }
    }
    if ((c0 === 117 || c0 === 115) && text.charCodeAt(pos + 1) === Ch.D0 && text.charCodeAt(pos + 2) === 120) {
      let q = pos + 3;
      while (q < e && isClass(text.charCodeAt(q), HEX)) q++;
      if (q === e && e > pos + 3) {
        this.num = c0;
        return (this.tok = Tok.HexInt);
      }
    }
    this.str = this.word(pos, e);
    return (this.tok = Tok.Ident);
  }

  /** text[from, to) as a string, shared with earlier occurrences of the same word (lexer-intern.ts). */
  private word(from: number, to: number): string {
    return sharedWord(this.words, this.text, from, to);
  }
  private readonly words: WordCache = newWordCache();

  // ---------------------------------------------------------------------------------------------
  // Raw scanning for constructs the parser keeps as text or drops (metadata bodies, debug records).

  /**
   * With the current token an opening bracket (`(`, `{`, `[`, `<`), skips to just after its matching
   * close, ignoring the contents (strings respected, newlines counted), and lexes the next token.
   * Returns the offset just after the close.
   */
  skipBalanced(): number {
    const end = this.scanBalanced(this.start, false);
    this.pos = this.end = end;
    this.next();
    return end;
  }

  /**
   * Skips one operand written as text up to the next `,` or `)` at nesting depth 0, starting at the
   * current token; returns the skipped text (trimmed) and lexes the token after it.
   */
  skipOperandText(): string {
    const from = this.start;
    this.line = this.tokLine;
    this.lineStart = this.tokLineStart;
    const end = this.scanBalanced(from, true);
    this.pos = this.end = end;
    this.next();
    return this.text.slice(from, end).trim();
  }

  private scanBalanced(from: number, stopAtComma: boolean): number {
    const text = this.text;
    const len = this.len;
    let depth = 0;
    let p = from;
    while (p < len) {
      const c = text.charCodeAt(p);
      switch (c) {
        case Ch.LParen:
        case Ch.LBrace:
        case Ch.LBracket:
        case Ch.Less:
          depth++;
          break;
        case Ch.RParen:
        case Ch.RBrace:
        case Ch.RBracket:
        case Ch.Greater:
          if (depth === 0) {
            if (stopAtComma) return p;
            break;
          }
          depth--;
          if (depth === 0 && !stopAtComma) return p + 1;
          break;
        case Ch.Comma:
          if (depth === 0 && stopAtComma) return p;
          break;
        case Ch.Quote:
          p = this.scanString(p);
          break;
        case Ch.LF:
          this.line++;
          this.lineStart = p + 1;
          break;
        case Ch.Semi:
          if (stopAtComma || depth === 0) break;
          // A comment inside a multi-line construct runs to the end of its line.
          p = text.indexOf('\n', p) - 1;
          if (p < 0) p = len - 1;
          break;
      }
      p++;
    }
    this.pos = this.start = this.end = len;
    this.tokLine = this.line;
    this.tokLineStart = this.lineStart;
    this.tok = Tok.EOF;
    throw this.error(stopAtComma ? `expected ',' or ')' here, found end of file` : `unbalanced brackets: found end of file`);
  }

  // ---------------------------------------------------------------------------------------------
  // Lookahead and token values.

  /** A position to come back to with `reset` (the current token is re-lexed). */
  mark(): number {
    return this.start;
  }

  reset(mark: number): void {
    // Recompute the line of `mark`: marks are only taken on the current line or a recent one.
    let line = this.tokLine;
    let ls = this.tokLineStart;
    while (mark < ls) {
      line--;
      ls = this.text.lastIndexOf('\n', ls - 2) + 1;
    }
    this.line = line;
    this.lineStart = ls;
    this.pos = mark;
    this.next();
  }

  /** Continues at `offset`, which is on line `line` starting at `lineStart` (the token there becomes current). */
  seek(offset: number, line: number, lineStart: number): void {
    this.line = line;
    this.lineStart = lineStart;
    this.pos = offset;
    this.next();
  }

  /** Line and column of an offset at or before the current token. */
  locate(offset: number): [number, number] {
    let line = this.tokLine;
    let ls = this.tokLineStart;
    while (offset < ls && line > 1) {
      line--;
      ls = this.text.lastIndexOf('\n', ls - 2) + 1;
    }
    return [line, offset - ls + 1];
  }

  /** Contents of the current String/CString token, unescaped. */
  stringValue(): string {
    const from = this.tok === Tok.CString ? this.start + 2 : this.start + 1;
    return unescapeToString(this.text, from, this.end - 1);
  }

  /** Bytes of the current String/CString token, unescaped. */
  stringBytes(): Uint8Array {
    const from = this.tok === Tok.CString ? this.start + 2 : this.start + 1;
    return unescapeToBytes(this.text, from, this.end - 1);
  }

  /** The current token's source text. */
  tokenText(): string {
    return this.text.slice(this.start, this.end);
  }

  /** The current token, described for messages: `'text'` or `end of file`. */
  describe(): string {
    if (this.tok === Tok.EOF) return 'end of file';
    let t = this.text.slice(this.start, Math.min(this.end, this.start + 40));
    if (this.end > this.start + 40) t += '…';
    return `'${t}'`;
  }

  /**
   * A ParseError at the current token (or at `line`/`col`). At end of file it points just after the
   * last text, not at an empty last line.
   */
  error(msg: string, line = this.tokLine, col = this.tokCol): ParseError {
    if (this.tok === Tok.EOF && this.start >= this.len && line === this.tokLine && col === this.tokCol) [line, col] = this.endOfText();
    return new ParseError(this.file, line, col, msg, lineText(this.text, line));
  }

  private endOfText(): [number, number] {
    const text = this.text;
    let line = this.tokLine;
    let e = this.len;
    for (;;) {
      const c = text.charCodeAt(e - 1);
      if (e > 0 && (c === Ch.Space || c === Ch.Tab || c === Ch.CR || c === Ch.LF)) {
        if (c === Ch.LF) line--;
        e--;
      } else break;
    }
    const ls = text.lastIndexOf('\n', e - 1) + 1;
    return [Math.max(line, 1), e - ls + 1];
  }
}
