// `sympath compile` and the toolchain library behind it (src/toolchain/clang.ts): one file, several
// files linked, -I/-D/-O passed to clang, .ll and .bc inputs, clang's diagnostics on a bad file, and
// the same through the built CLI (`node bin/sympath.mjs`; test/global-setup.ts keeps dist/ current).

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import {
  compileToLL,
  findTool,
  optimizeLL,
  packageRoot,
  readIRText,
  toolPath,
} from '../../src/toolchain/clang.js';
import { UserError } from '../../src/cli/user-error.js';

const cli = join(packageRoot, 'bin', 'sympath.mjs');
let dir: string;

async function write(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

function sympath(args: string[], cwd = dir) {
  return execa('node', [cli, ...args], { cwd, reject: false, stdin: 'ignore' });
}

/** The names of the functions a module defines. */
function defined(ll: string): string[] {
  return [...ll.matchAll(/^define [^@]*@([\w.$]+)\(/gm)].map((m) => m[1]!).sort();
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sympath-compile-test-'));
  await write('main.c', 'int helper(int);\nint main(void) { return helper(20) + 1; }\n');
  await write('helper.c', 'int helper(int x) { return x * 2; }\n');
  await write('bad.c', 'int main(void) {\n  int x = 1\n  return x;\n}\n');
  await mkdir(join(dir, 'inc'));
  await write('inc/config.h', '#define FROM_HEADER 7\n');
  await write(
    'flags.c',
    '#include "config.h"\n#if !defined(VALUE) || VALUE != 42\n#error VALUE must be 42\n#endif\n' +
      '#ifndef FLAG\n#error FLAG missing\n#endif\nint main(void) { return VALUE + FROM_HEADER; }\n',
  );
  await write('warn.c', 'int main(void) { char c = 300; return c; }\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('tools', () => {
  test('LLVM 19 tools are found by their versioned names', () => {
    for (const tool of ['clang', 'llvm-link', 'llvm-dis', 'opt'] as const) {
      expect(toolPath(tool)).toMatch(new RegExp(`${tool}(-19)?$`));
    }
  });

  test('a missing tool is a UserError naming it and make setup', () => {
    expect(findTool('clang', 99)).toBeUndefined();
    expect(() => toolPath('clang', 99)).toThrow(UserError);
    expect(() => toolPath('clang', 99)).toThrow(/clang-99 not found.*make setup/);
  });
});

describe('compileToLL', () => {
  test('one C file becomes textual IR with debug info and no optnone', async () => {
    const out = join(dir, 'one.ll');
    expect(await compileToLL([join(dir, 'helper.c')], { out })).toBe(out);
    const ll = await readFile(out, 'utf8');
    expect(defined(ll)).toEqual(['helper']);
    expect(ll).toMatch(/!DICompileUnit\(/);
    expect(ll).toMatch(/!dbg !\d+/);
    expect(ll).not.toMatch(/\boptnone\b/);
  });

  test('several files are compiled and linked into one module', async () => {
    const out = join(dir, 'linked.ll');
    await compileToLL([join(dir, 'main.c'), join(dir, 'helper.c')], { out, optLevel: 0 });
    const ll = await readFile(out, 'utf8');
    expect(defined(ll)).toEqual(['helper', 'main']);
    expect(ll).not.toMatch(/^declare .*@helper\(/m);
  });

  test('-I and -D reach clang', async () => {
    const out = join(dir, 'flags.ll');
    await compileToLL([join(dir, 'flags.c')], {
      out,
      includes: [join(dir, 'inc')],
      defines: ['VALUE=42', 'FLAG'],
    });
    expect(await readFile(out, 'utf8')).toMatch(/ret i32 49/);
    await expect(compileToLL([join(dir, 'flags.c')], { out, includes: [join(dir, 'inc')] })).rejects.toThrow(
      /VALUE must be 42/,
    );
  });

  test('-O2 optimises', async () => {
    const out = join(dir, 'o2.ll');
    await compileToLL([join(dir, 'flags.c')], {
      out,
      includes: [join(dir, 'inc')],
      defines: ['VALUE=42', 'FLAG'],
      optLevel: 2,
    });
    const ll = await readFile(out, 'utf8');
    expect(ll).not.toMatch(/alloca/);
    expect(ll).toMatch(/ret i32 49/);
  });

  test('a .bc input is disassembled, alone or linked with C', async () => {
    const bc = join(dir, 'helper.bc');
    await execa(toolPath('clang'), ['-c', '-emit-llvm', '-g', join(dir, 'helper.c'), '-o', bc]);
    const alone = join(dir, 'from-bc.ll');
    await compileToLL([bc], { out: alone });
    const text = await readFile(alone, 'utf8');
    expect(text).toMatch(/^; ModuleID = /);
    expect(defined(text)).toEqual(['helper']);
    expect(defined(await readIRText(bc))).toEqual(['helper']);

    const mixed = join(dir, 'mixed.ll');
    await compileToLL([join(dir, 'main.c'), bc], { out: mixed });
    expect(defined(await readFile(mixed, 'utf8'))).toEqual(['helper', 'main']);
  });

  test('a .ll input is taken as it is', async () => {
    const src = join(dir, 'one.ll');
    const copy = join(dir, 'copy.ll');
    await compileToLL([src], { out: copy });
    expect(await readFile(copy, 'utf8')).toBe(await readFile(src, 'utf8'));
  });

  test('without out, the result lands in a fresh temporary folder', async () => {
    const path = await compileToLL([join(dir, 'helper.c')]);
    try {
      expect(path).toMatch(/sympath-[^/]+\/helper\.ll$/);
      expect(existsSync(path)).toBe(true);
    } finally {
      await rm(join(path, '..'), { recursive: true, force: true });
    }
  });

  test("a syntax error throws a UserError carrying clang's diagnostics", async () => {
    const err = await compileToLL([join(dir, 'bad.c')], { out: join(dir, 'bad.ll') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    const message = (err as UserError).message;
    expect(message).toMatch(/bad\.c:2:12: error: expected ';' at end of declaration/);
    expect(message).toMatch(/compiling .*bad\.c failed \(clang-19: exit status 1\)/);
    expect(existsSync(join(dir, 'bad.ll'))).toBe(false);
  });

  test('warnings go to onDiagnostics and do not fail', async () => {
    const seen: string[] = [];
    const out = await compileToLL([join(dir, 'warn.c')], { out: join(dir, 'warn.ll'), onDiagnostics: (t) => seen.push(t) });
    expect(existsSync(out)).toBe(true);
    expect(seen.join('')).toMatch(/warn\.c:1:27: warning: implicit conversion from 'int' to 'char' changes value from 300 to 44/);
  });

  test('missing and unsupported inputs are UserErrors', async () => {
    await expect(compileToLL([join(dir, 'nope.c')])).rejects.toThrow(/nope\.c: no such file/);
    await expect(compileToLL([join(dir, 'inc', 'config.h')])).rejects.toThrow(/unsupported input/);
    await expect(compileToLL([])).rejects.toThrow(/no input files/);
  });

  test('optimizeLL runs opt -O2', async () => {
    // -O0 IR marks every function noinline (disable-O0-optnone removes only optnone), so opt -O2
    // simplifies each function but inlines nothing.
    const src = join(dir, 'o0.ll');
    await compileToLL([join(dir, 'main.c'), join(dir, 'helper.c')], { out: src });
    expect(await readFile(src, 'utf8')).toMatch(/alloca/);
    const out = join(dir, 'opt.ll');
    await optimizeLL(src, out);
    const ll = await readFile(out, 'utf8');
    expect(defined(ll)).toEqual(['helper', 'main']);
    expect(ll).toMatch(/= shl nsw i32 %0, 1/);
    expect(ll).not.toMatch(/alloca/);
  });
});

describe('sympath compile (CLI)', () => {
  test('compiles and links with -I, -D, -O', async () => {
    const r = await sympath(['compile', '-I', 'inc', '-DVALUE=42', '-D', 'FLAG', '-O1', 'flags.c', '-o', 'cli.ll']);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(await readFile(join(dir, 'cli.ll'), 'utf8')).toMatch(/ret i32 49/);

    const l = await sympath(['compile', 'main.c', 'helper.c', '-o', 'cli-linked.ll']);
    expect(l.exitCode).toBe(0);
    expect(defined(await readFile(join(dir, 'cli-linked.ll'), 'utf8'))).toEqual(['helper', 'main']);
  });

  test("a bad C file shows clang's diagnostics and exits 1, without a stack trace", async () => {
    const r = await sympath(['compile', 'bad.c', '-o', 'bad.ll']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^bad\.c:2:12: error: expected ';' at end of declaration/m);
    expect(r.stderr).toMatch(/sympath: compiling bad\.c failed/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  test("-o - writes the module to stdout; no -o names it after the first input", async () => {
    const r = await sympath(['compile', 'helper.c', '-o', '-']);
    expect(r.exitCode).toBe(0);
    expect(defined(r.stdout)).toEqual(['helper']);
    const d = await sympath(['compile', 'helper.c']);
    expect(d.exitCode).toBe(0);
    expect(existsSync(join(dir, 'helper.ll'))).toBe(true);
  });

  test('a bad -O level is rejected by the option parser', async () => {
    const r = await sympath(['compile', '-O3', 'helper.c', '-o', 'x.ll']);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toMatch(/-O <level>.*3.*not one of the allowed choices|Allowed choices/);
  });
});
