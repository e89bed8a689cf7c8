// Lexer: token kinds and payloads, positions, and its own errors.
import { describe, expect, it } from 'vitest';
import { Lexer, Tok } from '../../src/ir/lexer.js';
import { ParseError } from '../../src/ir/errors.js';

interface T {
  tok: number;
  text: string;
  str?: string;
  num?: number;
  line: number;
  col: number;
}

function lex(src: string): T[] {
  const lx = new Lexer(src, 't.ll');
  const out: T[] = [];
  for (;;) {
    const tok = lx.next();
    if (tok === Tok.EOF) return out;
    const t: T = { tok, text: lx.tokenText(), line: lx.tokLine, col: lx.tokCol };
    if ([Tok.LocalVar, Tok.LocalId, Tok.GlobalVar, Tok.GlobalId, Tok.MetaVar, Tok.Label, Tok.Ident, Tok.DbgRecord, Tok.ComdatVar].includes(tok)) t.str = lx.str;
    if ([Tok.LocalId, Tok.GlobalId, Tok.MetaId, Tok.AttrGrp, Tok.IntType, Tok.Integer, Tok.HexFloat].includes(tok)) t.num = lx.num;
    out.push(t);
  }
}

const kinds = (src: string) => lex(src).map((t) => t.tok);

describe('lexer', () => {
  it('lexes value names of every form', () => {
    const ts = lex('%x %12 @g @0 %"a b" @"\\01foo" %a.b-c $comdat');
    expect(ts.map((t) => [t.tok, t.str])).toEqual([
      [Tok.LocalVar, 'x'],
      [Tok.LocalId, '12'],
      [Tok.GlobalVar, 'g'],
      [Tok.GlobalId, '0'],
      [Tok.LocalVar, 'a b'],
      [Tok.GlobalVar, '\x01foo'],
      [Tok.LocalVar, 'a.b-c'],
      [Tok.ComdatVar, 'comdat'],
    ]);
    expect(ts[1]!.num).toBe(12);
  });

  it('lexes metadata, attribute groups and debug records', () => {
    const ts = lex('!dbg !42 !{ !"s" } !DILocation( #3 #dbg_value( !llvm.dbg.cu');
    expect(ts.map((t) => t.tok)).toEqual([
      Tok.MetaVar, Tok.MetaId, Tok.Exclaim, Tok.LBrace, Tok.Exclaim, Tok.String, Tok.RBrace, Tok.MetaVar, Tok.LParen,
      Tok.AttrGrp, Tok.DbgRecord, Tok.LParen, Tok.MetaVar,
    ]);
    expect(ts[1]!.num).toBe(42);
    expect(ts[7]!.str).toBe('DILocation');
    expect(ts[9]!.num).toBe(3);
    expect(ts[10]!.str).toBe('dbg_value');
    expect(ts[12]!.str).toBe('llvm.dbg.cu');
  });

  it('lexes integers, floats and hexadecimal literals', () => {
    const ts = lex('0 42 -7 1.5 -2.0e+10 1.000000e+00 0x3FF0000000000000 0xK4000A000000000000000 0xH3C00 0xL00000000000000004000000000000000 0xR3F80 u0xFF s0x80');
    expect(ts.map((t) => t.tok)).toEqual([
      Tok.Integer, Tok.Integer, Tok.Integer, Tok.Float, Tok.Float, Tok.Float, Tok.HexFloat, Tok.HexFloat, Tok.HexFloat,
      Tok.HexFloat, Tok.HexFloat, Tok.HexInt, Tok.HexInt,
    ]);
    expect(ts.slice(0, 3).map((t) => t.num)).toEqual([0, 42, -7]);
    expect(ts.slice(6, 11).map((t) => t.num)).toEqual([0, 'K'.charCodeAt(0), 'H'.charCodeAt(0), 'L'.charCodeAt(0), 'R'.charCodeAt(0)]);
  });

  it('distinguishes iN types, keywords and labels', () => {
    const ts = lex('i1 i32 i128 i32x x86_fp80 entry: 12: "quoted label": line: 5');
    expect(ts.map((t) => [t.tok, t.str ?? t.num])).toEqual([
      [Tok.IntType, 1],
      [Tok.IntType, 32],
      [Tok.IntType, 128],
      [Tok.Ident, 'i32x'],
      [Tok.Ident, 'x86_fp80'],
      [Tok.Label, 'entry'],
      [Tok.Label, '12'],
      [Tok.Label, 'quoted label'],
      [Tok.Label, 'line'],
      [Tok.Integer, 5],
    ]);
  });

  it('lexes strings and c-strings, and unescapes them', () => {
    const lx = new Lexer('c"hi\\0A\\00" "a\\5Cb" "\\\\"', 't.ll');
    expect(lx.next()).toBe(Tok.CString);
    expect(Array.from(lx.stringBytes())).toEqual([104, 105, 10, 0]);
    expect(lx.next()).toBe(Tok.String);
    expect(lx.stringValue()).toBe('a\\b');
    expect(lx.next()).toBe(Tok.String);
    expect(lx.stringValue()).toBe('\\');
  });

  it('lexes punctuation', () => {
    expect(kinds('= , * [ ] { } ( ) < > ... |')).toEqual([
      Tok.Equal, Tok.Comma, Tok.Star, Tok.LBracket, Tok.RBracket, Tok.LBrace, Tok.RBrace, Tok.LParen, Tok.RParen,
      Tok.Less, Tok.Greater, Tok.DotDotDot, Tok.Bar,
    ]);
  });

  it('skips comments and tracks lines and columns', () => {
    const ts = lex('; comment\n  %x = add ; trailing\n\t@g');
    expect(ts.map((t) => [t.text, t.line, t.col])).toEqual([
      ['%x', 2, 3],
      ['=', 2, 6],
      ['add', 2, 8],
      ['@g', 3, 2],
    ]);
  });

  it('counts lines inside multi-line strings', () => {
    const ts = lex('"a\nb" %x');
    expect(ts[1]!.line).toBe(2);
  });

  it('skips balanced text and operand text', () => {
    const lx = new Lexer('(a, (b), "c)") %next metadata !DIExpression(DW_OP_plus, 1), i32 1', 't.ll');
    lx.next();
    lx.skipBalanced();
    expect(lx.tok).toBe(Tok.LocalVar);
    lx.next(); // metadata
    lx.next(); // !DIExpression
    expect(lx.skipOperandText()).toBe('!DIExpression(DW_OP_plus, 1)');
    expect(lx.tok).toBe(Tok.Comma);
  });

  it('marks and resets', () => {
    const lx = new Lexer('a\nb c', 't.ll');
    lx.next();
    lx.next();
    const m = lx.mark();
    lx.next();
    expect(lx.str).toBe('c');
    lx.reset(m);
    expect(lx.str).toBe('b');
    expect(lx.tokLine).toBe(2);
  });

  it('reports bad characters, numbers and unterminated strings with positions', () => {
    const err = (src: string) => {
      try {
        lex(src);
      } catch (e) {
        return (e as ParseError).short;
      }
      return 'ok';
    };
    expect(err('%x ^')).toBe("1:4: unexpected character '^'");
    expect(err('\n  12ab')).toBe("2:3: invalid number '12ab'");
    expect(err('x "abc')).toBe('1:3: unterminated string constant');
    expect(err('0xZZ')).toBe("1:1: invalid hexadecimal literal '0xZZ'");
    expect(err('% x')).toBe("1:1: expected a name after '%'");
  });

  it('formats errors with the source line and a caret', () => {
    try {
      lex('  %x = ^');
    } catch (e) {
      expect((e as Error).message).toBe("t.ll:1:8: unexpected character '^'\n  %x = ^\n       ^");
    }
  });
});
