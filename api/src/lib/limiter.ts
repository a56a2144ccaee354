// A bound on how many CPU-heavy tasks (photo resizing, agreement PDFs) run at once in one process, so that
// they never starve the requests around them.

/** At most `limit` tasks run at once; the others wait in arrival order. */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    get pending() {
      return waiting.length;
    },
    /** Tasks running now. */
    get running() {
      return running;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
