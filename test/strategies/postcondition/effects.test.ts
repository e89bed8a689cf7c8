// The built-in and call effects the walk models instead of stopping (wp.ts, builtins.ts): free (the
// object not live after, live before), malloc/calloc (the new object by allocation history),
// dynamic allocas (count pinned) with stacksave/stackrestore, variadic calls (the varargs area) with va_start/va_copy/va_end, and
// --pse-pin-addresses. On each trap: nothing lost against exhaustive DFS, the old barrier gone, and
// the walks get past the call (summaries are learnt before it, and something is pruned).

import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { closeSolver, moduleOf, ROOT } from '../../engine/helpers.js';
import { both, pathCount } from './helpers.js';

afterAll(closeSolver);

const TRAPS = join(ROOT, 'test', 'fixtures', 'pse', 'traps');

const CASES: { file: string; gone: RegExp; opts?: Record<string, unknown> }[] = [
  { file: 'free_suffix.c', gone: /built-in free|free: / },
  { file: 'vla_suffix.c', gone: /alloca: dynamic size|stacksave|stackrestore/ },
  { file: 'varargs_suffix.c', gone: /variadic|va_start|va_end|va_copy/ },
  { file: 'malloc_suffix.c', gone: /malloc/ },
  { file: 'malloc_used.c', gone: /malloc/ },
  { file: 'heap_history.c', gone: /malloc/ },
];

const SETTINGS = [
  { name: 'plain', pse: {} },
  { name: 'all heuristics', pse: { firstInstanceOnly: true, simplify: true, reuseWp: true } },
  { name: 'all heuristics, pinned addresses', pse: { firstInstanceOnly: true, simplify: true, reuseWp: true, pinAddresses: true } },
];

describe('modelled effects', () => {
  test.each(CASES)('$file', async ({ file, gone }) => {
    const m = moduleOf({ file: join(TRAPS, file) });
    for (const s of SETTINGS) {
      const r = await both(m, {}, s.pse);
      const what = `${file} (${s.name})`;
      expect(r.check, what).toEqual({ lostErrors: [], lostLines: [] });
      expect(r.pse.errors, what).toEqual(r.base.errors);
      expect(pathCount(r.pse.result), what).toBeLessThanOrEqual(pathCount(r.base.result));
      const stats = r.pse.hook!.stats;
      const barriers = [...stats.walk.barriers.keys()];
      expect(barriers.filter((b) => gone.test(b)), `${what}: barriers ${barriers.join('; ')}`).toEqual([]);
      expect(stats.prunes, `${what}: pruned directions`).toBeGreaterThan(0);
    }
  });
});
