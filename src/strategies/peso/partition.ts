// One executed path seen as PESO sees it: the criterion's instances on the trace, the relevant-slice
// condition (RSC: the constraints of the instances the criterion transitively depends on through data,
// control, phi gating and potential dependence — each branch instance's own constraint, never
// rewritten), its reordering by the paper's Algorithm 1 (a branch goes after the branches in its own
// relevant slice), and the symbolic output (criterion.ts says what the output is).
//
// Decisions (README.md beside this file):
//   - the value an output concretised (a symbolic exit status, a printed symbolic number) is the
//     output, not a condition: the 'concretize' constraints added at the criterion's own output
//     instances are left out of the RSC and their expressions are the symbolic output instead;
//   - with `exit` in the criterion every implicit check and pointer resolution of the path is a
//     criterion instance (its other outcome is an error: another ending);
//   - keys compare expressions printed canonically (commutative operands sorted by their text), so two
//     runs with different expression numbering agree on what is the same partition.

import { terminatorTargets } from '../../analysis/cfg.js';
import * as B from '../../expr/build.js';
import { Kind, KIND_NAMES, type Expr } from '../../expr/expr.js';
import { SmtLibTranslator } from '../../solver/smtlib.js';
import type { Trace, TraceConstraint } from '../../engine/trace/model.js';
import type { TraceGraph } from '../shared/trace-graph.js';
import type { Criterion, OutputEffects } from './criterion.js';

export interface PathPartition {
  /** The relevant-slice condition, in path order. */
  readonly rsc: readonly TraceConstraint[];
  /** The symbolic output, one readable part per observed thing (stdout text, marked variable, ending). */
  readonly output: readonly string[];
  /** The same as a shape (the text with '?' for each symbolic value) and the symbolic values in order:
   *  two outputs differ when their shapes differ or some value does (augment.ts). */
  readonly outputParts: readonly OutputPart[];
  /** The RSC as a canonical text (constraints sorted): what identifies it across paths and runs. */
  readonly rscKey: string;
  /** RSC and symbolic output together: the partition. */
  readonly key: string;
}

export interface OutputPart {
  readonly shape: string;
  readonly exprs: readonly Expr[];
}

const COMMUTATIVE = new Set<Kind>([Kind.Add, Kind.Mul, Kind.And, Kind.Or, Kind.Xor, Kind.Eq]);
const canonMemo = new WeakMap<Expr, string>();

/**
 * A concatenation of byte reads of one symbolic array at consecutive constant indices, high byte first
 * (a little-endian load of an input): `x`, or `x[lo..hi]` for part of it; '' for anything else.
 */
function wholeReads(e: Expr): string {
  const parts: Expr[] = [];
  let cur: Expr = e;
  while (cur.kind === Kind.Concat) {
    parts.push(cur.kids[0]!);
    cur = cur.kids[1]!;
  }
  parts.push(cur);
  const first = parts[0]!;
  if (first.kind !== Kind.Read || first.updates || !first.array!.isSymbolic) return '';
  const a = first.array!;
  let prev = -1n;
  for (const p of parts) {
    if (p.kind !== Kind.Read || p.array !== a || p.updates || !p.kids[0]!.isConst) return '';
    const i = p.kids[0]!.value;
    if (prev >= 0n && i !== prev - 1n) return '';
    prev = i;
  }
  const hi = Number(first.kids[0]!.value);
  const lo = Number(prev);
  return lo === 0 && hi === a.size - 1 ? a.name : `${a.name}[${lo}..${hi}]`;
}

/** Bytes that are a whole symbolic array in order (a marked variable still holding an input): its name. */
function wholeBytes(bytes: readonly (number | Expr)[]): string {
  const first = bytes[0];
  if (first === undefined || typeof first === 'number' || first.kind !== Kind.Read || first.updates || !first.array!.isSymbolic) return '';
  const a = first.array!;
  if (a.size !== bytes.length) return '';
  const ok = bytes.every((b, k) => typeof b !== 'number' && b.kind === Kind.Read && b.array === a && !b.updates && b.kids[0]!.isConst && b.kids[0]!.value === BigInt(k));
  return ok ? a.name : '';
}

function contentHash(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193);
  return (h >>> 0).toString(16);
}

