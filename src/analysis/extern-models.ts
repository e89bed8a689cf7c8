// What the analyses assume about functions without a body in the module: LLVM intrinsics, the C library
// and the klee_* / sympath_* runtime calls. A model says which pointer arguments' pointees are read or
// written, whether a fresh heap object is returned (one abstract object per call site), and how pointer
// values flow (returned argument, copied contents, stored argument). A declaration with no model is an
// *unknown external*: points-to assumes it may read, write, return and store anything reachable from
// its pointer arguments (and call any function reachable from them) — see points-to.ts.
//
// Arguments are numbered from 0; 'all' means every pointer-typed argument.

export interface ExternModel {
  /** Arguments whose pointees the function may read. */
  readonly reads?: readonly number[] | 'all';
  /** Arguments whose pointees the function may write (bytes, not pointer values unless `copy`/`storeArg`). */
  readonly writes?: readonly number[] | 'all';
  /** Returns a fresh heap object (allocation site = the call instruction). */
  readonly alloc?: boolean;
  /** `*(argument)` receives a fresh heap object (posix_memalign). */
  readonly allocOut?: number;
  /** The result may point into what this argument points to. */
  readonly retArg?: number;
  /** The result may be any pointer stored in what this argument points to (strsep, strtok_r). */
  readonly retLoadArg?: number;
  /** Pointer contents of what `[1]` points to are copied into what `[0]` points to (-1: the result). */
  readonly copy?: readonly [number, number];
  /** The pointer value of argument `[1]` is stored into what argument `[0]` points to. */
  readonly storeArg?: readonly [number, number];
  /** The result points to a static object of the library with this name (read and written by the call). */
  readonly retStatic?: string;
  /** va_start / va_copy handling (points-to.ts). */
  readonly va?: 'start' | 'copy';
}

const NONE: ExternModel = {};
const READ_ALL: ExternModel = { reads: 'all' };
const R0: ExternModel = { reads: [0] };
const R01: ExternModel = { reads: [0, 1] };
const W0: ExternModel = { writes: [0] };
const RW0: ExternModel = { reads: [0], writes: [0] };
const ALLOC: ExternModel = { alloc: true };
const SEARCH: ExternModel = { reads: [0, 1], retArg: 0 };
const STRTO: ExternModel = { reads: [0], writes: [1], storeArg: [1, 0] };
const PRINTF_TO0: ExternModel = { reads: 'all', writes: [0] };
const SCAN: ExternModel = { reads: 'all', writes: 'all' };
const COPY01: ExternModel = { reads: [1], writes: [0], copy: [0, 1], retArg: 0 };
const CAT01: ExternModel = { reads: [0, 1], writes: [0], copy: [0, 1], retArg: 0 };

