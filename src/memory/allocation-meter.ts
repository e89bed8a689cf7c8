// Bytes of concrete object contents allocated since the memory budget last looked. A wall-clock tick
// alone let a program whose states each copy a 4 MB object grow by hundreds of MB between two checks
// (--max-memory 300 peaked at 601 MB on a loaded machine); the executor also checks once this many
// bytes have been allocated. One counter per thread: each worker thread runs its own engine.

let allocated = 0;

/** Counts `bytes` of newly allocated object contents. */
export function noteAllocation(bytes: number): void {
  allocated += bytes;
}

/** Starts counting again (the budget has just looked). */
export function resetAllocated(): void {
  allocated = 0;
}

/** The bytes counted since the last resetAllocated(). */
export function allocatedSinceReset(): number {
  return allocated;
}