/** An expression's text with the operands of commutative operators sorted (independent of node ids). */
export function canon(e: Expr): string {
  const known = canonMemo.get(e);
  if (known !== undefined) return known;
  let s: string;
  if (e.kind === Kind.Const) s = e.toString();
  else if (e.kind === Kind.Read) {
    const a = e.array!;
    const ups: string[] = [];
    for (let u = e.updates; u; u = u.next) ups.push(`${canon(u.index)}=${canon(u.value)}`);
    // A constant array is named after its contents: its name is fresh in every run.
    const name = a.constantValues ? `const${a.size}_${contentHash(a.constantValues)}` : a.name;
    s = `(Read w8 ${canon(e.kids[0]!)} ${name}${ups.length ? ` [${ups.join(', ')}]` : ''})`;
  }
  else if (e.kind === Kind.Concat && (s = wholeReads(e)) !== '') {
    // x's bytes read in order: the variable itself (or a byte range of it)
  } else if (e.kind === Kind.Extract) s = `(Extract w${e.width} ${e.offset} ${canon(e.kids[0]!)})`;
  else {
    const kids = e.kids.map(canon);
    if (COMMUTATIVE.has(e.kind)) kids.sort();
    s = `(${KIND_NAMES[e.kind]} w${e.width} ${kids.join(' ')})`;
  }
  canonMemo.set(e, s);
  return s;
}

/** SMT-LIB text of the conjunction of `exprs` (declarations and one assertion). */
export function smtlib(exprs: readonly Expr[]): string {
  const live = exprs.filter((e) => !e.isConst);
  if (live.length === 0) return exprs.some((e) => e.isFalse) ? '(assert false)' : '(assert true)';
  const t = new SmtLibTranslator();
  const a = t.assertion(live, new Set());
  return t.takePending() + a;
}

/** A constraint by source line: `file:line T|F` for a branch, `file:line kind` for the rest. */
export function readable(trace: Trace, c: TraceConstraint, negated = false): string {
  const l = trace.inst(c.instance).loc;
  const where = l ? `${l.file.split('/').pop()}:${l.line}` : `#${trace.staticId(c.instance)}`;
  if (c.kind === 'branch') return `${where} ${(c.direction === 0) !== negated ? 'T' : 'F'}`;
  return `${where} ${negated ? '!' : ''}${c.kind}${c.multiway ? `=${c.outcome}` : ''}`;
}

function latin1(bytes: readonly (number | Expr)[]): string {
  return bytes.map((b) => String.fromCharCode(b as number)).join('');
}

/** The criterion's instances on `trace` and the concretisations that are output values. */
function criterionOf(trace: Trace, crit: Criterion, effects: OutputEffects): { instances: number[]; outputInstances: Set<number> } {
  const instances: number[] = [];
  const outputInstances = new Set<number>();
  if (trace.length === 0) return { instances, outputInstances };
  const end = trace.length - 1;
  for (const o of trace.outputs) {
    if ((o.channel === 'stdout' && crit.has('stdout')) || (o.channel === 'marked' && crit.has('marked'))) {
      instances.push(o.instance);
      outputInstances.add(o.instance);
    }
  }
  if (crit.has('exit')) {
    instances.push(end);
    outputInstances.add(end);
    for (const c of trace.constraints) if (c.negatable && (c.kind === 'check' || c.kind === 'resolve')) instances.push(c.instance);
  }
  // The end reads the output sequence: it is potentially dependent on every branch instance one of
  // whose directions could add to it (criterion.ts: the taken one counts too).
  for (const i of trace.branchInstances()) {
    const inst = trace.inst(i);
    const n = terminatorTargets(inst).length;
    for (let k = 0; k < n; k++) {
      if (effects.effectful(inst, k)) {
        instances.push(i);
        break;
      }
    }
  }
  return { instances, outputInstances };
}

