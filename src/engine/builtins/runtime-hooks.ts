// What a program linked with sympath's musl needs from the engine and C cannot do (runtime/musl/README.md,
// runtime/posix/README.md): the static constructors and destructors (@llvm.global_ctors/dtors), output
// to the host's stdout/stderr, fresh memory for mmap, the end of the path (exit_group), and reading
// host files on the --allow-read list. Everything else of the system-call layer is C (runtime/posix).
//
// Also here: the choice of the entry function (musl's start-up code `__sympath_start` when the module
// has it, else `main`), and KLEE's treatment of the allocator: in a musl-linked module the engine's own
// malloc/free/calloc/realloc (builtins/libc-memory.ts) replace musl's, as KLEE's special-function
// handler replaces uClibc's, so that every allocation is an object of its own (bounds, use-after-free
// and double-free checks) instead of a slice of an mmap'd arena.

import { collectArrays, evaluate } from '../../expr/evaluate.js';
import type { ArrayDecl, Expr } from '../../expr/expr.js';
import type { Constant, Func, Module } from '../../ir/model.js';
import { FREED } from '../../memory/address-space.js';
import { ObjKind } from '../../memory/memory-object.js';
import * as B from '../../expr/build.js';
import { norm, toExpr, type Scalar } from '../values.js';
import { HEAP } from './libc-memory.js';
import { hostFile } from './host-files.js';
import { concreteArg, concreteArgs, objectAt, type BuiltinTableEntries, type CallContext } from './types.js';
import { PREEMPTED_DEFINITIONS } from './testcomp.js';

/** The start-up function of musl-linked programs (runtime/musl/crt/crt1.c). */
export const MUSL_ENTRY = '__sympath_start';

/**
 * musl functions the engine's own built-ins replace when musl is linked: the allocator (by the name each
 * entry point has in musl: `malloc` is an alias of `default_malloc`, libc-internal calls use the
 * `__libc_*` names), and abort/__assert_fail, which end the path at once as `abort`/`assert` errors
 * (KLEE's special functions) instead of raising SIGABRT through the system-call layer.
 */
const LIBC_OVERRIDES: Record<string, string> = {
  malloc: 'malloc',
  default_malloc: 'malloc',
  __libc_malloc: 'malloc',
  __libc_malloc_impl: 'malloc',
  __simple_malloc: 'malloc',
  free: 'free',
  __libc_free: 'free',
  calloc: 'calloc',
  __libc_calloc: 'calloc',
  realloc: 'realloc',
  __libc_realloc: 'realloc',
  aligned_alloc: 'aligned_alloc',
  memalign: 'memalign',
  posix_memalign: 'posix_memalign',
  valloc: 'valloc',
  malloc_usable_size: 'malloc_usable_size',
  abort: 'abort',
  __assert_fail: '__assert_fail',
};

function defined(m: Module, name: string): Func | undefined {
  const f = m.symbols.get(name);
  return f && f.vk === 'func' && !f.isDeclaration ? f : undefined;
}

/** A defined function `name` made a declaration, so its calls reach the engine's built-in. */
function dropBody(m: Module, name: string): void {
  const f = defined(m, name);
  if (f) {
    f.isDeclaration = true;
    f.blocks = [];
  }
}

/**
 * The function a run starts in: `__sympath_start` (argc, argv, envp) in a musl-linked module, else
 * `entry` (`main`, or `--entry-point`'s function). A defined `reach_error` becomes a declaration, and in
 * a musl-linked module so do musl's allocator functions, so calls reach the engine's built-ins (KLEE
 * deletes those bodies the same way). Another entry point takes main's place in the start-up code's call of
 * `__libc_start_main`, so it runs after the libc's initialisation with main's arguments, as KLEE's POSIX
 * wrapper calls it. Undefined when there is neither.
 */
export function prepareEntry(m: Module, entry = 'main'): Func | undefined {
  // sv-benchmarks' reach_error is the finding itself (builtins/testcomp.ts), also where the task defines
  // it: a declaration from here on, so every part of the engine (the PSE hook's walks too) sees a built-in.
  for (const name of PREEMPTED_DEFINITIONS) dropBody(m, name);
  const start = defined(m, MUSL_ENTRY);
  if (start) {
    for (const name of Object.keys(LIBC_OVERRIDES)) dropBody(m, name);
    if (entry !== 'main') {
      const target = defined(m, entry);
      const main = m.symbols.get('main');
      if (!target || !main) return undefined;
      for (const block of start.blocks) {
        for (const inst of block.instructions) inst.operands = inst.operands.map((v) => (v === main ? target : v));
      }
    }
    return start;
  }
  return defined(m, entry);
}

