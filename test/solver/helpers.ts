// What the solver tests share: the Z3 back end to test against (Debian's z3 when installed, else the wasm
// one) and one back end opened for a whole test file.

import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { CoreSolver } from '../../src/solver/core.js';
import { createBackend } from '../../src/solver/index.js';

export const BACKEND = existsSync('/usr/bin/z3') ? 'native' : 'wasm';

/**
 * A back end opened before the file's tests and closed after them (call at the file's top level); the
 * returned function gives it inside a test.
 */
export function sharedBackend(timeoutSeconds: number): () => CoreSolver {
  let z3: CoreSolver | undefined;
  beforeAll(async () => {
    z3 = await createBackend(BACKEND, timeoutSeconds);
  });
  afterAll(async () => {
    await z3?.close();
  });
  return () => z3!;
}

/** An inner solver for a layer under test: `backend`'s answers, counting the queries the layer let through. */
export function countingInner(backend: () => CoreSolver): { inner: CoreSolver; passed: () => number } {
  let passed = 0;
  const inner: CoreSolver = {
    check: (q) => {
      passed++;
      return backend().check(q);
    },
    close: async () => {},
  };
  return { inner, passed: () => passed };
}
