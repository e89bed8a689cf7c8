// Bodies parsed on first use (src/ir/parse-lazy.ts): a module loaded lazily is the eagerly parsed one,
// whichever bodies are read and in whatever order; ids do not depend on that order; what must be parsed
// at once is; errors in a skipped body surface, located, when it is read; and a run of a musl-linked
// program reads a fraction of the bodies and gives the same tests and coverage as one that parsed them all.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ParseError, loadModule, parseModule, pendingBodyOf, printModule } from '../../src/ir/index.js';
import type { Func, Module } from '../../src/ir/model.js';
import { compileToLL } from '../../src/toolchain/clang.js';
import { createSearcher } from '../../src/search/index.js';
import { closeSolver, run } from '../engine/helpers.js';

const HEADER = "; ModuleID = 'm.c'\nsource_filename = \"m.c\"\n";

/** main carries debug information; helper, callee and target do not. */
const MODULE = `${HEADER}
@g = global i32 7

define i32 @main() !dbg !5 {
entry:
  %r = call i32 @helper(i32 1), !dbg !8
  ret i32 %r, !dbg !8
}

define i32 @helper(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %pos, label %neg

pos:
  %v = load i32, ptr @g
  %s = call i32 @callee(i32 %v) #1
  store ptr blockaddress(@target, %there), ptr @slot
  ret i32 %s

neg:
  ret i32 0
}

define i32 @callee(i32 %y) {
  %z = add i32 %y, 1
  switch i32 %z, label %d [
    i32 1, label %d
    i32 2, label %d
  ]

d:
  ret i32 %z
}

define void @target() {
entry:
  br label %there

there:
  ret void
}

@slot = global ptr null

attributes #1 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "m.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 2, column: 3, scope: !5)
`;

function fn(m: Module, name: string): Func {
  const f = m.functions.find((g) => g.name === name);
  if (!f) throw new Error(`no @${name}`);
  return f;
}

/** Every instruction's id, function by function (reads every body). */
function idsOf(m: Module): string {
  return m.functions.map((f) => `${f.name}: ${f.blocks.flatMap((b) => b.instructions.map((i) => `${i.id}/${i.branchId ?? '-'}`)).join(' ')}`).join('\n');
}

describe('bodies parsed on first use', () => {
  it('leaves bodies without debug information as text, and parses one when it is read', () => {
    const m = parseModule(MODULE, 'm.ll', { lazyBodies: true });
    expect(pendingBodyOf(fn(m, 'main'))).toBeUndefined();
    for (const name of ['helper', 'callee', 'target']) expect(pendingBodyOf(fn(m, name)), name).toBeDefined();
    // The header is there already: parameters, type.
    expect(fn(m, 'helper').params.map((p) => p.name)).toEqual(['x']);
    expect(fn(m, 'callee').fnType.params).toHaveLength(1);

    const helper = fn(m, 'helper');
    expect(helper.blocks.map((b) => b.name)).toEqual(['entry', 'pos', 'neg']);
    expect(pendingBodyOf(helper)).toBeUndefined();
    // Resolved as at the end of a module: the group of a call site, and a blockaddress into another
    // skipped body, which is parsed for it.
    const call = helper.blocks[1]!.instructions[1]!;
    expect(call.callAttrs).toContain('nounwind');
    expect(pendingBodyOf(fn(m, 'target'))).toBeUndefined();
    expect(m.lateBodies).toBe(2);
    expect(pendingBodyOf(fn(m, 'callee'))).toBeDefined();
    // Linked as lowering links: successors, predecessors.
    expect(helper.blocks[0]!.succs.map((b) => b.name)).toEqual(['pos', 'neg']);
    expect(helper.blocks[2]!.preds.map((b) => b.name)).toEqual(['entry']);
  });

  it('gives the module the eager parse gives, with ids that do not depend on the order bodies are read in', () => {
    const eager = parseModule(MODULE, 'm.ll');
    const forward = parseModule(MODULE, 'm.ll', { lazyBodies: true });
    const backward = parseModule(MODULE, 'm.ll', { lazyBodies: true });
    for (const f of [...backward.functions].reverse()) void f.blocks;
    expect(printModule(forward)).toBe(printModule(eager));
    expect(printModule(backward)).toBe(printModule(eager));
    expect(idsOf(backward)).toBe(idsOf(forward));
    // Unique, below the bound, consecutive within a function.
    const ids = forward.functions.flatMap((f) => f.blocks.flatMap((b) => b.instructions.map((i) => i.id)));
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.max(...ids)).toBeLessThan(forward.instructionIdBound!);
    for (const f of forward.functions) {
      const own = f.blocks.flatMap((b) => b.instructions.map((i) => i.id));
      expect(own).toEqual(own.map((_, k) => own[0]! + k));
    }
  });

  it('parses everything at once when the module has no debug information, or was not printed by LLVM', () => {
    const noDebug = MODULE.replace(/ !dbg !5/, '').replace(/, !dbg !8/g, '');
    const m = parseModule(noDebug, 'm.ll', { lazyBodies: true });
    expect(m.functions.filter((f) => pendingBodyOf(f))).toEqual([]);
    const handWritten = parseModule(MODULE.slice(HEADER.indexOf('\n') + 1), 'm.ll', { lazyBodies: true });
    expect(handWritten.functions.filter((f) => pendingBodyOf(f))).toEqual([]);
  });

  it('reports an error in a skipped body when it is read, at its line', () => {
    const bad = MODULE.replace('%z = add i32 %y, 1', '%z = add i32 %nope, 1');
    const m = parseModule(bad, 'm.ll', { lazyBodies: true });
    const line = bad.split('\n').findIndex((l) => l.includes('%nope')) + 1;
    expect(pendingBodyOf(fn(m, 'callee'))).toBeDefined();
    let error: unknown;
    try {
      void fn(m, 'callee').blocks;
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).message).toContain(`m.ll:${line}:`);
    expect((error as ParseError).message).toContain("use of undefined value '%nope'");
    // The eager parse names the same place.
    expect(() => parseModule(bad, 'm.ll')).toThrow(`m.ll:${line}:`);
  });

  it('ends a path that calls a body that does not parse with an exec error naming the place, not an internal error', async () => {
    const bad = MODULE.replace('%z = add i32 %y, 1', '%z = add i32 %nope, 1');
    const lines = bad.split('\n');
    const line = lines.findIndex((l) => l.includes('%nope')) + 1;
    const col = lines[line - 1]!.indexOf('%nope') + 1;
    const m = parseModule(bad, 'm.ll', { lazyBodies: true });
    const out = await run(m, { search: ['dfs'] });
    expect(out.tests).toHaveLength(1);
    const error = out.tests[0]!.error!;
    expect(error.kind).toBe('exec');
    expect(error.message).toBe(`invalid IR: m.ll:${line}:${col}: use of undefined value '%nope'`);
    expect(out.messages.join('\n')).not.toMatch(/internal error/);
    // Still unparsed, and still failing (never an empty body).
    expect(pendingBodyOf(fn(m, 'callee'))).toBeDefined();
    expect(() => fn(m, 'callee').blocks).toThrow(ParseError);
  });

  it('reads the other bodies as before after one failed (nothing it left pending fails them)', () => {
    // The undefined type is recorded as pending (for the end of the body) before the alloca refuses it.
    const bad = MODULE.replace('%z = add i32 %y, 1', '%t = alloca %struct.nope, align 4\n  %z = add i32 %y, 1');
    const m = parseModule(bad, 'm.ll', { lazyBodies: true });
    expect(() => fn(m, 'callee').blocks).toThrow(/invalid type '%struct.nope' for alloca/);
    expect(fn(m, 'target').blocks.map((b) => b.name)).toEqual(['entry', 'there']);
    expect(fn(m, 'helper').blocks).toHaveLength(3);
    expect(() => fn(m, 'callee').blocks).toThrow(/invalid type '%struct.nope' for alloca/);
  });

  it('refuses a skipped body with more instructions than lines (not as LLVM prints it)', () => {
    const crowded = MODULE.replace(
      'define void @target() {\nentry:\n  br label %there\n\nthere:\n  ret void\n}',
      'define void @target() {\nentry: br label %a a: br label %b b: br label %c c: br label %there there: ret void\n}',
    );
    const m = parseModule(crowded, 'm.ll', { lazyBodies: true });
    expect(() => fn(m, 'target').blocks).toThrow(/has 5 instructions in 2 lines/);
    expect(parseModule(crowded, 'm.ll').functions.length).toBe(4);
  });
});

