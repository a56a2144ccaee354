// Runs photo processing (photo-processing.ts) in child processes (photo-worker.ts), at most `concurrency`
// at once; the other uploads wait in line holding only their file on disk. Why a child and not the API's
// own threads (docs/decisions/0800): it runs in a session of its own whose autogroup has the lowest weight,
// under SCHED_IDLE (started through util-linux's `chrt --idle`; where that is missing or refused, 10 nice
// steps below the API), so resizing takes only the CPU the page requests and PostgreSQL leave; glibc keeps what libvips frees, so each worker has few malloc arenas and is
// replaced after a number of jobs and when idle, giving its memory back; a crash on a hostile file costs
// one upload, not the API. The API process itself never loads sharp (libvips).
import { execFile, fork, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AppError } from '../../lib/app-error';
import { createFairLimiter } from '../../lib/limiter';
import type { PhotoProcessor, ProcessedPhoto, WorkerScheduling } from '../../lib/ports';
import type { PhotoJob, PhotoRefusal } from './photo-worker';

export type { PhotoProcessor, WorkerScheduling } from '../../lib/ports';

export type PhotoProcessorOptions = {
  concurrency: number;
  /**
   * util-linux's chrt, through which workers start under SCHED_IDLE (they run only on CPU time no other
   * task wants, and a waking page request takes their core at once); false, or a chrt that is missing or
   * not allowed here, falls back to `nice`.
   */
  chrt?: string | false;
  /** Without SCHED_IDLE: how many nice steps below the API the workers run (10 gives them about a tenth of a core the API also wants). */
  nice?: number;
  /**
   * Under SCHED_IDLE a worker gets no CPU while page requests take it all: a photo not done this long after
   * its worker got it is finished at the `nice` priority instead, so no upload waits forever.
   */
  starvedAfterMs?: number;
  /** The nice of each worker's own autogroup (its session's weight against the API's): default the lowest, PHOTO_WORKER_GROUP_NICE. */
  groupNice?: number;
  /** A worker is replaced after this many photos (what its allocator kept goes back to the system). */
  jobsPerWorker?: number;
  /** A worker with nothing to do for this long exits. */
  idleMs?: number;
  /**
   * A photo not done this long after its worker got it is given up (400) and its worker killed (issue 38 item
   * 2): a poison picture never holds the photos behind it. Far above a real photo's time, starved included.
   */
  photoDeadlineMs?: number;
};

export const PHOTO_WORKER_NICE = 10;
/**
 * Linux schedules sessions against each other first (autogroups, when no cpu cgroup does it) and a task's
 * policy or nice counts only inside its own: a worker under SCHED_IDLE in the API's session still took its
 * session's equal share from PostgreSQL's (browse p99 2.6× with 10 s of worker CPU in 30 s). So each worker
 * starts its own session, whose autogroup runs at this nice: the lowest weight a group can have.
 */
export const PHOTO_WORKER_GROUP_NICE = 19;
/** Workers at the API's own priority (PHOTO_WORKER_PRIORITY=normal): no SCHED_IDLE, no nice, an autogroup of ordinary weight. */
export const NORMAL_PRIORITY_PHOTOS = { chrt: false, nice: 0, groupNice: 0 } as const satisfies Partial<PhotoProcessorOptions>;
const WORKER_FILE = fileURLToPath(new URL('./photo-worker.ts', import.meta.url));
// The workers run the TypeScript sources like the API does (npm start runs them with tsx).
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const idleWorks = new Map<string, boolean>();

/**
 * How workers started through `chrt` run here: 'idle' when it starts a program under SCHED_IDLE (util-linux
 * present, sched_setscheduler allowed; asked once per chrt path), else 'nice'.
 */
