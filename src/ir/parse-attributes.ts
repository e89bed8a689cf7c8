// Attributes: parameter/return attributes (`noundef`, `align 8`, `byval(%struct.S)`, `range(i32 0, 4)`),
// function attributes inline and as `#N` groups (`attributes #0 = { … }`, resolved at the end of the
// module), and calling conventions. Attributes are kept as their source text (`align 8`,
// `"frame-pointer"="all"`), types inside them printed canonically (`byval(%struct.S)`).

import { Tok } from './lexer.js';
import type { ParseContext } from './parse-context.js';
import { parseType } from './parse-types.js';
import { typeToString, type Type } from './types.js';
import { vocabulary } from './vocabulary.js';

/** Every attribute keyword of LLVM 19 (and clang-14), parameter and function alike. */
const ATTRIBUTES = vocabulary([
  // parameter and return
  'align', 'allocalign', 'allocptr', 'byref', 'byval', 'dead_on_unwind', 'dereferenceable',
  'dereferenceable_or_null', 'elementtype', 'immarg', 'inalloca', 'inreg', 'nest', 'noalias',
  'nocapture', 'nofpclass', 'nonnull', 'noundef', 'preallocated', 'range', 'returned', 'signext',
  'sret', 'swiftasync', 'swifterror', 'swiftself', 'writable', 'zeroext', 'initializes', 'captures',
  'noext',
  // function
  'alignstack', 'allockind', 'allocsize', 'alwaysinline', 'argmemonly', 'builtin', 'cold',
  'convergent', 'disable_sanitizer_instrumentation', 'fn_ret_thunk_extern', 'hot', 'hybrid_patchable',
  'inaccessiblemem_or_argmemonly', 'inaccessiblememonly', 'inlinehint', 'jumptable', 'memory',
  'minsize', 'mustprogress', 'naked', 'nobuiltin', 'nocallback', 'nocf_check', 'noduplicate',
  'nofree', 'noimplicitfloat', 'noinline', 'nomerge', 'nonlazybind', 'noprofile', 'norecurse',
  'noredzone', 'noreturn', 'nosanitize_bounds', 'nosanitize_coverage', 'nosync', 'nounwind',
  'null_pointer_is_valid', 'optdebug', 'optforfuzzing', 'optnone', 'optsize', 'presplitcoroutine',
  'readnone', 'readonly', 'returns_twice', 'safestack', 'sanitize_address', 'sanitize_hwaddress',
  'sanitize_memory', 'sanitize_memtag', 'sanitize_numerical_stability', 'sanitize_realtime',
  'sanitize_realtime_blocking', 'sanitize_thread', 'sanitize_type', 'shadowcallstack', 'skipprofile',
  'speculatable', 'speculative_load_hardening', 'ssp', 'sspreq', 'sspstrong', 'strictfp', 'uwtable',
  'vscale_range', 'willreturn', 'writeonly', 'coro_only_destroy_when_complete', 'coro_elide_safe',
  'no_sanitize_address', 'no_sanitize_hwaddress', 'nodivergencesource',
]);

/** Attributes whose argument is a type: `byval(T)`. */
const TYPE_ATTRIBUTES = new Set(['byval', 'sret', 'byref', 'preallocated', 'inalloca', 'elementtype']);

export function isAttributeWord(w: string): boolean {
  return ATTRIBUTES.has(w);
}

/** A shared empty list for the common case of no attributes (never mutated). */
export const NO_ATTRS: string[] = Object.freeze([]) as unknown as string[];

/**
 * Parameter or return attributes, as many as follow (NO_ATTRS when none). The type of a `byval(T)`
 * among them is left in `p.byval` (undefined when there is none), which spares an object per
 * argument.
 */
export function parseParamAttrs(p: ParseContext): string[] {
  const lx = p.lx;
  let attrs = NO_ATTRS;
  let byval: Type | undefined;
  for (;;) {
    let text: string;
    if (lx.tok === Tok.Ident && ATTRIBUTES.has(lx.str)) {
      const w = lx.str;
      if (TYPE_ATTRIBUTES.has(w)) {
        lx.next();
        if (lx.tok === Tok.LParen) {
          lx.next();
          const t = parseType(p);
          p.expect(Tok.RParen, "')'");
          if (w === 'byval') byval = t;
          text = `${w}(${typeToString(t)})`;
        } else text = w;
      } else text = parseAttributeText(p);
    } else if (lx.tok === Tok.String) {
      text = parseStringAttribute(p);
    } else break;
    if (attrs === NO_ATTRS) attrs = [];
    attrs.push(p.intern(text));
  }
  p.byval = byval;
  return attrs === NO_ATTRS ? attrs : attrs.slice();
}

