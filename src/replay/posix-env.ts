// Rebuilding the environment of a POSIX-model test for a native run, as KLEE's klee-replay does: the
// test's recorded command line (`prog --sym-arg 3 -x --sym-files 1 8 --sym-stdin 8`) is walked the way
// the model's klee_init_env walks it, taking the model's objects from the test in the order the model
// made them, and gives the native run its argv, the symbolic files (A, B, … in the run's directory) and
// stdin. The objects taken here are skipped by the replay library (SYMPATH_KTEST_SKIP), so the program's
// own klee_make_symbolic calls get the objects after them.
//
// KLEE's conventions (runtime/POSIX/klee_init_env.c and fd_init.c), which sympath's model follows:
//   --sym-arg N             object "argNN" (NN = 00, 01, … over all symbolic arguments), N+1 bytes, the
//                           argument is the bytes up to the first NUL
//   --sym-args MIN MAX N    object "n_args" (a 4-byte int, klee_range(MIN, MAX+1)) unless MIN == MAX,
//                           then that many "argNN" objects
//   --sym-files NUM N       after the arguments, per file X = A, B, …: "X-data" (N bytes) and
//                           "X-data-stat" (a struct stat)
//   --sym-stdin N           then "stdin" (N bytes) and "stdin-stat"; KLEE before 2.0 made stdin from
//                           --sym-files' size instead, so a "stdin" object is used whenever present
//   --max-fail N, --fd-fail then "read_fail", "write_fail", "close_fail", "ftruncate_fail",
//                           "getcwd_fail" (natively no failure can be injected: noted)
//   --sym-stdout            then "stdout" and "stdout-stat" (nothing to do natively)
//   always, last            "model_version" (4 bytes)
// Single-dash spellings (-sym-arg) are accepted as KLEE accepts them.

import type { KTest } from '../engine/ktest.js';

/** What a struct stat in the test says about a file (x86-64's 144-byte or the generic 128-byte layout). */
export interface StatInfo {
  /** st_mode: type bits and permissions. */
  mode: number;
  atimeSec: number;
  mtimeSec: number;
}

export interface SymFile {
  /** "A", "B", … or "stdin". */
  name: string;
  data: Uint8Array;
  stat?: StatInfo;
}

export interface PosixEnvironment {
  /** argv[1..] as bytes (symbolic arguments may hold any byte but NUL). */
  args: Uint8Array[];
  files: SymFile[];
  stdin?: SymFile;
  /** With --sym-stdout: the struct stat the test gives standard output (what the replay makes it). */
  stdoutStat?: StatInfo;
  /** Indices of the objects the environment took. */
  consumed: number[];
  /** What cannot be reproduced exactly, for the report. */
  notes: string[];
}

const S_IFMT = 0o170000;
export const S_IFREG = 0o100000;
export const S_IFDIR = 0o040000;
export const S_IFLNK = 0o120000;
export const S_IFIFO = 0o010000;
export const S_IFCHR = 0o020000;

/** Reads the fields replay uses from a struct stat object, by its size; undefined for other sizes. */
export function parseStat(b: Uint8Array): StatInfo | undefined {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const i64 = (at: number): number => Number(v.getBigInt64(at, true));
  if (b.length === 144) return { mode: v.getUint32(24, true), atimeSec: i64(72), mtimeSec: i64(88) }; // x86-64
  if (b.length === 128) return { mode: v.getUint32(16, true), atimeSec: i64(72), mtimeSec: i64(88) }; // aarch64 & co.
  return undefined;
}

export function fileType(mode: number): number {
  return mode & S_IFMT;
}

const SYM_OPTION = /^--?(sym-arg|sym-args|sym-files|sym-stdin|sym-stdout|max-fail|fd-fail|save-all-writes|buffered-stdout)$/;

/** Whether a test comes from the POSIX model: its command line has the model's options, or it has the
 *  model's version object. */
export function isPosixTest(t: KTest): boolean {
  return t.objects.some((o) => o.name === 'model_version') || t.args.slice(1).some((a) => SYM_OPTION.test(a));
}

function cString(b: Uint8Array, max: number): Uint8Array {
  const end = b.indexOf(0);
  const n = Math.min(end < 0 ? b.length : end, max);
  return b.slice(0, n);
}

function toInt(s: string | undefined): number | undefined {
  return s !== undefined && /^\d+$/.test(s) ? Number(s) : undefined;
}