export function workerScheduling(chrt: string | false = 'chrt'): WorkerScheduling {
  if (chrt === false) return 'nice';
  let works = idleWorks.get(chrt);
  if (works === undefined) {
    const probe = spawnSync(chrt, ['--idle', '0', process.execPath, '--version'], { stdio: 'ignore', timeout: 10_000 });
    works = !probe.error && probe.status === 0;
    idleWorks.set(chrt, works);
  }
  return works ? 'idle' : 'nice';
}

/** Workers by default: half the cores, at least one (the other half is the pages'). */
export function defaultPhotoConcurrency(): number {
  return Math.max(1, Math.floor(os.availableParallelism() / 2));
}

/** The workers' nice value: `steps` below this process's own (19 is the lowest priority there is). */
export function workerPriority(steps: number): number {
  return Math.min(19, os.getPriority() + steps);
}

const execFileAsync = promisify(execFile);

/** Every thread of a process, and its autogroup, to SCHED_OTHER at `nice` (a starving photo), or back to SCHED_IDLE. */
async function setWorkerPolicy(chrt: string, pid: number, to: { idle: true } | { nice: number }): Promise<void> {
  try {
    await execFileAsync(chrt, ['--all-tasks', 'idle' in to ? '--idle' : '--other', '--pid', '0', String(pid)]);
    if ('nice' in to) for (const tid of readdirSync(`/proc/${pid}/task`)) os.setPriority(Number(tid), to.nice);
    setGroupNice(pid, 'nice' in to ? to.nice : PHOTO_WORKER_GROUP_NICE);
  } catch {
    // The worker exited meanwhile: nothing to change.
  }
}

/** The nice of a process's autogroup (its session's share against other sessions); no-op where there is none. */
function setGroupNice(pid: number, nice: number): void {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // No autogroups here (not Linux, CONFIG_SCHED_AUTOGROUP off) or the process is gone.
  }
}

function tooSlow(): AppError {
  return new AppError('bad_request', 'This photo took too long to process. Try a smaller picture or export it again.', 400);
}

function crashed(): AppError {
  return new AppError('bad_request', 'This photo could not be processed: the file seems damaged. Try exporting it again.', 400);
}

type Worker = { child: ChildProcess; jobs: number; idle?: NodeJS.Timeout };

