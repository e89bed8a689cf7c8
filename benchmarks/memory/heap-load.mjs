// Loads a big .heapsnapshot without one giant string: numbers arrays scanned from the buffer.
import { readFileSync } from 'node:fs';
function nums(buf, key) {
  const at = buf.indexOf(`"${key}":[`) + key.length + 4;
  let cap = 1 << 20, out = new Float64Array(cap), n = 0, v = 0, inNum = false;
  for (let i = at; ; i++) {
    const c = buf[i];
    if (c >= 48 && c <= 57) { v = v * 10 + (c - 48); inNum = true; continue; }
    if (inNum) { if (n === cap) { const o = new Float64Array(cap *= 2); o.set(out); out = o; } out[n++] = v; v = 0; inNum = false; }
    if (c === 93) break;
  }
  return out.subarray(0, n);
}
export function load(file) {
  const buf = readFileSync(file);
  const metaEnd = buf.indexOf('"nodes":[');
  const head = buf.subarray(0, metaEnd).toString().replace(/,\s*$/, '') + '}';
  const snapshot = JSON.parse(head).snapshot;
  const si = buf.indexOf('"strings":[');
  const end = buf.lastIndexOf(']');
  const strings = JSON.parse(buf.subarray(si + 10, end + 1).toString());
  return { snapshot, nodes: nums(buf, 'nodes'), edges: nums(buf, 'edges'), strings };
}
