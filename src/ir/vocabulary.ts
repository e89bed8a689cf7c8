// Canonical copies of the words the model stores as strings (opcodes, predicates, orderings, …).
// Words sliced out of the .ll text are fresh strings; V8 compares those by content, and a dispatch
// table keyed by them must internalize them on every lookup. Mapping each word to the literal in
// this file's caller gives every instruction the same, internalized string, so `inst.op === 'add'`
// and `table[inst.op]` are pointer-fast in the engine.

/** A map from each word to itself: `vocab.get(sliced)` is the canonical (literal) string, or undefined. */
export function vocabulary(words: Iterable<string>): ReadonlyMap<string, string> {
  const m = new Map<string, string>();
  for (const w of words) m.set(w, w);
  return m;
}