describe('a musl-linked program', () => {
  let dir = '';
  let ll = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sympath-lazy-'));
    const c = join(dir, 'p.c');
    writeFileSync(
      c,
      `#include <klee/klee.h>
#include <stdio.h>
#include <string.h>
int main(void) {
  char s[4];
  klee_make_symbolic(s, sizeof s, "s");
  s[3] = 0;
  if (strchr(s, 'a')) printf("a at %d\\n", (int)(strchr(s, 'a') - s));
  else if (strlen(s) > 1) puts("long");
  return 0;
}
`,
    );
    ll = join(dir, 'p.ll');
    await compileToLL([c], { libc: 'musl', out: ll, onDiagnostics: () => {} });
  }, 300_000);
  afterAll(async () => {
    await closeSolver();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is the eagerly parsed module once every body is read', () => {
    const lazy = loadModule(ll);
    expect(lazy.functions.filter((f) => pendingBodyOf(f)).length).toBeGreaterThan(50);
    expect(printModule(lazy)).toBe(printModule(parseModule(readFileSync(ll, 'utf8'), ll)));
  });

  for (const search of [['dfs'], ['random-path', 'nurs:covnew']]) {
    it(`runs reading only what it calls, with the tests and coverage of the eager parse (${search.join(' + ')})`, async () => {
      const opts = { search, seed: 1 };
      const env = { createSearcher: (ctx: Parameters<typeof createSearcher>[1]) => createSearcher(search, ctx, { batchInstructions: 0, batchSeconds: 0 }) };
      const eager = await run(parseModule(readFileSync(ll, 'utf8'), ll), opts, env);
      const lazyModule = loadModule(ll);
      const lazy = await run(lazyModule, opts, env);
      const inputs = (o: typeof eager) => o.tests.map((t) => t.objects.map((x) => Buffer.from(x.bytes).toString('hex')).join(',')).sort();
      expect(lazy.tests.length).toBeGreaterThan(3);
      expect(inputs(lazy)).toEqual(inputs(eager));
      expect(lazy.result.coverage).toEqual(eager.result.coverage);
      expect(lazy.result.instructions).toBe(eager.result.instructions);
      // The same paths in the same order: under nurs:covnew too, whose distances to uncovered code a body
      // parsed late gets as the whole module's computation gave them (engine/coverage.ts).
      expect(lazy.stdout).toBe(eager.stdout);
      expect(lazy.tests.map((t) => t.instructions)).toEqual(eager.tests.map((t) => t.instructions));
      // Most of musl and the environment layer was never read.
      const defined = lazyModule.functions.filter((f) => !f.isDeclaration).length;
      expect(lazyModule.functions.filter((f) => pendingBodyOf(f)).length).toBeGreaterThan(defined / 2);
    }, 120_000);
  }
});
