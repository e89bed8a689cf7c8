// Call paths as interned ids (src/engine/call-paths.ts): the same chain of call sites is the same id
// and the same key string as the one built per call before (`-1/12/40`); different chains never share one.

import { expect, test } from 'vitest';
import { callPathChild, callPathKey, ROOT_CALL_PATH } from '../../src/engine/call-paths.js';

test('a chain of call sites gets one id, and the key string of its sites', () => {
  expect(callPathKey(ROOT_CALL_PATH)).toBe('-1');
  const a = callPathChild(ROOT_CALL_PATH, 12);
  const ab = callPathChild(a, 40);
  expect(callPathKey(a)).toBe('-1/12');
  expect(callPathKey(ab)).toBe('-1/12/40');
  expect(callPathChild(ROOT_CALL_PATH, 12)).toBe(a);
  expect(callPathChild(a, 40)).toBe(ab);
  // other chains through the same sites are other paths
  const b = callPathChild(ROOT_CALL_PATH, 40);
  const ba = callPathChild(b, 12);
  expect(new Set([a, ab, b, ba, ROOT_CALL_PATH]).size).toBe(5);
  expect(callPathKey(ba)).toBe('-1/40/12');
  // recursion: each depth is a path of its own
  let p = ROOT_CALL_PATH;
  const seen = new Set<number>();
  for (let depth = 0; depth < 100; depth++) {
    p = callPathChild(p, 7);
    seen.add(p);
  }
  expect(seen.size).toBe(100);
  expect(callPathKey(p).split('/').length).toBe(101);
});
