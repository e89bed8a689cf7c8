// Helpers for the IR tests: parse a snippet as a whole module or as the body of one function, and find
// instructions by result name.
import { parseModule } from '../../src/ir/index.js';
import type { Func, Instruction, Module } from '../../src/ir/model.js';

export function mod(text: string): Module {
  return parseModule(text, 'test.ll');
}

/** Parses `body` as the body of `define RET @f(PARAMS)`, after the module-level `prelude`. */
export function fn(body: string, sig = 'void @f()', prelude = ''): Func {
  const m = mod(`${prelude}\ndefine ${sig} {\n${body}\n}\n`);
  return m.functions.find((f) => !f.isDeclaration)!;
}

/** The instruction named `%name` of `f`. */
export function inst(f: Func, name: string): Instruction {
  for (const b of f.blocks) for (const i of b.instructions) if (i.name === name) return i;
  throw new Error(`no instruction %${name}`);
}

/** Every instruction of `f` in order. */
export function insts(f: Func): Instruction[] {
  return f.blocks.flatMap((b) => b.instructions);
}

/** The ParseError message (`LINE:COL: message`) parsing `text` raises, or 'ok'. */
export function errorOf(text: string): string {
  try {
    mod(text);
    return 'ok';
  } catch (e) {
    const pe = e as { short?: string };
    if (pe.short === undefined) throw e;
    return pe.short;
  }
}
