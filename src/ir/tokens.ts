// Token kinds of the IR lexer (lexer.ts). A `const enum`: the parser compares kinds as plain numbers.

export const enum Tok {
  /** End of input. */
  EOF,
  /** `%name`, `%"quoted name"`; `str` is the name. */
  LocalVar,
  /** `%N`; `str` is the digits, `num` the number. */
  LocalId,
  /** `@name`, `@"quoted"`. */
  GlobalVar,
  /** `@N`. */
  GlobalId,
  /** `!name` (named metadata, attachment kinds, `!DILocation` …); `str` is the name. */
  MetaVar,
  /** `!N`; `num` is N. */
  MetaId,
  /** `#N` attribute group reference; `num` is N. */
  AttrGrp,
  /** `#dbg_value` and the other LLVM 19 debug records; `str` is `dbg_value`. */
  DbgRecord,
  /** `$name` comdat. */
  ComdatVar,
  /** `name:`, `N:`, `"quoted":` — block labels and metadata field names; `str` is the name. */
  Label,
  /** A keyword or other bare word; `str` is the word. */
  Ident,
  /** `iN`; `num` is N. */
  IntType,
  /** A decimal integer, maybe negative; text is start..end, `num` its value (exact below 2^53). */
  Integer,
  /** A decimal floating-point literal (`1.5`, `-2.0e+10`). */
  Float,
  /** `0x…` double bits, or `0xK`/`0xL`/`0xM`/`0xH`/`0xR` literals; `num` is the kind letter's code (0 for plain). */
  HexFloat,
  /** `u0x…`/`s0x…` hexadecimal integers; `num` is 'u' or 's'. */
  HexInt,
  /** `"…"`; contents are start+1..end-1, escaped. */
  String,
  /** `c"…"`; contents are start+2..end-1, escaped. */
  CString,
  Equal,
  Comma,
  Star,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  LParen,
  RParen,
  Less,
  Greater,
  /** A `!` not followed by a name or number (`!{`, `!"str"`). */
  Exclaim,
  DotDotDot,
  Bar,
}

/** A Tok value in a field that changes behind the type checker's back (see `Lexer.tok`). */
export type TokKind = number & { readonly __lexerToken?: never };
export type TokStr = string & { readonly __lexerStr?: never };
