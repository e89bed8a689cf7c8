// Host files the POSIX model may read (--allow-read): `__sympath_host_file(path, &data, &size)` gives the
// whole file as one concrete heap object. Only regular files by default: a device or FIFO (/dev/zero,
// /dev/stdin, a named pipe) has no size and can be read forever — 11 GB were seen — so it is refused
// (EACCES, said once) unless --allow-read-special asks for it; then at most MAX_HOST_FILE bytes are read,
// without blocking, for at most SPECIAL_READ_MS.

import { closeSync, constants, openSync, readFileSync, readSync, realpathSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { Scalar } from '../values.js';
import { concreteArgs, cString, objectAt, type CallContext } from './types.js';

const ENOENT = 2n;
const EACCES = 13n;
const EISDIR = 21n;
const EFBIG = 27n;
/** Host files larger than this are refused (they would become one engine object). */
export const MAX_HOST_FILE = 64 << 20;
/** Wall-clock bound on reading a device or FIFO (with --allow-read-special). */
const SPECIAL_READ_MS = 1000;

function allowed(list: readonly string[], path: string): boolean {
  for (const entry of list) {
    if (path === entry || path.startsWith(entry.endsWith(sep) ? entry : entry + sep)) return true;
  }
  return false;
}

/**
 * What a device or FIFO gives now, without waiting: up to MAX_HOST_FILE bytes, until end of file, no
 * data ready (EAGAIN) or SPECIAL_READ_MS. A FIFO without a writer reads as empty.
 */
function readSpecial(path: string): Uint8Array {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const chunks: Buffer[] = [];
  let total = 0;
  const until = performance.now() + SPECIAL_READ_MS;
  try {
    while (total < MAX_HOST_FILE && performance.now() < until) {
      const buf = Buffer.alloc(Math.min(1 << 20, MAX_HOST_FILE - total));
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EAGAIN') break;
        throw e;
      }
      if (n === 0) break;
      chunks.push(buf.subarray(0, n));
      total += n;
    }
  } finally {
    closeSync(fd);
  }
  return Buffer.concat(chunks);
}

/** int __sympath_host_file(const char *path, char **data, unsigned long *size): 0 or -errno. */
export async function hostFile(c: CallContext, args: Scalar[]): Promise<bigint | void> {
  const list = c.ex.opts.allowRead ?? [];
  if (list.length === 0) return -ENOENT;
  const v = await concreteArgs(c, args.slice(0, 3), 'argument');
  if (v === null) return;
  const [pathPtr, dataOut, sizeOut] = v as [bigint, bigint, bigint];
  const bytes = await cString(c, pathPtr, 4096);
  if (bytes === null) return;
  const text = Buffer.from(bytes).toString('latin1');
  let real: string;
  try {
    real = realpathSync(resolve(text)); // relative: to sympath's working directory
  } catch {
    return -ENOENT;
  }
  if (!allowed(list, real)) return -ENOENT;
  let data: Uint8Array;
  try {
    const st = statSync(real);
    if (st.isDirectory()) return -EISDIR;
    if (!st.isFile()) {
      if (!c.ex.opts.allowReadSpecial) {
        c.ex.warnOnce(`host-special:${real}`, `--allow-read: ${real} is not a regular file (a device or FIFO): refused (EACCES); --allow-read-special reads what it has, up to ${MAX_HOST_FILE >> 20} MiB`);
        return -EACCES;
      }
      data = readSpecial(real);
    } else {
      if (st.size > MAX_HOST_FILE) return -EFBIG;
      data = readFileSync(real);
    }
  } catch {
    return -ENOENT;
  }
  const obj = c.ex.memory.allocHeap(c.s, Math.max(1, data.length), `host file ${real}`, 'allow-read');
  obj.setBytes(0, data);
  const p = objectAt(c, dataOut, 8, true);
  if (p === null) return;
  p.writeConcrete(Number(dataOut) - p.obj.address, 8, BigInt(obj.obj.address));
  const q = objectAt(c, sizeOut, 8, true);
  if (q === null) return;
  q.writeConcrete(Number(sizeOut) - q.obj.address, 8, BigInt(data.length));
  return 0n;
}
