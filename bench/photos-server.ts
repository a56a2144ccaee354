// The API for bench/photos.ts: the real createApp (API only, production settings) on the benchmark's
// PostgreSQL database with photos on local disk in a temporary folder. Tells its parent when it listens,
// and answers `rss` with the peak resident memory it saw (sampled every 20 ms): its own, and its own plus
// its photo workers' (the child processes that resize, summed at the same instant), and where the CPU went
// since `reset-rss`: the API main thread's event-loop delay, the API's and the workers' CPU seconds.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { openDatabase } from '#db/client';
import { createApp } from '#api/app';
import { loadConfig } from '#api/config';
import { systemClock } from '#api/lib/clock';
import { createLogger } from '#api/lib/logger';
import { createDevMailbox } from '#api/lib/mailer';
import { PRODUCTION_VAPID_ENV } from '../tests/fixtures/vapid';
import { bySmoke } from './smoke';

const port = Number(process.argv[2]);
const databaseUrl = process.env.BENCH_DATABASE_URL!;
const database = openDatabase({ databaseUrl, poolSize: 10 });
const config = loadConfig({
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: process.env.BENCH_AUTH_SECRET!,
  ...PRODUCTION_VAPID_ENV,
  PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  SERVE_SITE: 'false',
  // Behind a proxy as in production: the uploads' X-Forwarded-For names each owner's address.
  TRUST_PROXY: 'true',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'farmspace-photos-bench-')),
  // A smoke run (bench/smoke.ts) must end even on a busy machine, where workers under SCHED_IDLE got no CPU
  // for minutes: its workers run at the API's priority (same code, another scheduling; no figure is quoted).
  PHOTO_WORKER_PRIORITY: bySmoke('background', 'normal'),
});
const { app, context } = createApp({ config, database, clock: systemClock, mailer: createDevMailbox(), payments: null, logger: createLogger('warn') });
const pageSize = 4096;
/** Resident bytes of a process by its id (0 once it has exited). */
function rssOf(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * pageSize;
  } catch {
    return 0;
  }
}
const TICKS_PER_SECOND = 100;
/** CPU seconds (user + system) a process has used so far, by its id (0 once it has exited). */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
// The workers come and go (replaced after 25 photos, gone when idle): their CPU is summed sample by sample.
const workerCpuSeen = new Map<number, number>();
let workerCpu = 0;
function sampleWorkerCpu() {
  for (const pid of context.photoProcessor.pids) {
    const now = cpuOf(pid);
    workerCpu += Math.max(0, now - (workerCpuSeen.get(pid) ?? 0));
    workerCpuSeen.set(pid, now);
  }
}
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
let cpuAtReset = process.cpuUsage();
const sample = () => {
  const own = process.memoryUsage.rss();
  const workers = context.photoProcessor.pids.reduce((sum, pid) => sum + rssOf(pid), 0);
  return { own, workers, total: own + workers };
};
// Garbage collection pauses of the API's main thread: every request waits behind one.
const emptyGc = () => ({ major: 0, majorMs: 0, majorMaxMs: 0, minorMs: 0 });
let gc = emptyGc();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
      gc.major++;
      gc.majorMs += entry.duration;
      gc.majorMaxMs = Math.max(gc.majorMaxMs, entry.duration);
    } else gc.minorMs += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });
let peak = sample();
setInterval(() => {
  const now = sample();
  peak = { own: Math.max(peak.own, now.own), workers: Math.max(peak.workers, now.workers), total: Math.max(peak.total, now.total) };
  sampleWorkerCpu();
}, 20).unref();
const cpu = () => {
  sampleWorkerCpu();
  const own = process.cpuUsage(cpuAtReset);
  return {
    apiSeconds: (own.user + own.system) / 1e6,
    workerSeconds: workerCpu,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    loopDelayMaxMs: loopDelay.max / 1e6,
  };
};
process.on('message', (message) => {
  if (message === 'rss') process.send?.({ peak, now: sample(), gc, cpu: cpu() });
  if (message === 'reset-rss') {
    peak = sample();
    gc = emptyGc();
    sampleWorkerCpu();
    workerCpu = 0;
    cpuAtReset = process.cpuUsage();
    loopDelay.reset();
  }
});
app.listen(port, '127.0.0.1', () => process.send?.('ready'));
