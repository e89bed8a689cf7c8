// Mutation fuzzing: delete, duplicate, swap and replace tokens of valid .ll files (and truncate them);
// every mutant must parse or fail with a located ParseError — never another exception. Seeded, so a
// failure reproduces; the failing mutant is printed.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Lexer, Tok } from '../../src/ir/lexer.js';
import { ParseError, parseModule } from '../../src/ir/index.js';
import { dominatorTree, postDominatorTree } from '../../src/analysis/dominators.js';

const dir = join(import.meta.dirname, '..', 'ir-fixtures', 'valid');
const seeds = readdirSync(dir).filter((f) => f.endsWith('.ll')).sort();
const MUTANTS = 500;

/** mulberry32: a small seeded PRNG. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tokenSpans(text: string): [number, number][] {
  const lx = new Lexer(text, 'seed.ll');
  const spans: [number, number][] = [];
  while (lx.next() !== Tok.EOF) spans.push([lx.start, lx.end]);
  return spans;
}

function mutate(text: string, spans: [number, number][], r: () => number): string {
  const pick = () => spans[Math.floor(r() * spans.length)]!;
  const kind = Math.floor(r() * 6);
  const [s, e] = pick();
  switch (kind) {
    case 0: // delete a token
      return text.slice(0, s) + text.slice(e);
    case 1: // duplicate a token
      return text.slice(0, e) + ' ' + text.slice(s, e) + text.slice(e);
    case 2: {
      // swap two tokens (nearby, so the mutant stays plausible)
      const i = spans.findIndex((x) => x[0] === s);
      const j = Math.min(spans.length - 1, i + 1 + Math.floor(r() * 4));
      const [s2, e2] = spans[j]!;
      if (s2 <= e) return text.slice(0, s) + text.slice(e);
      return text.slice(0, s) + text.slice(s2, e2) + text.slice(e, s2) + text.slice(s, e) + text.slice(e2);
    }
    case 3: {
      // replace a token with another one from elsewhere
      const [s2, e2] = pick();
      return text.slice(0, s) + text.slice(s2, e2) + text.slice(e);
    }
    case 4: // truncate
      return text.slice(0, s);
    default: {
      // a random character
      const chars = '%@!#$"()[]{}<>,=*x0-:;.\\c\n';
      return text.slice(0, s) + chars[Math.floor(r() * chars.length)] + text.slice(s);
    }
  }
}

describe('fuzzing the parser with token mutations', () => {
  it('has seed files', () => expect(seeds.length).toBeGreaterThanOrEqual(3));
  it(`never throws anything but ParseError on ${MUTANTS} mutants`, () => {
    const r = rng(20261126);
    const outcomes = { ok: 0, located: 0 };
    for (let n = 0; n < MUTANTS; n++) {
      const file = seeds[n % seeds.length]!;
      const text = readFileSync(join(dir, file), 'utf8');
      const mutant = mutate(text, tokenSpans(text), r);
      try {
        const m = parseModule(mutant, file);
        for (const f of m.functions) {
          if (f.isDeclaration) continue;
          dominatorTree(f);
          postDominatorTree(f);
        }
        outcomes.ok++;
      } catch (e) {
        if (!(e instanceof ParseError)) {
          throw new Error(`mutant ${n} of ${file} threw ${(e as Error).stack}\n--- mutant ---\n${mutant}`);
        }
        expect(e.line).toBeGreaterThan(0);
        expect(e.col).toBeGreaterThan(0);
        outcomes.located++;
      }
    }
    // Both outcomes occur: the mutations are neither all harmless nor all fatal.
    expect(outcomes.ok).toBeGreaterThan(10);
    expect(outcomes.located).toBeGreaterThan(100);
  });
});