/** The environment `t` was made in; see the file comment for the conventions. */
export function posixEnvironment(t: KTest): PosixEnvironment {
  const used = new Set<number>();
  const notes: string[] = [];
  let cursor = 0;
  /** The next unused object named one of `names`, searching forward from the last one taken. */
  const take = (names: readonly string[], required: boolean): { index: number; bytes: Uint8Array } | undefined => {
    for (let i = cursor; i < t.objects.length; i++) {
      if (!used.has(i) && names.includes(t.objects[i]!.name)) {
        used.add(i);
        cursor = i + 1;
        return { index: i, bytes: t.objects[i]!.bytes };
      }
    }
    if (required) notes.push(`the test has no object "${names[0]}" that its command line asks for`);
    return undefined;
  };
  const enc = new TextEncoder();
  const args: Uint8Array[] = [];
  let symArg = 0;
  const symbolicArg = (maxLen: number): void => {
    const nn = String(symArg).padStart(2, '0');
    const o = take([`arg${nn}`, `arg${symArg}`], true);
    symArg++;
    // A test a budget cut in the start-up code can lack the object (n_args says 2, only arg00 was made).
    // It is replayed as an empty argument, as a concolic replay reads missing bytes as zeros: dropping
    // it ran the program with fewer arguments than the test's path has (a different input).
    if (o) args.push(cString(o.bytes, maxLen));
    else {
      args.push(new Uint8Array(0));
      notes.push(`argument ${symArg} is replayed as an empty argument`);
    }
  };
  let nFiles = 0;
  let stdinLen = 0;
  let symStdout = false;
  let maxFail = 0;
  const argv = t.args.slice(1);
  for (let k = 0; k < argv.length; ) {
    const a = argv[k]!;
    const opt = a.replace(/^--?/, '-');
    if (a.startsWith('-') && opt === '-sym-arg' && toInt(argv[k + 1]) !== undefined) {
      symbolicArg(toInt(argv[k + 1])!);
      k += 2;
    } else if (a.startsWith('-') && opt === '-sym-args' && [1, 2, 3].every((d) => toInt(argv[k + d]) !== undefined)) {
      const [min, max, len] = [1, 2, 3].map((d) => toInt(argv[k + d])!) as [number, number, number];
      let n = min;
      if (min !== max) {
        const o = take(['n_args'], true);
        n = o && o.bytes.length === 4 ? new DataView(o.bytes.buffer, o.bytes.byteOffset, 4).getInt32(0, true) : min;
        if (n < min || n > max) notes.push(`n_args = ${n} is outside --sym-args ${min} ${max}`);
        n = Math.max(0, Math.min(n, max));
      }
      for (let i = 0; i < n; i++) symbolicArg(len);
      k += 4;
    } else if (a.startsWith('-') && opt === '-sym-files' && toInt(argv[k + 1]) !== undefined && toInt(argv[k + 2]) !== undefined) {
      nFiles = toInt(argv[k + 1])!;
      k += 3;
    } else if (a.startsWith('-') && opt === '-sym-stdin' && toInt(argv[k + 1]) !== undefined) {
      stdinLen = toInt(argv[k + 1])!;
      k += 2;
    } else if (a.startsWith('-') && opt === '-sym-stdout') {
      symStdout = true;
      k += 1;
    } else if (a.startsWith('-') && (opt === '-save-all-writes' || opt === '-buffered-stdout')) {
      k += 1;
    } else if (a.startsWith('-') && opt === '-fd-fail') {
      maxFail = 1;
      k += 1;
    } else if (a.startsWith('-') && opt === '-max-fail' && toInt(argv[k + 1]) !== undefined) {
      maxFail = toInt(argv[k + 1])!;
      k += 2;
    } else {
      args.push(enc.encode(a));
      k += 1;
    }
  }
  const files: SymFile[] = [];
  const dataFile = (name: string, dataNames: string[], statNames: string[]): SymFile | undefined => {
    const data = take(dataNames, true);
    if (!data) return undefined;
    const statObj = take(statNames, false);
    const stat = statObj ? parseStat(statObj.bytes) : undefined;
    if (statObj && !stat) notes.push(`"${t.objects[statObj.index]!.name}" has ${statObj.bytes.length} bytes, not a struct stat this replay knows; ${name} is made a plain file`);
    return { name, data: data.bytes, ...(stat ? { stat } : {}) };
  };
  for (let k = 0; k < nFiles; k++) {
    const x = String.fromCharCode(65 + k);
    const f = dataFile(x, [`${x}_data`, `${x}-data`], [`${x}_data_stat`, `${x}-data-stat`, `${x}_data-stat`]);
    if (f) files.push(f);
  }
  let stdin: SymFile | undefined;
  const hasStdinObject = t.objects.some((o, i) => !used.has(i) && o.name === 'stdin');
  if (stdinLen > 0 || hasStdinObject) stdin = dataFile('stdin', ['stdin'], ['stdin_stat', 'stdin-stat']);
  if (maxFail > 0) {
    for (const n of ['read_fail', 'write_fail', 'close_fail', 'ftruncate_fail', 'getcwd_fail', 'chmod_fail', 'fchmod_fail']) {
      const o = take([n], false);
      if (o && o.bytes.some((b) => b !== 0)) notes.push(`${n} is set: a native run cannot inject the system call failure the test asks for`);
    }
  }
  let stdoutStat: StatInfo | undefined;
  if (symStdout) {
    take(['stdout'], false);
    const st = take(['stdout_stat', 'stdout-stat'], false);
    stdoutStat = st ? parseStat(st.bytes) : undefined;
  }
  take(['model_version'], false);
  return { args, files, ...(stdin ? { stdin } : {}), ...(stdoutStat ? { stdoutStat } : {}), consumed: [...used].sort((a, b) => a - b), notes };
}
