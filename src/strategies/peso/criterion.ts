// PESO's output criterion (`--output-criterion SPEC`) and the static facts it needs.
//
// SPEC is a comma-separated subset of
//   stdout — the bytes the program writes to stdout (each write is a criterion instance);
//   exit   — how the path ended: its exit status, or its error (kind and location); a crash is an
//            exit status too, so every implicit check (division by zero, a symbolic pointer's bounds)
//            is a criterion instance as well: its other outcome is another ending;
//   marked — the variables marked with sympath_output(ptr, size, "name") (sympath.h).
// Default: stdout,exit (what the program makes observable).
//
// The paper requires the criterion to post-dominate the entry (§3.2, Fig. 6): a criterion that is not
// executed on every path would let a branch that *adds* an output (a printf on one side only) go
// unnoticed. Ours is made to: the outputs are appended to one observable sequence read at the end of
// every path (the trace's last instance, which always exists). The end is "potentially dependent" on a
// branch instance whose untaken direction can reach an output effect of the criterion before the
// branch's immediate post-dominator (Definition 3, with the output sequence as the variable: it is
// never killed, only appended to). OutputEffects computes, per deciding terminator, which directions
// can: statically, with calls followed through their bodies. A branch instance with any effectful
// direction, the one taken included, is a criterion instance: membership in the RSC must not depend on
// the branch's own direction, or negating it changes which constraints the next path's RSC holds (the
// prefix property of the paper's Lemma 3.13). (Potential dependence proper gets this from the data
// dependence on the definition the taken side made; a possible error the taken side passed leaves no
// trace to depend on: a load through a concrete pointer adds no constraint.)

import { cfgOf, isDeciding, terminatorTargets } from '../../analysis/cfg.js';
import { postDominatorTree } from '../../analysis/dominators.js';
import { calledFunction } from '../../ir/index.js';
import type { BasicBlock, Func, Instruction, Module, Value } from '../../ir/model.js';

export const CRITERION_PARTS = ['stdout', 'exit', 'marked'] as const;
export type CriterionPart = (typeof CRITERION_PARTS)[number];
export type Criterion = ReadonlySet<CriterionPart>;

export const DEFAULT_CRITERION: Criterion = new Set<CriterionPart>(['stdout', 'exit']);

/** Parses `stdout,exit` (the option's value); throws naming what is wrong. */
export function parseCriterion(spec: string): Set<CriterionPart> {
  const out = new Set<CriterionPart>();
  for (const raw of spec.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    if (!(CRITERION_PARTS as readonly string[]).includes(name)) {
      throw new Error(`unknown output criterion '${name}' (expected a comma-separated list of ${CRITERION_PARTS.join(', ')})`);
    }
    out.add(name as CriterionPart);
  }
  if (out.size === 0) throw new Error(`empty output criterion (expected a comma-separated list of ${CRITERION_PARTS.join(', ')})`);
  return out;
}

/** Built-ins that write to a stream (stdout or stderr: which one is not known statically). */
const STREAM_WRITERS = new Set(['printf', 'vprintf', 'fprintf', 'vfprintf', 'puts', 'fputs', 'putchar', 'fputc', 'putc', 'fwrite', 'write', '__sympath_host_write']);
/** Built-ins that end the path. */
const ENDERS = new Set(['exit', '_exit', '_Exit', 'abort', '__assert_fail', '__assert', 'klee_report_error', 'klee_silent_exit', 'klee_abort']);
/** External functions that neither output nor fail on a valid program state (debug info, markers). */
const QUIET = /^(llvm\.(dbg|lifetime|stacksave|stackrestore|assume|expect|va_start|va_end|va_copy|smax|smin|umax|umin|abs|ctlz|cttz|ctpop|bswap|fshl|fshr|sadd|uadd|ssub|usub|smul|umul)|klee_make_symbolic$|klee_int$|klee_is_symbolic$|klee_warning|klee_print_|klee_prefer_cex$|klee_get_value|sympath_output$)/;
const DIVIDING = new Set(['udiv', 'sdiv', 'urem', 'srem']);
const SHIFTING = new Set(['shl', 'lshr', 'ashr']);
const ACCESSING = new Set(['load', 'store', 'atomicrmw', 'cmpxchg']);

/** Whether a value is a constant (no check can fail on it). */
function isConstant(v: Value | undefined): boolean {
  return v !== undefined && v.vk !== 'inst' && v.vk !== 'arg';
}

/** Whether a pointer operand is an object of its own (a local or a global, possibly at a constant offset). */
function fixedObject(v: Value | undefined): boolean {
  for (let k = 0; k < 8 && v; k++) {
    if (v.vk === 'global') return true;
    if (v.vk === 'inst' && v.op === 'alloca') return true;
    if ((v.vk === 'inst' || v.vk === 'cexpr') && v.op === 'getelementptr' && v.operands.slice(1).every((o) => isConstant(o as Value))) {
      v = v.operands[0] as Value;
      continue;
    }
    return false;
  }
  return false;
}