// ---------------------------------------------------------------------------------------------------
// Constructors and destructors

/** The functions of @llvm.global_ctors / @llvm.global_dtors in priority order (stable). */
export function structors(m: Module, which: 'llvm.global_ctors' | 'llvm.global_dtors'): Func[] {
  const g = m.globals.find((x) => x.name === which);
  const init = g?.initializer;
  if (!init || init.vk !== 'caggr') return [];
  const out: { prio: bigint; i: number; fn: Func }[] = [];
  init.elements.forEach((e, i) => {
    if (e.vk !== 'caggr') return;
    const [p, f] = e.elements;
    const fn = f ? funcOf(f) : null;
    if (fn && p?.vk === 'cint') out.push({ prio: p.value, i, fn });
  });
  out.sort((a, b) => (a.prio < b.prio ? -1 : a.prio > b.prio ? 1 : a.i - b.i));
  return out.map((x) => x.fn);
}

function funcOf(c: Constant): Func | null {
  if (c.vk === 'func') return c;
  if (c.vk === 'alias') return funcOf(c.aliasee);
  if (c.vk === 'cexpr' && (c.op === 'bitcast' || c.op === 'addrspacecast')) return funcOf(c.operands[0]!);
  return null;
}

/**
 * Runs the structors on return from the current built-in call: their frames are pushed last-first above
 * the caller, so the first runs first and each one's return lands on the entry of the next; the last
 * returns to the caller, after its call.
 */
function runStructors(c: CallContext, which: 'llvm.global_ctors' | 'llvm.global_dtors'): void {
  const fns = structors(c.ex.module, which);
  const site = { inst: c.inst, retSlot: -1, normal: null };
  for (let i = fns.length - 1; i >= 0; i--) {
    const fn = fns[i]!;
    if (fn.isDeclaration) {
      c.ex.term.error(c.s, 'exec', `external function '${fn.name}' (a ${which === 'llvm.global_ctors' ? 'constructor' : 'destructor'}) is not defined`, c.inst);
      return;
    }
    c.ex.frames.enter(c.s, fn, [], site, { types: [] });
  }
}

// ---------------------------------------------------------------------------------------------------
// Host output

/**
 * The bytes of [addr, addr+n) with symbolic ones given one value the path allows, chosen without
 * constraining the path (KLEE does the same for the buffers of external calls): writing symbolic data
 * to the terminal must not cut the exploration down to one value.
 */
