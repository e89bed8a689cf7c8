// runtime/include/klee/klee.h and sympath.h: KLEE-style programs (test/toolchain/klee/*.c) compile
// unchanged with clang-19 (at -O0 and -O2), with clang-14 when present, and with gcc (the native
// replay builds), and the intrinsics reach the IR with KLEE's signatures.

import { describe, expect, test } from 'vitest';
import { readdirSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { compileToLL, findTool, packageRoot, runtimeIncludeDir } from '../../src/toolchain/clang.js';

const kleeDir = join(packageRoot, 'test', 'toolchain', 'klee');
const programs = readdirSync(kleeDir).filter((f) => f.endsWith('.c')).sort();

async function irOf(file: string, optLevel: 0 | 2): Promise<string> {
  const seen: string[] = [];
  const path = await compileToLL([join(kleeDir, file)], { optLevel, onDiagnostics: (t) => seen.push(t) });
  try {
    expect(seen.join('')).toBe(''); // no warnings either
    return await readFile(path, 'utf8');
  } finally {
    await rm(dirname(path), { recursive: true, force: true });
  }
}

/** The `declare` line of `name` in a module, without attribute-group references. */
function declaration(ll: string, name: string): string | undefined {
  const m = ll.match(new RegExp(`^declare ([^@]*)@${name}\\(([^)]*)\\)`, 'm'));
  if (!m) return undefined;
  const ret = m[1]!.replace(/\b(noundef|dso_local|zeroext|signext)\b/g, '').trim().split(/\s+/).pop();
  const params = m[2]!
    .split(',')
    .map((p) => p.replace(/\b(noundef|zeroext|signext)\b/g, '').trim())
    .filter((p) => p !== '')
    .join(', ');
  return `${ret} (${params})`;
}

describe('KLEE-style programs compile against klee.h', () => {
  test('there are programs to check', () => {
    expect(programs.length).toBeGreaterThanOrEqual(3);
  });

  test.each(programs)('%s with clang-19 -O0 and -O2', async (file) => {
    const o0 = await irOf(file, 0);
    expect(o0).toMatch(/call void @klee_make_symbolic\(/);
    await irOf(file, 2);
  });

  test.each(programs)('%s with gcc (the replay build)', async (file) => {
    const r = await execa('gcc', ['-Wall', '-Wextra', '-Werror', '-I', runtimeIncludeDir, '-fsyntax-only', join(kleeDir, file)], {
      reject: false,
    });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
  });

  const clang14 = findTool('clang', 14);
  test.skipIf(clang14 === undefined).each(programs)('%s with clang-14 (typed-pointer IR)', async (file) => {
    const r = await execa(clang14!, ['-Wall', '-I', runtimeIncludeDir, '-S', '-emit-llvm', '-o', '-', join(kleeDir, file)], {
      reject: false,
    });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/declare void @klee_make_symbolic\(i8\*/);
  });

  test('intrinsics are declared with KLEE signatures', async () => {
    const all = (await Promise.all(programs.map((f) => irOf(f, 0)))).join('\n');
    const expected: Record<string, string> = {
      klee_make_symbolic: 'void (ptr, i64, ptr)',
      klee_range: 'i32 (i32, i32, ptr)',
      klee_int: 'i32 (ptr)',
      klee_assume: 'void (i64)',
      klee_silent_exit: 'void (i32)',
      klee_abort: 'void ()',
      klee_report_error: 'void (ptr, i32, ptr, ptr)',
      klee_is_symbolic: 'i32 (i64)',
      klee_is_replay: 'i32 ()',
      klee_prefer_cex: 'void (ptr, i64)',
      klee_posix_prefer_cex: 'void (ptr, i64)',
      klee_get_value_i32: 'i32 (i32)',
      klee_get_value_i64: 'i64 (i64)',
      klee_get_valuef: 'float (float)',
      klee_get_valued: 'double (double)',
      klee_get_valuel: 'i64 (i64)',
      klee_get_valuell: 'i64 (i64)',
      klee_get_obj_size: 'i64 (ptr)',
      klee_get_errno: 'i32 ()',
      klee_print_expr: 'void (ptr, ...)',
      klee_print_range: 'void (ptr, i32)',
      klee_warning: 'void (ptr)',
      klee_warning_once: 'void (ptr)',
      klee_stack_trace: 'void ()',
      klee_mark_global: 'void (ptr)',
      klee_set_forking: 'void (i32)',
      klee_check_memory_access: 'void (ptr, i64)',
      klee_define_fixed_object: 'void (ptr, i64)',
      klee_alias_function: 'void (ptr, ptr)',
      klee_open_merge: 'void ()',
      klee_close_merge: 'void ()',
      klee_choose: 'i64 (i64)',
      __assert_fail: 'void (ptr, ptr, i32, ptr)',
    };
    const actual: Record<string, string | undefined> = {};
    for (const name of Object.keys(expected)) actual[name] = declaration(all, name);
    expect(actual).toEqual(expected);
    // the path-ending intrinsics are noreturn, so clang puts `unreachable` after their calls
    for (const name of ['klee_abort', 'klee_silent_exit', 'klee_report_error', '__assert_fail']) {
      expect(all).toMatch(new RegExp(`call void @${name}\\([^\\n]*\\n\\s*unreachable`));
    }
  });

  test('klee_assert becomes __assert_fail with the expression, file, line and function', async () => {
    const ll = await irOf('regexp.c', 0);
    expect(ll).toMatch(/call void @__assert_fail\(ptr noundef @[\w.]+, ptr noundef @[\w.]+, i32 noundef 38, ptr noundef @__PRETTY_FUNCTION__\.main\)/);
    expect(ll).toMatch(/c"0\\00"/);
  });

  test('sympath.h adds its conveniences on top of klee.h', async () => {
    const { stdout } = await execa(
      findTool('clang')!,
      ['-x', 'c', '-Wall', '-Wextra', '-pedantic', '-I', runtimeIncludeDir, '-S', '-emit-llvm', '-o', '-', '-'],
      {
        input:
          '#include <sympath.h>\nint main(void) { int x; SYMPATH_SYMBOLIC(x); unsigned char c = SYMPATH_ANY(unsigned char, "c");\n' +
          '  SYMPATH_ASSUME(x > c); klee_assert(x != 0); return SYMPATH_VERSION_MAJOR; }\n',
      },
    );
    expect(stdout).toMatch(/call void @klee_make_symbolic\(ptr noundef %\w+, i64 noundef 4, ptr noundef @\.str\)/);
    expect(stdout).toMatch(/c"x\\00"/);
    expect(stdout).toMatch(/call void @klee_make_symbolic\(ptr noundef %\w+, i64 noundef 1, ptr noundef @\.str\.1\)/);
    expect(stdout).toMatch(/call void @klee_assume\(i64 noundef/);
  });
});
