// Errors of the IR front end. A ParseError is located in the .ll text and prints like a compiler
// diagnostic (`FILE:LINE:COL: message`, the offending line, a caret); the CLI shows it as is. An
// IrFileError is about the file itself (missing, unreadable, llvm-dis failed) and has no position.

export class ParseError extends Error {
  /** The message alone, without location or source excerpt (what tests compare). */
  readonly reason: string;
  readonly file: string;
  readonly line: number;
  readonly col: number;
  /** The text of the offending line ('' at end of file). */
  readonly sourceLine: string;

  constructor(file: string, line: number, col: number, reason: string, sourceLine: string) {
    super(formatDiagnostic(file, line, col, reason, sourceLine));
    this.name = 'ParseError';
    this.reason = reason;
    this.file = file;
    this.line = line;
    this.col = col;
    this.sourceLine = sourceLine;
  }

  /** `LINE:COL: message`, the form the expected-error fixtures use. */
  get short(): string {
    return `${this.line}:${this.col}: ${this.reason}`;
  }
}

export class IrFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IrFileError';
  }
}

function formatDiagnostic(file: string, line: number, col: number, reason: string, src: string): string {
  const head = `${file}:${line}:${col}: ${reason}`;
  if (src === '') return head;
  // Keep tabs in the caret line so the caret sits under the column on a terminal.
  let pad = '';
  for (let i = 0; i < col - 1 && i < src.length; i++) pad += src[i] === '\t' ? '\t' : ' ';
  return `${head}\n${src}\n${pad}^`;
}

/** The text of 1-based line `line` of `text` (without its newline). */
export function lineText(text: string, line: number): string {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) return '';
    start = nl + 1;
  }
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  if (end > start && text.charCodeAt(end - 1) === 13) end--; // CRLF
  return text.slice(start, end);
}

/** A ParseError at `line`/`col` of `text`. */
export function parseErrorAt(file: string, text: string, line: number, col: number, reason: string): ParseError {
  return new ParseError(file, line, col, reason, lineText(text, line));
}
