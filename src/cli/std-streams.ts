// sympath's stdout and stderr when the reader goes away (`sympath ... | head`: EPIPE) or the device is
// full (`> /dev/full`: ENOSPC). Node reports such a failure as an 'error' event on the stream, which
// without a listener ends the process with a stack trace. Here the failure is recorded instead: the
// stream is closed for good and later writes to it are dropped. Commands that only print (ktest, help,
// stats) end quietly; `sympath run` keeps exploring and writing its output directory, and says once on
// stderr that the program's output from then on is dropped (run-io.ts).

type StreamName = 'stdout' | 'stderr';

const failed: Partial<Record<StreamName, string>> = {};
let guarded = false;

/** Installs the listeners on process.stdout and process.stderr (once per process). */
export function guardStdStreams(): void {
  if (guarded) return;
  guarded = true;
  for (const name of ['stdout', 'stderr'] as const) {
    process[name].on('error', (e: NodeJS.ErrnoException) => {
      failed[name] ??= e.code ?? e.message;
    });
  }
}

/** Why `name` can no longer be written (an error code such as EPIPE), or undefined while it can. */
export function streamFailure(name: StreamName): string | undefined {
  return failed[name];
}

/**
 * Writes to `name` unless it has failed; true when the write was handed to the stream. Synchronous
 * failures (some stream kinds throw) are recorded like the asynchronous ones.
 */
export function writeStd(name: StreamName, data: string | Uint8Array): boolean {
  if (failed[name] !== undefined) return false;
  const stream = process[name];
  if (stream.destroyed) {
    failed[name] ??= 'closed';
    return false;
  }
  try {
    stream.write(data);
    return true;
  } catch (e) {
    failed[name] ??= (e as NodeJS.ErrnoException).code ?? String(e);
    return false;
  }
}
