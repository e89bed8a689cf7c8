// The constant arrays behind symbolic-index accesses to concrete objects (object-state.ts arrayView):
// one ArrayDecl per distinct contents, so that two object states with the same bytes — a state and its
// re-execution after sleeping at the memory limit (src/engine/hibernation.ts), or two states that
// built the same table apart — read through the same array and make the same hash-consed expressions.
// (Before, every view made a fresh `const_arrN`, and a re-executed path's constraints came out as other
// expressions.) Arrays are held weakly: a table no expression uses any more is collected as before.

import { ArrayDecl } from '../expr/expr.js';

const byKey = new Map<string, WeakRef<ArrayDecl>[]>();
const cleanup = new FinalizationRegistry<string>((key) => {
  const list = byKey.get(key);
  if (list === undefined) return;
  const alive = list.filter((r) => r.deref() !== undefined);
  if (alive.length === 0) byKey.delete(key);
  else byKey.set(key, alive);
});
let counter = 0;

/** FNV-1a over the bytes, with the size: the table's key (equal keys are compared byte by byte). */
function keyOf(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return `${bytes.length}:${(h >>> 0).toString(36)}`;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The constant array of `size` bytes holding `bytes` (which the caller gives up: the array keeps them). */
export function constantArray(size: number, bytes: Uint8Array): ArrayDecl {
  const key = keyOf(bytes);
  const list = byKey.get(key);
  if (list !== undefined) {
    for (const ref of list) {
      const a = ref.deref();
      if (a !== undefined && a.size === size && sameBytes(a.constantValues!, bytes)) return a;
    }
  }
  const a = new ArrayDecl(`const_arr${++counter}`, size, bytes);
  const ref = new WeakRef(a);
  if (list === undefined) byKey.set(key, [ref]);
  else list.push(ref);
  cleanup.register(a, key);
  return a;
}
