// Writing the output directory's files so that a reader never sees half of one: a whole file is written
// under a temporary name beside it, then renamed over the final name (rename is atomic within a file
// system); an append-only log gets one write per line and, when that write fails, is cut back to its
// length before it. A failed write (ENOSPC: the disk is full) leaves no temporary file and no torn file.
//
// Fault injection for the tests (test/faults/), where a small tmpfs cannot be mounted: with
// SYMPATH_FAULT_ENOSPC_AFTER=N in the environment, the writes through this file fail with ENOSPC once
// N bytes in total have gone through it in this process: a disk of N bytes. As on a real disk, the
// failing write still writes the bytes that fit (so the clean-up is exercised), and a file removed
// through this layer (a failed write's temporary file, removeFile) or replaced by a write's rename
// gives its bytes back.

import { closeSync, copyFileSync, existsSync, fstatSync, ftruncateSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** SYMPATH_FAULT_ENOSPC_AFTER: bytes that may still be written before writes fail (Infinity = no fault). */
let faultBudget = (() => {
  const v = process.env.SYMPATH_FAULT_ENOSPC_AFTER;
  if (v === undefined || v === '') return Infinity;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : Infinity;
})();

function enospc(path: string): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error(`ENOSPC: no space left on device, write '${path}' (injected by SYMPATH_FAULT_ENOSPC_AFTER)`);
  e.code = 'ENOSPC';
  e.errno = -28;
  e.syscall = 'write';
  e.path = path;
  return e;
}

/** Writes `data` to the open `fd`, honouring the injected fault; `written` counts the bytes written. */
function writeAll(fd: number, data: Uint8Array, path: string, written: { bytes: number }): void {
  if (data.length > faultBudget) {
    const fits = Math.floor(faultBudget);
    faultBudget = 0;
    if (fits > 0) written.bytes += writeSync(fd, data, 0, fits);
    throw enospc(path);
  }
  faultBudget -= data.length;
  let at = 0;
  while (at < data.length) at += writeSync(fd, data, at, data.length - at);
  written.bytes += data.length;
}

/** The injected fault's disk gets `bytes` back (a file of that size was removed). */
function giveBack(bytes: number): void {
  if (faultBudget !== Infinity) faultBudget += bytes;
}

const utf8 = new TextEncoder();
const bytesOf = (data: string | Uint8Array): Uint8Array => (typeof data === 'string' ? utf8.encode(data) : data);

/** The temporary name `path` is written under: hidden, beside it, unique to this process. */
export function temporaryName(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
}

/** Writes `data` to `path` atomically: a temporary file beside it, then a rename. Throws on failure (nothing left behind). */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const tmp = temporaryName(path);
  const written = { bytes: 0 };
  try {
    const fd = openSync(tmp, 'w');
    try {
      writeAll(fd, bytesOf(data), path, written);
    } finally {
      closeSync(fd);
    }
    // A file replaced by the rename frees its space, as on a real disk (a file rewritten in place,
    // the live stats.json, must not fill the injected fault's disk).
    const replaced = faultBudget !== Infinity && existsSync(path) ? statSync(path).size : 0;
    renameSync(tmp, path);
    giveBack(replaced);
  } catch (e) {
    rmSync(tmp, { force: true });
    giveBack(written.bytes);
    throw e;
  }
}

/** Removes a file written through this layer, `bytes` long (given back to the injected fault's disk). */
export function removeFile(path: string, bytes: number): void {
  if (!existsSync(path)) return;
  rmSync(path, { force: true });
  giveBack(bytes);
}

/** Copies `from` to `to` atomically (see writeFileAtomic). */
export function copyFileAtomic(from: string, to: string): void {
  if (faultBudget !== Infinity) {
    writeFileAtomic(to, readFileSync(from));
    return;
  }
  const tmp = temporaryName(to);
  try {
    copyFileSync(from, tmp);
    renameSync(tmp, to);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Appends `text` to the log at `path` in one write; when the write fails, the file is cut back to its
 * length before, so it holds whole lines only. Throws on failure.
 */
export function appendAtomic(path: string, text: string): void {
  const fd = openSync(path, 'a');
  const written = { bytes: 0 };
  let size = -1;
  try {
    size = fstatSync(fd).size;
    writeAll(fd, utf8.encode(text), path, written);
  } catch (e) {
    if (size >= 0) {
      try {
        ftruncateSync(fd, size);
        giveBack(written.bytes);
      } catch {
        // Cutting a file back never needs space; if even that fails the error below is what matters.
      }
    }
    throw e;
  } finally {
    closeSync(fd);
  }
}
