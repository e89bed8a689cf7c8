// `sympath parse`: the summary (text and --json) and the located error on bad IR, through the
// command's own registration (the whole CLI binary is covered by test/output).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { register } from '../../src/cli/parse.js';
import { UserError } from '../../src/cli/user-error.js';

const dir = mkdtempSync(join(tmpdir(), 'sympath-parse-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const good = `@g = global i32 0
@a = alias i32, ptr @g
declare i32 @puts(ptr)
define i32 @main() {
entry:
  %x = load i32, ptr @g
  %c = icmp eq i32 %x, 0
  br i1 %c, label %t, label %f
t:
  ret i32 1
f:
  ret i32 0
}
`;

async function runParse(args: string[]): Promise<string> {
  const program = new Command('sympath').exitOverride();
  register(program);
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => {
    out += String(s);
    return true;
  });
  try {
    await program.parseAsync(['node', 'sympath', 'parse', ...args]);
  } finally {
    spy.mockRestore();
  }
  return out;
}

describe('sympath parse', () => {
  const file = join(dir, 'good.ll');
  writeFileSync(file, good);
  it('prints a summary', async () => {
    const out = await runParse([file]);
    expect(out).toContain('functions:    1 defined, 1 declared');
    expect(out).toContain('globals:      1 (+ 1 aliases)');
    expect(out).toContain('blocks:       3');
    expect(out).toContain('instructions: 5');
    expect(out).toMatch(/ret\s+2/);
  });
  it('prints JSON with --json', async () => {
    const s = JSON.parse(await runParse([file, '--json']));
    expect(s).toMatchObject({ functions: { defined: 1, declared: 1 }, globals: 1, aliases: 1, blocks: 3, instructions: 5 });
    expect(s.opcodes).toEqual({ ret: 2, br: 1, icmp: 1, load: 1 });
  });
  it('reads bitcode through llvm-dis-19', async () => {
    const bc = join(dir, 'good.bc');
    execFileSync('llvm-as-19', [file, '-o', bc]);
    const s = JSON.parse(await runParse([bc, '--json']));
    expect(s.instructions).toBe(5);
  });
  it('turns bad IR into a user error with the location, the line and a caret', async () => {
    const bad = join(dir, 'bad.ll');
    writeFileSync(bad, good.replace('icmp eq i32 %x, 0', 'icmp eq i64 %x, 0'));
    const err = await runParse([bad]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as Error).message).toBe(`${bad}:7:20: '%x' defined with type 'i32' but expected 'i64'\n  %c = icmp eq i64 %x, 0\n                   ^`);
  });
  it('names a missing file', async () => {
    const err = await runParse([join(dir, 'missing.ll')]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as Error).message).toMatch(/missing\.ll: cannot read: ENOENT/);
  });
});
