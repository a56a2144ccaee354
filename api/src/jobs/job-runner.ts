// Runs background jobs on intervals inside an API process. Jobs claim their rows with
// FOR UPDATE SKIP LOCKED, so running them in every instance is safe. stop() waits for a running tick.
import type { Logger } from '../lib/logger';

export type Job = { name: string; intervalMs: number; run(): Promise<unknown> };

export function startJobs(jobs: Job[], logger: Logger) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const p = job
        .run()
        .catch((error: unknown) => logger.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    timers.push(setInterval(tick, job.intervalMs));
    setImmediate(tick);
  }
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running]);
    },
  };
}