/** What an instruction may do that the criterion observes (not through calls to bodies). */
function ownEffect(inst: Instruction, crit: Criterion, checkOvershift: boolean): boolean {
  const exit = crit.has('exit');
  if (inst.op === 'call' || inst.op === 'invoke') {
    const f = calledFunction(inst);
    if (!f) return exit; // an indirect call: anything
    if (f.blocks.length > 0) return false; // followed by the caller (functionEffects)
    if (STREAM_WRITERS.has(f.name)) return crit.has('stdout');
    if (f.name === 'sympath_output') return crit.has('marked');
    if (ENDERS.has(f.name) || f.fnAttrs.includes('noreturn') || inst.callAttrs?.includes('noreturn')) return exit;
    return exit && !QUIET.test(f.name); // another external: it may fail (a bad pointer, a model limit)
  }
  if (!exit) return false;
  if (inst.op === 'unreachable') return true;
  if (inst.op === 'ret') return inst.parent.fn.name === 'main';
  // Only the checks the engine makes (an overshift is an error with --check-overshift only).
  if (DIVIDING.has(inst.op) || (checkOvershift && SHIFTING.has(inst.op))) return !isConstant(inst.operands[1]);
  if (ACCESSING.has(inst.op)) return !fixedObject(inst.op === 'store' ? inst.operands[1] : inst.operands[0]);
  return false;
}

/**
 * Per deciding terminator (by instruction id): for each direction, whether taking it can reach an
 * output effect before the branch's immediate post-dominator. Functions are analysed on first query.
 */
export class OutputEffects {
  private readonly fnEffect = new Map<Func, boolean>();
  private readonly dirs = new Map<number, boolean[]>();
  millis = 0;

  constructor(
    readonly module: Module,
    readonly criterion: Criterion,
    private readonly checkOvershift = false,
  ) {
    this.functionEffects();
  }

  /** Whether a function may (through its callees too) make an output effect. Fixpoint over direct calls. */
  private functionEffects(): void {
    const t = performance.now();
    const fns = this.module.functions.filter((f) => f.blocks.length > 0);
    const own = new Map<Func, boolean>();
    const callees = new Map<Func, Func[]>();
    for (const f of fns) {
      let e = false;
      const cs: Func[] = [];
      for (const b of f.blocks) {
        for (const i of b.instructions) {
          if (ownEffect(i, this.criterion, this.checkOvershift)) e = true;
          if (i.op === 'call' || i.op === 'invoke') {
            const g = calledFunction(i);
            if (g && g.blocks.length > 0) cs.push(g);
          }
        }
      }
      own.set(f, e);
      callees.set(f, cs);
    }
    let changed = true;
    while (changed) {
      changed = false;
      for (const f of fns) {
        if (own.get(f)) continue;
        if (callees.get(f)!.some((g) => own.get(g))) {
          own.set(f, true);
          changed = true;
        }
      }
    }
    for (const [f, e] of own) this.fnEffect.set(f, e);
    this.millis += performance.now() - t;
  }

  private instEffect(i: Instruction): boolean {
    if (ownEffect(i, this.criterion, this.checkOvershift)) return true;
    if (i.op !== 'call' && i.op !== 'invoke') return false;
    const g = calledFunction(i);
    return g !== undefined && g.blocks.length > 0 && this.fnEffect.get(g) === true;
  }

  private blockEffect = new Map<BasicBlock, boolean>();
  private blockHas(b: BasicBlock): boolean {
    let e = this.blockEffect.get(b);
    if (e === undefined) this.blockEffect.set(b, (e = b.instructions.some((i) => this.instEffect(i))));
    return e;
  }

  /** Whether direction `d` of terminator `term` can reach an output effect before its post-dominator. */
  effectful(term: Instruction, d: number): boolean {
    let per = this.dirs.get(term.id);
    if (!per) {
      const t = performance.now();
      per = this.compute(term);
      this.dirs.set(term.id, per);
      this.millis += performance.now() - t;
    }
    return per[d] ?? true;
  }

  private compute(term: Instruction): boolean[] {
    if (!isDeciding(term)) return [];
    const fn = term.parent.fn;
    const stop = postDominatorTree(fn).ipdom(term.parent);
    const cfg = cfgOf(fn);
    return terminatorTargets(term).map((start) => {
      const seen = new Set<BasicBlock>();
      const work = [start];
      while (work.length > 0) {
        const b = work.pop()!;
        if (b === stop || seen.has(b)) continue;
        seen.add(b);
        if (this.blockHas(b)) return true;
        for (const s of cfg.succs(b)) work.push(s);
      }
      return false;
    });
  }
}
