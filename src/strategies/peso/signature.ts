// The semantic signature (the paper's Sig(P)): one entry per output partition found — its
// relevant-slice condition as SMT-LIB and by source line, its symbolic output, and the test that
// reaches it (with that input's bytes). Written as OUTPUT-DIR/signature.json; `sympath signature DIR`
// prints it (formatSignature).

import type { PesoDriver } from './driver.js';

export const SIGNATURE_FILE = 'signature.json';

export interface SignatureEntry {
  /** The relevant-slice condition: SMT-LIB (declarations and one assertion) and, per constraint in path order, `file:line T|F` (a branch) or `file:line kind`. */
  readonly rsc: { readonly smtlib: string; readonly lines: readonly string[] };
  /** The symbolic output: one item per observed thing (stdout text or what it printed, marked variables, the exit status or error). */
  readonly output: readonly string[];
  /** The test file written for the partition (null when none was written: --max-tests, a repeated error site). */
  readonly test: string | null;
  /** The input reaching it: hex bytes per symbolic array. */
  readonly input: Readonly<Record<string, string>>;
}

export interface Signature {
  readonly technique: 'peso';
  readonly outputCriterion: readonly string[];
  readonly reorder: boolean;
  readonly partitions: readonly SignatureEntry[];
}

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

export function signatureOf(driver: PesoDriver, criterion: readonly string[], reorder: boolean): Signature {
  return {
    technique: 'peso',
    outputCriterion: criterion,
    reorder,
    partitions: [...driver.partitions.values()].map((p) => ({
      rsc: { smtlib: p.rscSmtlib, lines: p.rscLines },
      output: p.output,
      test: p.test,
      input: Object.fromEntries([...p.assignment].map(([k, v]) => [k, hex(v)])),
    })),
  };
}

/** A readable listing of a signature.json (throws naming what is malformed). */
export function formatSignature(json: unknown, file: string): string[] {
  const s = json as Partial<Signature>;
  if (typeof s !== 'object' || s === null || !Array.isArray(s.partitions)) throw new Error(`${file}: not a PESO signature (no "partitions" list)`);
  const out = [`${s.partitions.length} output partitions (criterion ${(s.outputCriterion ?? []).join(',')}${s.reorder === false ? ', not reordered' : ''})`];
  s.partitions.forEach((p, k) => {
    if (!p || !p.rsc || !Array.isArray(p.rsc.lines) || !Array.isArray(p.output)) throw new Error(`${file}: partition ${k + 1} is malformed (needs rsc.lines and output)`);
    out.push(`partition ${k + 1}${p.test ? ` (${p.test})` : ''}`);
    out.push(`  when:   ${p.rsc.lines.length === 0 ? 'true' : p.rsc.lines.join(' && ')}`);
    for (const o of p.output) out.push(`  output: ${o}`);
  });
  return out;
}