const table: Record<string, ExternModel> = {
  // allocation
  malloc: ALLOC, calloc: ALLOC, valloc: ALLOC, pvalloc: ALLOC, aligned_alloc: ALLOC, memalign: ALLOC,
  strdup: { alloc: true, reads: [0] }, strndup: { alloc: true, reads: [0] },
  realloc: { alloc: true, reads: [0], writes: [0], retArg: 0, copy: [-1, 0] },
  reallocarray: { alloc: true, reads: [0], writes: [0], retArg: 0, copy: [-1, 0] },
  posix_memalign: { allocOut: 0, writes: [0] },
  free: W0, cfree: W0,
  // copies
  memcpy: COPY01, memmove: COPY01, mempcpy: COPY01, strcpy: COPY01, strncpy: COPY01, stpcpy: COPY01,
  stpncpy: COPY01, strcat: CAT01, strncat: CAT01, strlcpy: COPY01, strlcat: CAT01,
  bcopy: { reads: [0], writes: [1], copy: [1, 0] },
  memset: { writes: [0], retArg: 0 }, bzero: W0, explicit_bzero: W0,
  // reading
  strlen: R0, strnlen: R0, strcmp: R01, strncmp: R01, strcasecmp: R01, strncasecmp: R01, memcmp: R01,
  bcmp: R01, strcoll: R01, strspn: R01, strcspn: R01, atoi: R0, atol: R0, atoll: R0, atof: R0,
  strtol: STRTO, strtoul: STRTO, strtoll: STRTO, strtoull: STRTO, strtod: STRTO, strtof: STRTO,
  strtold: STRTO, strtoimax: STRTO, strtoumax: STRTO,
  strchr: SEARCH, strrchr: SEARCH, strchrnul: SEARCH, memchr: SEARCH, memrchr: SEARCH, rawmemchr: SEARCH,
  strstr: SEARCH, strcasestr: SEARCH, strpbrk: SEARCH, index: SEARCH, rindex: SEARCH,
  strtok: { reads: [0, 1], writes: [0], retArg: 0, retStatic: 'strtok' },
  strtok_r: { reads: [0, 1, 2], writes: [0, 2], retArg: 0, retLoadArg: 2, storeArg: [2, 0] },
  strsep: { reads: [0, 1], writes: [0], retLoadArg: 0 },
  basename: { reads: [0], retArg: 0, retStatic: 'basename' },
  dirname: { reads: [0], writes: [0], retArg: 0, retStatic: 'dirname' },
  // stdio and files (FILE objects come from fopen's heap object or the std streams)
  printf: READ_ALL, vprintf: READ_ALL, puts: R0, putchar: NONE, perror: R0,
  fprintf: PRINTF_TO0, vfprintf: PRINTF_TO0, dprintf: READ_ALL, vdprintf: READ_ALL,
  sprintf: PRINTF_TO0, snprintf: PRINTF_TO0, vsprintf: PRINTF_TO0, vsnprintf: PRINTF_TO0,
  fputs: { reads: [0, 1], writes: [1] }, fputc: { reads: [1], writes: [1] }, putc: { reads: [1], writes: [1] },
  fwrite: { reads: [0, 3], writes: [3] }, fflush: RW0, fclose: RW0, fileno: R0, feof: R0, ferror: R0,
  clearerr: RW0, fseek: RW0, ftell: R0, rewind: RW0, setvbuf: RW0, setbuf: RW0,
  fgetc: RW0, getc: RW0, ungetc: { reads: [1], writes: [1] }, getchar: NONE,
  fgets: { reads: [2], writes: [0, 2], retArg: 0 }, gets: { writes: [0], retArg: 0 },
  fread: { reads: [3], writes: [0, 3] }, read: { writes: [1] }, write: { reads: [1] },
  fopen: { alloc: true, reads: [0, 1] }, fdopen: { alloc: true, reads: [1] }, tmpfile: ALLOC,
  open: R0, close: NONE, access: R0, unlink: R0, remove: R0, rename: R01, isatty: NONE, lseek: NONE,
  scanf: SCAN, fscanf: SCAN, sscanf: SCAN, __isoc99_scanf: SCAN, __isoc99_fscanf: SCAN,
  __isoc99_sscanf: SCAN, __isoc23_scanf: SCAN, __isoc23_fscanf: SCAN, __isoc23_sscanf: SCAN,
  // process, math, ctype, time
  exit: NONE, _exit: NONE, _Exit: NONE, abort: NONE, __assert_fail: { reads: [0, 1, 3] },
  __assert: { reads: [0, 1] }, abs: NONE, labs: NONE, llabs: NONE, rand: NONE, srand: NONE, random: NONE,
  srandom: NONE, sleep: NONE, usleep: NONE, getpid: NONE, time: W0, clock: NONE,
  toupper: NONE, tolower: NONE, isalpha: NONE, isdigit: NONE, isalnum: NONE, isspace: NONE, isupper: NONE,
  islower: NONE, isprint: NONE, ispunct: NONE, isxdigit: NONE, iscntrl: NONE, isgraph: NONE,
  __ctype_b_loc: { retStatic: 'ctype' }, __ctype_toupper_loc: { retStatic: 'ctype' },
  __ctype_tolower_loc: { retStatic: 'ctype' },
  getenv: { reads: [0], retStatic: 'environ' }, strerror: { retStatic: 'strerror' },
  __errno_location: { retStatic: 'errno' },
  localtime: { reads: [0], retStatic: 'tm' }, gmtime: { reads: [0], retStatic: 'tm' },
  ctime: { reads: [0], retStatic: 'ctime' }, asctime: { reads: [0], retStatic: 'ctime' },
  // the engine's runtime interface (runtime/include/klee/klee.h, sympath.h)
  klee_make_symbolic: { writes: [0], reads: [2] }, klee_assume: NONE, klee_range: R0, klee_int: R0,
  klee_is_symbolic: NONE, klee_get_value_i32: NONE, klee_get_value_i64: NONE, klee_get_valuel: NONE,
  klee_get_valuef: NONE, klee_get_valued: NONE, klee_prefer_cex: R0, klee_print_expr: READ_ALL,
  klee_warning: R0, klee_warning_once: R0, klee_report_error: { reads: [0, 2, 3] }, klee_abort: NONE,
  klee_silent_exit: NONE, klee_check_memory_access: NONE, klee_set_forking: NONE, klee_open_merge: NONE,
  klee_close_merge: NONE, klee_define_fixed_object: NONE, klee_mark_global: NONE,
  klee_print_range: READ_ALL, klee_stack_trace: NONE, klee_get_obj_size: NONE, klee_get_errno: NONE,
  sympath_output: { reads: [0, 2] },
};

/** Intrinsics by name prefix (the type suffix after the base name varies). */
const intrinsics: [string, ExternModel][] = [
  ['llvm.memcpy.', COPY01],
  ['llvm.memcpy.inline.', COPY01],
  ['llvm.memmove.', COPY01],
  ['llvm.memset.', W0],
  ['llvm.va_start', { va: 'start', writes: [0] }],
  ['llvm.va_copy', { va: 'copy', reads: [1], writes: [0] }],
  ['llvm.va_end', W0],
  ['llvm.masked.load.', R0],
  ['llvm.masked.store.', { writes: [1] }],
  ['llvm.masked.gather.', READ_ALL],
  ['llvm.masked.scatter.', { writes: 'all' }],
  ['llvm.ptrmask.', { retArg: 0 }],
  ['llvm.launder.invariant.group.', { retArg: 0 }],
  ['llvm.strip.invariant.group.', { retArg: 0 }],
];

/**
 * The model of a function without a body, by name; undefined for an unknown external. Every `llvm.*`
 * intrinsic not listed is assumed to touch no memory (arithmetic, debug info, lifetime markers, assume).
 */
export function externModel(name: string): ExternModel | undefined {
  if (Object.prototype.hasOwnProperty.call(table, name)) return table[name];
  if (name.startsWith('llvm.')) {
    for (const [prefix, model] of intrinsics) if (name.startsWith(prefix)) return model;
    return NONE;
  }
  if (name.startsWith('__') && name.endsWith('_chk')) return externModel(name.slice(2, -4)); // fortified
  return undefined;
}
