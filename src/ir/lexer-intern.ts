// Sharing of the strings the lexer (lexer.ts) cuts out of the text for token payloads: words (keywords,
// type and value names) through a small per-lexer cache, names of numbered values (`%12`) through one
// table for the whole process. Kept apart from the scanning because it is about memory, not syntax:
// big modules repeat the same few thousand words endlessly, and the parse is GC-bound on them (all its
// objects survive), so one shared string per word spares an allocation per token.

/** Slots of a word cache (a power of two). */
const WORD_CACHE = 4096;

/** A lexer's word cache: one string per hash slot, replaced on a collision. */
export type WordCache = (string | undefined)[];

export function newWordCache(): WordCache {
  return new Array<string | undefined>(WORD_CACHE).fill(undefined);
}

/** text[from, to) as a string, the same string as an earlier occurrence of the word when it is cached. */
export function sharedWord(words: WordCache, text: string, from: number, to: number): string {
  const len = to - from;
  if (len > 48) return text.slice(from, to);
  let h = len;
  for (let i = from; i < to; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  const slot = (h ^ (h >>> 12)) & (WORD_CACHE - 1);
  const cached = words[slot];
  if (cached !== undefined && cached.length === len && text.startsWith(cached, from)) return cached;
  const w = text.slice(from, to);
  words[slot] = w;
  return w;
}

// Names of numbered values, shared across the whole process: small and endlessly repeated.
const numberNames: string[] = [];

/** The name of numbered value `n`, written as text[from, to) (its digits). */
export function numberName(n: number, text: string, from: number, to: number): string {
  // Leading zeros (`%007`) are kept as written.
  if (n >= 65536 || (to - from > 1 && text.charCodeAt(from) === 48)) return text.slice(from, to);
  return (numberNames[n] ??= String(n));
}
