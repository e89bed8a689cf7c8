// Malformed IR: each test/ir-fixtures/bad/*.ll starts with `; ERROR: LINE:COL: message`, the error
// parsing it must give. Adding a case is adding a file.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ParseError, parseModule } from '../../src/ir/index.js';

const dir = join(import.meta.dirname, '..', 'ir-fixtures', 'bad');
const cases = readdirSync(dir).filter((f) => f.endsWith('.ll')).sort();

describe('located errors on malformed IR', () => {
  it('has the cases the issue asks for', () => {
    for (const name of ['truncated-body', 'bad-token', 'unknown-type', 'undefined-value', 'duplicate-local', 'wrong-operand-type'])
      expect(cases).toContain(`${name}.ll`);
  });
  for (const file of cases) {
    it(file, () => {
      const text = readFileSync(join(dir, file), 'utf8');
      const expected = /^; ERROR: (.*)$/m.exec(text)?.[1];
      expect(expected, 'the file must start with "; ERROR: LINE:COL: message"').toBeDefined();
      let err: unknown;
      try {
        parseModule(text, file);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ParseError);
      const pe = err as ParseError;
      expect(pe.short).toBe(expected);
      // The full message names the file, quotes the line and puts a caret under the column.
      const [head, src, caret] = pe.message.split('\n');
      expect(head).toBe(`${file}:${expected}`);
      if (src !== undefined) {
        expect(src).toBe(text.split('\n')[pe.line - 1]);
        expect(caret!.length).toBe(pe.col);
        expect(caret!.endsWith('^')).toBe(true);
      }
    });
  }
});
