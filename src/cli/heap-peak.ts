// The peak of the V8 heap during a run (stats.json's memory.peakHeapMB): V8 keeps no high-water mark of
// its heap, so the used heap is sampled every 50 ms (as the PSE experiment's in-process runs did before
// they became `sympath run`s) and on every stats.json written. A timer only fires between the engine's
// batches of instructions, so a peak inside one batch that a collection removes before the next sample
// is missed: the figure is a lower bound, close for runs whose heap grows with their states.
// This thread's heap only: the worker threads of `--workers N` have heaps of their own.

const SAMPLE_MS = 50;

export class HeapPeak {
  private peak = 0;
  private timer: NodeJS.Timeout | undefined;

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.sample();
  }

  /**
   * Samples now; the peak so far in MB. (process.memoryUsage()'s heapUsed is V8's used_heap_size, read
   * without loading node:v8 at start-up.)
   */
  sample(): number {
    this.peak = Math.max(this.peak, process.memoryUsage().heapUsed);
    return this.peak / (1 << 20);
  }
}
