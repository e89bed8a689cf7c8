// The musl build in LLVM IR (scripts/musl/build.sh, `make musl`): programs link against
// build/musl/libc.bc (and crt1.bc) and leave undefined exactly the externals runtime/musl/README.md
// documents (those of the engine, and crt1's hook into the environment layer), and
// the same linked IR, compiled natively with runtime/syscall/native.c standing in for the engine,
// prints what the fixture says. Each test/musl/fixtures/*.c states in its opening comment its
// arguments (`args:`), stdin (`stdin:`, with \n escapes), the undefined symbols the linked module may
// have (`expect-undefined:`), its stdout (`expect-stdout:`, one line each) and its exit status.
// Skipped, with the reason in the suite name, until build/musl/libc.bc exists.

import { describe, expect, test, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync, spawnSync } from 'node:child_process';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const musl = join(root, 'build', 'musl');
const libcBc = join(musl, 'libc.bc');
const crt1Bc = join(musl, 'crt1.bc');
const fixtures = join(root, 'test', 'musl', 'fixtures');
const built = existsSync(libcBc) && existsSync(crt1Bc);

interface Fixture {
  file: string;
  args: string[];
  stdin: string;
  undefinedSymbols: string[];
  stdout: string;
  exit: number;
}

function readFixture(file: string): Fixture {
  const text = readFileSync(join(fixtures, file), 'utf8');
  const header = text.slice(0, text.indexOf('*/'));
  const field = (name: string): string[] =>
    [...header.matchAll(new RegExp(`^ \\* ${name}: ?(.*)$`, 'gm'))].map((m) => m[1]!);
  const one = (name: string): string => field(name)[0] ?? '';
  const words = (s: string): string[] => s.split(/\s+/).filter((w) => w !== '');
  return {
    file,
    args: words(one('args')),
    stdin: one('stdin').replace(/\\n/g, '\n'),
    undefinedSymbols: words(one('expect-undefined')).sort(),
    stdout: field('expect-stdout').map((l) => `${l}\n`).join(''),
    exit: Number(one('expect-exit') || '0'),
  };
}

/** The externals every program linked with musl needs from the engine, as README.md lists them. */
function documentedExternals(): { always: string[]; onUse: string[]; crt1: string[] } {
  const readme = readFileSync(join(root, 'runtime', 'musl', 'README.md'), 'utf8');
  const section = (tag: string): string[] => {
    const m = readme.match(new RegExp(`<!-- ${tag}:begin -->([\\s\\S]*?)<!-- ${tag}:end -->`));
    if (!m) throw new Error(`runtime/musl/README.md has no ${tag} section`);
    return [...m[1]!.matchAll(/^\| `[^`]*?\b(\w+)\(/gm)].map((x) => x[1]!).sort();
  };
  return { always: section('externals-always'), onUse: section('externals-on-use'), crt1: section('externals-crt1') };
}

function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

const title = built
  ? 'musl libc in LLVM IR'
  : 'musl libc in LLVM IR (skipped: build/musl/libc.bc not built; run `make musl`)';

describe.skipIf(!built)(title, () => {
  let work: string;
  let resourceInclude: string;
  let nativeSeam: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'sympath-musl-'));
    resourceInclude = join(run('clang-19', ['-print-resource-dir'], work).trim(), 'include');
    nativeSeam = join(work, 'native.o');
    run('clang-19', ['-c', '-O1', join(root, 'runtime', 'syscall', 'native.c'), '-o', nativeSeam], work);
  });

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** Compile fixture to IR against musl's headers and link it the documented way; the linked .bc. */
  function link(fx: Fixture): string {
    const base = join(work, fx.file.replace(/\.c$/, ''));
    run('clang-19', ['-O0', '-Xclang', '-disable-O0-optnone', '-nostdinc', '-isystem', join(musl, 'include'),
      '-isystem', resourceInclude, '-emit-llvm', '-c', join(fixtures, fx.file), '-o', `${base}.bc`], work);
    run('llvm-link-19', [`${base}.bc`, crt1Bc, '-o', `${base}.crt.bc`], work);
    run('llvm-link-19', ['--only-needed', `${base}.crt.bc`, libcBc, '-o', `${base}.linked.bc`], work);
    return `${base}.linked.bc`;
  }

  function undefinedSymbols(bc: string): string[] {
    return run('llvm-nm-19', ['--undefined-only', bc], work)
      .split('\n')
      .map((l) => l.trim().split(/\s+/).pop() ?? '')
      .filter((s) => s !== '')
      .sort();
  }

  test('libc.bc itself leaves undefined only the documented externals', () => {
    const { always, onUse } = documentedExternals();
    expect(always).toEqual(['__sympath_run_ctors', '__sympath_run_dtors', '__sympath_syscall']);
    const allowed = new Set([...always, ...onUse]);
    const left = undefinedSymbols(libcBc);
    expect(left.filter((s) => !allowed.has(s))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining(always));
  });

  test('libc.ll contains no inline assembly', () => {
    const ll = readFileSync(join(musl, 'libc.ll'), 'utf8');
    expect(ll).not.toMatch(/(call|invoke|callbr) [^\n]*asm (sideeffect )?"|^module asm/m);
  });

  const files = readdirSync(fixtures).filter((f) => f.endsWith('.c')).sort();
  describe.each(files)('%s', (file) => {
    const fx = readFixture(file);
    let linked: string;

    beforeAll(() => {
      linked = link(fx);
    });

    test('leaves undefined exactly the documented externals', () => {
      const { always, onUse, crt1 } = documentedExternals();
      expect(fx.undefinedSymbols).toEqual(expect.arrayContaining([...always, ...crt1]));
      expect(fx.undefinedSymbols.filter((s) => !always.includes(s) && !onUse.includes(s) && !crt1.includes(s))).toEqual([]);
      expect(undefinedSymbols(linked)).toEqual(fx.undefinedSymbols);
    });

    test('runs natively with the native seam and prints the expected output', () => {
      const obj = linked.replace(/\.linked\.bc$/, '.o');
      const exe = linked.replace(/\.linked\.bc$/, '.native');
      run('clang-19', ['-c', '-O0', linked, '-o', obj], work);
      run('clang-19', ['-static', '-nostdlib', obj, nativeSeam, '-o', exe], work);
      const r = spawnSync(exe, fx.args, { input: fx.stdin, encoding: 'utf8', env: {}, timeout: 10_000 });
      expect(r.stdout).toBe(fx.stdout);
      expect(r.status).toBe(fx.exit);
    });
  });
});
