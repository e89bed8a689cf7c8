// main's arguments: argc, argv (the program name then opts.programArgs, as NUL-terminated strings in
// their own objects, the array NULL-terminated) and envp (opts.environ, --environ FILE; else empty). This is the seam the POSIX runtime
// (symbolic arguments, --sym-arg …) replaces through RunEnvironment.mainArgs.

import type { Func } from '../ir/model.js';
import { ObjKind } from '../memory/memory-object.js';
import type { Executor } from './executor.js';
import type { ExecutionState } from './state.js';
import type { Val } from './values.js';

/** Builds the argument values for `main` in the initial state. */
export type MainArgsBuilder = (ex: Executor, s: ExecutionState, main: Func) => Val[];

/** Places a C string in a new read-write object of `s`; returns its address. */
export function placeString(ex: Executor, s: ExecutionState, text: string, name: string): bigint {
  const bytes = new TextEncoder().encode(text);
  const mo = ex.image.allocator.allocate(bytes.length + 1, ObjKind.Global, name, 'argv');
  const os = s.space.bind(mo);
  os.setBytes(0, bytes);
  return BigInt(mo.address);
}

/** Places a NULL-terminated array of pointers; returns its address. */
export function placePointerArray(ex: Executor, s: ExecutionState, ptrs: readonly bigint[], name: string): bigint {
  const mo = ex.image.allocator.allocate((ptrs.length + 1) * 8, ObjKind.Global, name, 'argv');
  const os = s.space.bind(mo);
  ptrs.forEach((p, i) => os.writeConcrete(i * 8, 8, p));
  return BigInt(mo.address);
}

/** The program's name as argv[0]: its source file's base name without extension. */
export function programName(ex: Executor): string {
  if (ex.opts.programName) return ex.opts.programName;
  const file = ex.module.sourceFileName ?? ex.module.file;
  const base = file.slice(file.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

export const defaultMainArgs: MainArgsBuilder = (ex, s, main) => {
  const n = main.params.length;
  if (n === 0) return [];
  const words = [programName(ex), ...ex.opts.programArgs];
  const ptrs = words.map((w, i) => placeString(ex, s, w, `argv[${i}]`));
  const out: Val[] = [BigInt(words.length), placePointerArray(ex, s, ptrs, 'argv')];
  const env = ex.opts.environ ?? [];
  if (n >= 3) out.push(placePointerArray(ex, s, env.map((e, i) => placeString(ex, s, e, `envp[${i}]`)), 'envp'));
  return out.slice(0, n);
};