/** One keyword attribute and its argument (`align 8`, `memory(argmem: read)`, `nounwind`) as text. */
function parseAttributeText(p: ParseContext): string {
  const lx = p.lx;
  const from = lx.start;
  const w = lx.str;
  lx.next();
  if (w === 'align' || w === 'alignstack') {
    if (lx.tok === Tok.Integer) {
      p.parseAlign();
      return lx.text.slice(from, lx.prevEnd);
    }
    if (lx.tok === Tok.Equal) {
      lx.next();
      p.parseAlign();
      return lx.text.slice(from, lx.prevEnd);
    }
  }
  if (lx.tok === Tok.LParen) {
    const end = lx.skipBalanced();
    return lx.text.slice(from, end);
  }
  return ATTRIBUTES.get(w) ?? w;
}

/** `"key"` or `"key"="value"`, kept verbatim. */
function parseStringAttribute(p: ParseContext): string {
  const lx = p.lx;
  const from = lx.start;
  let end = lx.end;
  lx.next();
  if (lx.tok === Tok.Equal) {
    lx.next();
    if (lx.tok !== Tok.String) throw p.unexpected('a string attribute value');
    end = lx.end;
    lx.next();
  }
  return lx.text.slice(from, end);
}

/**
 * Function attributes after a parameter list (of a definition, a call or a global): keywords, strings
 * and `#N` groups, appended to `holder[key]` (a string[]). Group references are expanded at the end of
 * the module. Arrays are replaced, not grown, so they stay exactly sized.
 */
export function parseFnAttrs<K extends string>(p: ParseContext, holder: { [k in K]?: string[] }, key: K): void {
  const lx = p.lx;
  let found: string[] | undefined;
  for (;;) {
    let a: string;
    if (lx.tok === Tok.Ident && ATTRIBUTES.has(lx.str)) a = parseAttributeText(p);
    else if (lx.tok === Tok.String) a = parseStringAttribute(p);
    else if (lx.tok === Tok.AttrGrp) {
      p.groupUses.push({ holder: holder as Record<string, unknown>, key, id: lx.num, pos: p.pos() });
      lx.next();
      continue;
    } else break;
    (found ??= []).push(p.intern(a));
  }
  if (found) holder[key] = (holder[key] ?? []).concat(found);
}

/** `attributes #N = { … }` at module level: any attribute, known or not, kept as text. */
export function parseAttributeGroup(p: ParseContext): void {
  const lx = p.lx;
  lx.next(); // attributes
  if (lx.tok !== Tok.AttrGrp) throw p.unexpected("an attribute group id '#N'");
  const id = lx.num;
  if (p.attrGroups.has(id)) throw p.fail(`redefinition of attribute group '#${id}'`);
  lx.next();
  p.expect(Tok.Equal, "'='");
  p.expect(Tok.LBrace, "'{'");
  const attrs: string[] = [];
  while (lx.tok !== Tok.RBrace) {
    if (lx.tok === Tok.String) attrs.push(p.intern(parseStringAttribute(p)));
    else if (lx.tok === Tok.Ident) {
      const from = lx.start;
      let end = lx.end;
      lx.next();
      if (lx.tok === Tok.LParen) end = lx.skipBalanced();
      else if (lx.tok === Tok.Equal) {
        lx.next();
        if (lx.tok !== Tok.Integer && lx.tok !== Tok.String && lx.tok !== Tok.Ident) throw p.unexpected('an attribute value');
        end = lx.end;
        lx.next();
      }
      const text = lx.text.slice(from, end);
      attrs.push(ATTRIBUTES.get(text) ?? p.intern(text));
    } else throw p.unexpected("an attribute or '}'");
  }
  lx.next();
  p.attrGroups.set(id, Object.freeze(attrs) as string[]);
}

/** Calling conventions: `fastcc`, `cc 10`, `x86_stdcallcc`, … */
export function parseCallingConv(p: ParseContext): string | undefined {
  const lx = p.lx;
  if (lx.tok !== Tok.Ident) return undefined;
  const w = lx.str;
  if (w === 'cc') {
    lx.next();
    return `cc ${p.parseUInt('a calling convention number')}`;
  }
  if ((w.endsWith('cc') && w !== 'cc') || CALLING_CONVS.has(w)) {
    lx.next();
    return w;
  }
  return undefined;
}

const CALLING_CONVS = new Set([
  'spir_func', 'spir_kernel', 'ptx_kernel', 'ptx_device', 'aarch64_vector_pcs', 'aarch64_sve_vector_pcs',
  'aarch64_sme_preservemost_from_x0', 'aarch64_sme_preservemost_from_x2', 'amdgpu_kernel', 'amdgpu_gfx',
  'amdgpu_vs', 'amdgpu_ps', 'amdgpu_cs', 'riscv_vector_cc', 'm68k_rtdcc',
]);