/** The symbolic output of a path under the criterion. */
function outputOf(trace: Trace, crit: Criterion, outputInstances: ReadonlySet<number>): { out: string[]; parts: OutputPart[] } {
  const conc = new Map<number, Expr[]>();
  for (const c of trace.concretizations) {
    if (!outputInstances.has(c.instance)) continue;
    let l = conc.get(c.instance);
    if (!l) conc.set(c.instance, (l = []));
    l.push(c.expr);
  }
  const out: string[] = [];
  const parts: OutputPart[] = [];
  let text = '';
  const flush = (): void => {
    if (text !== '') {
      out.push(`stdout ${JSON.stringify(text)}`);
      parts.push({ shape: out[out.length - 1]!, exprs: [] });
    }
    text = '';
  };
  for (const o of trace.outputs) {
    if (o.channel === 'stdout' && crit.has('stdout')) {
      const vs = conc.get(o.instance);
      if (!vs) text += latin1(o.bytes);
      else {
        flush();
        const l = trace.inst(o.instance).loc;
        const at = `stdout printed at ${l ? `${l.file.split('/').pop()}:${l.line}` : '?'} from`;
        out.push(`${at} ${vs.map(canon).join(', ')}`);
        parts.push({ shape: `${at} ${vs.map(() => '?').join(', ')}`, exprs: vs });
      }
    } else if (o.channel === 'marked' && crit.has('marked')) {
      flush();
      const concrete = o.bytes.every((b) => typeof b === 'number');
      const whole = wholeBytes(o.bytes);
      parts.push({ shape: `${o.name} = ${o.bytes.map((b) => (typeof b === 'number' ? String(b) : '?')).join(',')}`, exprs: o.bytes.filter((b): b is Expr => typeof b !== 'number') });
      if (whole !== '') {
        out.push(`${o.name} = ${whole}`);
        continue;
      }
      out.push(`${o.name} = ${concrete ? `0x${o.bytes.map((b) => (b as number).toString(16).padStart(2, '0')).join('')}` : `[${o.bytes.map((b) => (typeof b === 'number' ? String(b) : canon(b))).join(', ')}]`}`);
    }
  }
  flush();
  if (crit.has('exit')) {
    const e = trace.end;
    const vs = conc.get(trace.length - 1);
    if (e.kind === 'exit') out.push(vs ? `exit status ${vs.map(canon).join(', ')}` : `exit status ${e.exitCode}`);
    else if (e.kind === 'error') out.push(`error ${e.errorKind}@${e.file.split('/').pop()}:${e.line}`);
    else out.push(`ended ${e.kind}`);
    parts.push(e.kind === 'exit' && vs ? { shape: 'exit status ?', exprs: vs } : { shape: out[out.length - 1]!, exprs: [] });
  }
  return { out, parts };
}

/** Algorithm 1's reorder: the last constraint is the pivot; those in its relevant slice go before it. */
function reorder(seq: readonly TraceConstraint[], sliceOf: (instance: number) => Uint32Array): TraceConstraint[] {
  if (seq.length <= 1) return [...seq];
  const pivot = seq[seq.length - 1]!;
  const bits = sliceOf(pivot.instance);
  const before: TraceConstraint[] = [];
  const after: TraceConstraint[] = [];
  for (let k = 0; k < seq.length - 1; k++) {
    const c = seq[k]!;
    if (((bits[c.index >>> 5] ?? 0) >>> (c.index & 31)) & 1) before.push(c);
    else after.push(c);
  }
  return [...reorder(before, sliceOf), pivot, ...reorder(after, sliceOf)];
}

/** The RSC reordered by Algorithm 1 (`graph` gives each branch instance's relevant slice). */
export function reorderedRsc(rsc: readonly TraceConstraint[], graph: TraceGraph): TraceConstraint[] {
  const memo = new Map<number, Uint32Array>();
  const sliceOf = (i: number): Uint32Array => {
    let b = memo.get(i);
    if (!b) memo.set(i, (b = graph.constraintsReaching([i])));
    return b;
  };
  return reorder(rsc, sliceOf);
}

/** PESO's view of one path. `graph` holds the trace's relevant-slice dependences. */
export function partitionOf(trace: Trace, graph: TraceGraph, crit: Criterion, effects: OutputEffects): PathPartition {
  const { instances, outputInstances } = criterionOf(trace, crit, effects);
  const bits = graph.constraintsReaching(instances);
  const rsc = trace.constraints.filter(
    (c) => ((bits[c.index >>> 5] ?? 0) >>> (c.index & 31)) & 1 && !(c.kind === 'concretize' && outputInstances.has(c.instance)),
  );
  const { out: output, parts: outputParts } = outputOf(trace, crit, outputInstances);
  const rscKey = [...new Set(rsc.map((c) => canon(c.expr)))].sort().join(' & ');
  return { rsc, output, outputParts, rscKey, key: `${rscKey} => ${output.join(' ; ')}` };
}

/** ψ'1 ∧ … ∧ ψ'(i-1) ∧ ¬ψ'i (i counted from 1) as constraint expressions. */
export function prefixNegation(seq: readonly TraceConstraint[], i: number): Expr[] {
  return [...seq.slice(0, i - 1).map((c) => c.expr), B.notB(seq[i - 1]!.expr)];
}