async function bytesForHost(c: CallContext, addr: bigint, n: number): Promise<Uint8Array | null> {
  if (n === 0) return new Uint8Array(0);
  const os = objectAt(c, addr, n, false);
  if (os === null) return null;
  const off = Number(addr) - os.obj.address;
  const out = new Uint8Array(n);
  const symbolic: [number, Expr][] = [];
  for (let i = 0; i < n; i++) {
    const b = os.readByte(off + i);
    if (typeof b === 'number') out[i] = b;
    else symbolic.push([i, b]);
  }
  if (symbolic.length === 0) return out;
  const arrays = new Set<ArrayDecl>();
  for (const [, e] of symbolic) for (const a of collectArrays(e)) arrays.add(a);
  const list = [...arrays];
  const values = await c.ex.solver.getInitialValues(c.s.constraints, list);
  if (values === 'unsat' || values === 'unknown') {
    c.ex.term.partial(c.s, `the solver could not give values for symbolic output (${values})`, c.inst);
    return null;
  }
  const assignment = new Map(list.map((a, i) => [a, values[i]!] as const));
  for (const [i, e] of symbolic) out[i] = Number(evaluate(e, assignment) & 0xffn);
  c.ex.warnOnce('host-write-symbolic', 'symbolic bytes written to stdout/stderr: printed with one possible value each (the path is not constrained)');
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The table

async function usableSize(c: CallContext, args: Scalar[]): Promise<bigint | void> {
  const p = await concreteArg(c, args[0]!, 'pointer');
  if (p === null) return;
  if (p === 0n) return 0n;
  const mo = c.ex.memory.findObject(c.s, Number(p));
  return mo ? BigInt(mo.address + mo.size - Number(p)) : 0n;
}

export const RUNTIME_HOOKS: BuiltinTableEntries = {
  /** llvm.ptrmask(p, mask): p & mask (musl's va_arg of long double aligns the overflow area with it). */
  'llvm.ptrmask'(_c, [p, m]) {
    if (typeof p === 'bigint' && typeof m === 'bigint') return p & m;
    return norm(B.and(toExpr(p as Scalar, 64), toExpr(m as Scalar, 64)));
  },
  __sympath_run_ctors(c) {
    runStructors(c, 'llvm.global_ctors');
  },
  __sympath_run_dtors(c) {
    runStructors(c, 'llvm.global_dtors');
  },
  /** long __sympath_host_write(int fd, const void *buf, unsigned long n): to the host's fd 1 or 2. */
  async __sympath_host_write(c, args) {
    const v = await concreteArgs(c, args.slice(0, 3), 'argument');
    if (v === null) return;
    const [fd, buf, n] = v as [bigint, bigint, bigint];
    const bytes = await bytesForHost(c, buf, Number(n));
    if (bytes === null) return;
    c.ex.writeFrom(c.s, BigInt.asIntN(32, fd) === 2n ? 2 : 1, bytes);
    return n;
  },
  /** long __sympath_concretize(long x): x's value, x == value added to the path when x is symbolic
   *  (silently, as KLEE's klee_get_valuel + klee_assume, which the POSIX model used before). */
  async __sympath_concretize(c, [x]) {
    if (typeof x === 'bigint') return x;
    const v = await c.ex.concretize(c.s, x as Expr, 'value', c.inst, true);
    return v ?? undefined;
  },
  /** long __sympath_host_writev(int fd, const struct iovec *iov, int n): the iovecs' bytes, one write. */
  async __sympath_host_writev(c, args) {
    const v = await concreteArgs(c, args.slice(0, 3), 'argument');
    if (v === null) return;
    const [fd, iov, n] = v as [bigint, bigint, bigint];
    const parts: Uint8Array[] = [];
    for (let i = 0; i < Number(n); i++) {
      const at = iov + BigInt(16 * i);
      const os = objectAt(c, at, 16, false);
      if (os === null) return;
      const off = Number(at) - os.obj.address;
      const base = os.read(off, 8);
      const len = os.read(off + 8, 8);
      if (typeof base !== 'bigint' || typeof len !== 'bigint') return c.ex.term.error(c.s, 'model', 'writev: an iovec the model did not make concrete', c.inst);
      const bytes = await bytesForHost(c, base, Number(len));
      if (bytes === null) return;
      parts.push(bytes);
    }
    const all = Buffer.concat(parts);
    c.ex.writeFrom(c.s, BigInt.asIntN(32, fd) === 2n ? 2 : 1, all);
    return BigInt(all.length);
  },
  /** void *__sympath_mmap(unsigned long n): a fresh zeroed object of n bytes (page aligned), or NULL. */
  async __sympath_mmap(c, args) {
    const n = await concreteArg(c, args[0]!, 'mmap length');
    if (n === null) return;
    if (n === 0n || n > 1n << 30n) return 0n;
    return BigInt(c.ex.memory.allocHeap(c.s, Number(n), 'mmap', 'mmap', 4096).obj.address);
  },
  /** int __sympath_munmap(void *p): frees an object __sympath_mmap made (p its start); 0, or -1 when p
   *  is not one (the model then leaves the memory mapped, as a partial munmap would). */
  async __sympath_munmap(c, args) {
    const p = await concreteArg(c, args[0]!, 'munmap address');
    if (p === null) return;
    const mo = c.ex.image.allocator.floor(Number(p));
    if (!mo || mo.address !== Number(p) || mo.kind !== ObjKind.Heap || mo.name !== 'mmap') return -1n;
    const slot = c.s.space.lookup(mo);
    if (slot === undefined || slot === FREED) return -1n;
    c.s.space.markFreed(mo);
    return 0n;
  },
  /** _Noreturn void __sympath_exit(int status): the path exits (exit_group). */
  __sympath_exit(c, args) {
    return c.ex.frames.exitWith(c.s, args[0] as Scalar, c.inst);
  },
  /** int __sympath_host_file(const char *path, void **data, unsigned long *size): a host file on the
   *  --allow-read list, read whole into a fresh object; 0, or -ENOENT/-EISDIR/-EFBIG. */
  __sympath_host_file: (c, args) => hostFile(c, args as Scalar[]),
  malloc_usable_size: (c, a) => usableSize(c, a as Scalar[]),
  // musl's internal names of the allocator functions (the standard names are in libc-memory.ts).
  ...Object.fromEntries(
    Object.entries(LIBC_OVERRIDES)
      .filter(([name, target]) => name !== target && target in HEAP)
      .map(([name, target]) => [name, HEAP[target]!]),
  ),
};
