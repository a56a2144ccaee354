// A value that must come quickly or not at all: probes (health, readiness, metrics scrapes, the jobs view)
// answer without the database rather than wait for it.

/** The value of `work`, or undefined when it fails or takes longer than `ms` (the timer never outlives it). */
export async function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
