// The IR front end's public face: load a .ll/.bc file or parse text into a lowered module, plus the
// small queries the engine and analyses use on it.

import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { IrFileError } from './errors.js';
import { parseModuleText } from './parser.js';
import { lowerModule } from './lower.js';
import { printedByLlvm } from './parse-lazy.js';
import type { Func, Instruction, Module, Value } from './model.js';

export { ParseError, IrFileError } from './errors.js';
export { isTerminator, successors, terminatorOf, isBranchPoint } from './cfg.js';
export { lowerModule } from './lower.js';
export { pendingBodyOf } from './build.js';
export type * from './model.js';

/**
 * Parses and lowers .ll text. Throws ParseError (located) on bad IR. With `lazyBodies`, text LLVM printed
 * keeps its bodies without debug information as text until first read (parse-lazy.ts).
 */
export function parseModule(text: string, fileName: string, opts: { lazyBodies?: boolean } = {}): Module {
  const lazy = opts.lazyBodies === true && printedByLlvm(text);
  return lowerModule(parseModuleText(text, fileName, lazy), text);
}

/**
 * Loads a .ll file, or a .bc file through `llvm-dis-19`. Throws IrFileError or ParseError (from a body
 * parsed on first use, when that is read: parse-lazy.ts).
 */
export function loadModule(path: string): Module {
  return parseModule(readModuleText(path), path, { lazyBodies: true });
}

/** The textual IR of a .ll or .bc file. */
export function readModuleText(path: string): string {
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch (e) {
    throw new IrFileError(`${path}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  // Bitcode starts with 'BC' 0xC0DE, or with the wrapper magic 0x0B17C0DE.
  const isBitcode =
    (data[0] === 0x42 && data[1] === 0x43 && data[2] === 0xc0 && data[3] === 0xde) ||
    (data[0] === 0xde && data[1] === 0xc0 && data[2] === 0x17 && data[3] === 0x0b);
  if (!isBitcode) return data.toString('utf8');
  try {
    return execFileSync('llvm-dis-19', ['-o', '-', path], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as { stderr?: string; code?: string; message: string };
    if (err.code === 'ENOENT') throw new IrFileError(`${path}: llvm-dis-19 is not installed (needed to read bitcode)`);
    throw new IrFileError(`${path}: llvm-dis-19 failed: ${(err.stderr ?? err.message).trim()}`);
  }
}

/** Every instruction of `fn`, in block order. */
export function* instructionsOf(fn: Func): Generator<Instruction> {
  for (const b of fn.blocks) yield* b.instructions;
}

/** The function a call/invoke calls directly (through aliases and pointer casts), if any. */
export function calledFunction(inst: Instruction): Func | undefined {
  if (inst.op !== 'call' && inst.op !== 'invoke') return undefined;
  let v: Value | undefined = inst.operands[0];
  for (let depth = 0; v && depth < 16; depth++) {
    if (v.vk === 'func') return v;
    if (v.vk === 'alias') v = v.aliasee;
    else if (v.vk === 'cexpr' && (v.op === 'bitcast' || v.op === 'addrspacecast')) v = v.operands[0];
    else return undefined;
  }
  return undefined;
}

export { printValueRef, printConstant, operandText, typedOperand } from './print-value.js';
export { printModule, printFunction, printInstruction } from './print.js';
