// Runs background jobs on intervals inside an API process. Jobs claim their rows with
// FOR UPDATE SKIP LOCKED, so running them in every instance is safe. stop() waits for a running tick.
// Each run is counted (metrics, docs/decisions/1400) and the last ones kept for the operators' jobs view.
import { FAILED_ITEMS_SHOWN, type AdminFailedItem, type AdminJob, type AdminJobsResponse } from '#contracts/moderation';
import type { Clock } from '../lib/clock';
import { safeErrorReason, type Logger } from '../lib/logger';
import type { Backlog, Metrics } from '../lib/metrics';
import { within } from '../lib/within';

export type Job = {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
  /** The rows waiting for this job (whole database): depth and the oldest one's age. Jobs that sweep on a timer have none. */
  backlog?: () => Promise<Backlog>;
  /** The items that gave up (the newest `limit`, and how many), for a job that keeps them: operators retry or drop them. */
  failedItems?: (limit: number) => Promise<{ total: number; items: AdminFailedItem[] }>;
};

/** What this instance saw of one job since it started. */
export type JobStatus = {
  name: string;
  intervalMs: number;
  runs: number;
  failures: number;
  running: boolean;
  lastRunAt: Date | null;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  /** The last failure's reason (first 200 characters, as logged), until a later run succeeds or fails again. */
  lastError: string | null;
};

export type RunningJobs = ReturnType<typeof startJobs>;

/** How long the jobs view waits for a backlog query before it answers without it. */
const BACKLOG_TIMEOUT_MS = 2_000;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function startJobs(jobs: Job[], logger: Logger, options: { metrics?: Metrics; clock?: Clock } = {}) {
  const { metrics } = options;
  const now = () => options.clock?.now() ?? new Date();
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  const statuses = new Map<string, JobStatus>();
  const startedAt = now();
  let stopped = false;
  metrics?.watchBacklogs(jobs.flatMap((job) => (job.backlog ? [{ job: job.name, backlog: job.backlog }] : [])));
  for (const job of jobs) {
    const status: JobStatus = { name: job.name, intervalMs: job.intervalMs, runs: 0, failures: 0, running: false, lastRunAt: null, lastSuccessAt: null, lastFailureAt: null, lastError: null };
    statuses.set(job.name, status);
    metrics?.registerJob(job.name);
    const tick = () => {
      if (status.running || stopped) return;
      status.running = true;
      const started = performance.now();
      status.lastRunAt = now();
      const finished = (outcome: 'ok' | 'failed') => {
        const at = now();
        status.runs++;
        if (outcome === 'ok') status.lastSuccessAt = at;
        metrics?.jobRan(job.name, outcome, (performance.now() - started) / 1000, at);
      };
      const p = job
        .run()
        .then(
          () => finished('ok'),
          (error: unknown) => {
            status.failures++;
            status.lastFailureAt = now();
            status.lastError = safeErrorReason(error) ?? 'unknown error';
            finished('failed');
            logger.error({ err: error, job: job.name }, 'job failed');
          },
        )
        .finally(() => {
          status.running = false;
          running.delete(p);
        });
      running.add(p);
    };
    timers.push(setInterval(tick, job.intervalMs));
    setImmediate(tick);
  }
  return {
    /** Each job as this instance saw it (copies). */
    status(): JobStatus[] {
      return [...statuses.values()].map((s) => ({ ...s }));
    },
    /** The operators' jobs view (GET /api/admin/jobs): this instance's runs and the database's backlogs. */
    async overview(): Promise<AdminJobsResponse> {
      const [backlogs, failed] = await Promise.all([
        Promise.all(jobs.map((job) => (job.backlog ? within(job.backlog(), BACKLOG_TIMEOUT_MS) : undefined))),
        Promise.all(jobs.map((job) => (job.failedItems ? within(job.failedItems(FAILED_ITEMS_SHOWN), BACKLOG_TIMEOUT_MS) : undefined))),
      ]);
      const list: AdminJob[] = jobs.map((job, i) => {
        const s = statuses.get(job.name)!;
        const backlog = backlogs[i];
        return {
          name: s.name,
          intervalMs: s.intervalMs,
          runs: s.runs,
          failures: s.failures,
          running: s.running,
          lastRunAt: iso(s.lastRunAt),
          lastSuccessAt: iso(s.lastSuccessAt),
          lastFailureAt: iso(s.lastFailureAt),
          lastError: s.lastError,
          backlog: backlog?.depth ?? null,
          lagSeconds: backlog ? Math.round(backlog.lagSeconds) : null,
          failed: failed[i] ?? null,
        };
      });
      return { instanceStartedAt: startedAt.toISOString(), jobs: list };
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running]);
    },
  };
}