export function createPhotoProcessor(options: PhotoProcessorOptions): PhotoProcessor {
  const { concurrency, chrt = 'chrt', nice = PHOTO_WORKER_NICE, groupNice = PHOTO_WORKER_GROUP_NICE, starvedAfterMs = 30_000, jobsPerWorker = 25, idleMs = 30_000, photoDeadlineMs = 120_000 } = options;
  // Asked at the first worker, not at start: an API that never sees an upload never runs the probe.
  let scheduling: WorkerScheduling | undefined;
  const policy = () => (scheduling ??= workerScheduling(chrt));
  // Fair between accounts (issue 38 item 7): one account's backlog never holds up another's next picture.
  const limiter = createFairLimiter(concurrency);
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  let nextId = 1;

  function spawn(): Worker {
    const child = fork(WORKER_FILE, [], {
      // Under SCHED_IDLE from its first instruction: chrt sets the policy and execs node, so every thread
      // node and libvips start inherits it (setting it afterwards would miss the threads already running).
      ...(policy() === 'idle' && chrt
        ? { execPath: chrt, execArgv: ['--idle', '0', process.execPath, '--import', TSX_LOADER] }
        : { execArgv: ['--import', TSX_LOADER] }),
      // One malloc arena instead of glibc's eight per core: what libvips frees on one thread is reused on
      // the next, not kept apart (a worker's peak stayed at 185 MB over 25 photos; 270 MB with jemalloc).
      env: { MALLOC_ARENA_MAX: '1', UV_THREADPOOL_SIZE: '2', ...process.env },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Its own session, so its own autogroup at the lowest weight (PHOTO_WORKER_GROUP_NICE). It still exits
      // with the API: the worker leaves when its IPC channel closes (photo-worker.ts).
      detached: true,
    });
    if (child.pid) setGroupNice(child.pid, groupNice);
    if (policy() === 'nice' && nice > 0) {
      try {
        if (child.pid) os.setPriority(child.pid, workerPriority(nice));
      } catch {
        // Not allowed here (some containers): the worker runs at the API's priority.
      }
    }
    // Idle workers do not keep the API alive; a job holds its worker (runJob()).
    child.unref();
    child.channel?.unref();
    const worker: Worker = { child, jobs: 0 };
    all.add(worker);
    child.once('exit', () => {
      all.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      clearTimeout(worker.idle);
    });
    return worker;
  }

  function retire(worker: Worker) {
    clearTimeout(worker.idle);
    all.delete(worker);
    if (worker.child.connected) worker.child.disconnect();
    worker.child.kill();
  }

  function runJob(worker: Worker, job: PhotoJob): Promise<ProcessedPhoto> {
    const { child } = worker;
    child.ref();
    child.channel?.ref();
    // A starving photo is finished at the nice priority; its worker goes back to SCHED_IDLE before the next.
    let promoted: Promise<void> | undefined;
    const starving =
      policy() === 'idle' && chrt && child.pid
        ? setTimeout(() => (promoted = setWorkerPolicy(chrt, child.pid!, { nice: workerPriority(nice) })), starvedAfterMs)
        : undefined;
    return new Promise<ProcessedPhoto>((resolve, reject) => {
      const onMessage = (message: { id?: number; result?: ProcessedPhoto; refusal?: PhotoRefusal }) => {
        if (message.id !== job.id) return;
        done();
        if (message.result) {
          const files = message.result.files.map((file) => ({ ...file, bytes: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength) }));
          resolve({ ...message.result, files });
        } else if (message.refusal) {
          reject(new AppError(message.refusal.code, message.refusal.message, message.refusal.status));
        } else {
          reject(crashed());
        }
      };
      let late = false;
      const onExit = () => {
        done();
        reject(late ? tooSlow() : crashed());
      };
      // The poison's end: past its deadline the worker is killed, and the next photo gets a new one.
      const deadline = setTimeout(() => {
        late = true;
        child.kill('SIGKILL');
      }, photoDeadlineMs);
      const done = () => {
        clearTimeout(deadline);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(job, (error) => {
        if (error) onExit();
      });
    }).finally(async () => {
      clearTimeout(starving);
      if (promoted && chrt && child.pid) {
        await promoted;
        await setWorkerPolicy(chrt, child.pid, { idle: true });
      }
      child.unref();
      child.channel?.unref();
    });
  }

  return {
    get scheduling() {
      return policy();
    },
    get pending() {
      return limiter.pending;
    },
    get busy() {
      return limiter.running;
    },
    concurrency,
    get pids() {
      return [...all].flatMap((w) => (w.child.pid ? [w.child.pid] : []));
    },
    process(filePath, key, { kind = 'listing', account = 'anonymous' } = {}) {
      return limiter.run(account, async () => {
        const worker = idle.pop() ?? spawn();
        clearTimeout(worker.idle);
        try {
          return await runJob(worker, { id: nextId++, filePath, key, kind });
        } finally {
          worker.jobs++;
          if (!all.has(worker) || worker.child.exitCode !== null) {
            // Gone meanwhile: the next job starts a new one.
          } else if (worker.jobs >= jobsPerWorker) {
            retire(worker);
          } else {
            idle.push(worker);
            worker.idle = setTimeout(() => {
              const at = idle.indexOf(worker);
              if (at >= 0) idle.splice(at, 1);
              retire(worker);
            }, idleMs);
            worker.idle.unref();
          }
        }
      });
    },
    async close() {
      const exits = [...all].map((w) => new Promise<void>((resolve) => (w.child.exitCode !== null ? resolve() : w.child.once('exit', () => resolve()))));
      for (const worker of [...all]) {
        worker.child.ref();
        retire(worker);
      }
      idle.length = 0;
      await Promise.all(exits);
    },
  };
}
