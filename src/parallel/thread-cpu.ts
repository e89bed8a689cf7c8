// The CPU time of the calling thread, for stats.json's `workers` section: where a `--workers N` run's
// CPU went (each worker thread, the main thread, and by difference the rest — V8's garbage-collection
// and compiler threads). Node 20 has no per-thread CPU clock (process.threadCpuUsage came in 23), so
// it is read from /proc/thread-self/stat, which Linux keeps per thread.

import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's figures (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU seconds of this thread since it started; undefined without Linux's /proc. */
export function threadCpuSeconds(): number | undefined {
  let stat: string;
  try {
    stat = readFileSync('/proc/thread-self/stat', 'utf8');
  } catch {
    return undefined;
  }
  // After the command name (in parentheses, may hold spaces): utime and stime are fields 14 and 15 of
  // the line (proc(5)), 12 and 13 counted from the state field.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(f[11]) + Number(f[12]);
  return Number.isFinite(ticks) ? ticks / TICKS_PER_SECOND : undefined;
}
