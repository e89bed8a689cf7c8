// The process resources budgets are measured against.

/** Memory the engine holds, in MB: the JS heap plus array buffers (object contents live there). */
export function memoryUsedMB(): number {
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / (1 << 20);
}
