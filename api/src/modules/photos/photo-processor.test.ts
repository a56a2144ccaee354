// The photo workers (photo-processor.ts): photos are processed in child processes under SCHED_IDLE (every
// thread of them), or niced where chrt is missing, a refusal comes back as the same 4xx, a worker that dies costs its upload only (400) and is replaced, and
// workers are retired after their share of jobs and on close.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoWithMetadata } from '#tests/fixtures/photos';
import { AppError } from '../../lib/app-error';
import { createPhotoProcessor, NORMAL_PRIORITY_PHOTOS, PHOTO_WORKER_GROUP_NICE, PHOTO_WORKER_NICE, workerPriority, workerScheduling } from './photo-processor';

/** A process's autogroup (its session's group, scheduled against the others) and that group's nice. */
function autogroup(pid: number): { group: string; nice: number } {
  const [group, , nice] = readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim().split(' ');
  return { group: group!, nice: Number(nice) };
}
const hasAutogroups = (() => {
  try {
    return readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';
  } catch {
    return false;
  }
})();

const SCHED_OTHER = 0;
const SCHED_IDLE = 5;
/** The scheduling policy of every thread of a process (field 41 of /proc/{pid}/task/{tid}/stat). */
function threadPolicies(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => Number(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[38]));
}

describe('photo processor', () => {
  let folder: string;
  let photo: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'photo-processor-'));
    photo = path.join(folder, 'photo.jpg');
    await writeFile(photo, await photoWithMetadata(1200, 900));
  });
  afterAll(async () => rm(folder, { recursive: true, force: true }));

  // util-linux's chrt is on this machine (and in the Node images CI uses); where it is not, the next test is what runs.
  it.skipIf(workerScheduling() !== 'idle')('processes in a child process under SCHED_IDLE, every thread of it, and stops it on close', async () => {
    // Promoted after 5 s if starved (the default, 30 s, is this test's whole budget when the runner's other
    // worker keeps the cores busy); it goes back under SCHED_IDLE when the photo is done, which is checked below.
    const processor = createPhotoProcessor({ concurrency: 1, starvedAfterMs: 5_000 });
    try {
      const result = await processor.process(photo, 'a'.repeat(64));
      expect(result).toMatchObject({ width: 1200, height: 900, widths: [400, 800, 1200] });
      expect(result.files.map((f) => f.name)).toContain(`${'a'.repeat(64)}-800.webp`);
      expect(Buffer.isBuffer(result.files[0]!.bytes)).toBe(true);
      expect(processor.scheduling).toBe('idle');
      const [pid] = processor.pids;
      expect(pid).toBeDefined();
      expect(pid).not.toBe(process.pid);
      // node's, V8's and libvips's threads alike (set after the start, the first ones would keep SCHED_OTHER).
      const policies = threadPolicies(pid!);
      expect(policies.length).toBeGreaterThan(3);
      expect(new Set(policies)).toEqual(new Set([SCHED_IDLE]));
      expect(threadPolicies(process.pid)).toContain(SCHED_OTHER);
      // In a session of its own, whose group weighs least against the API's and PostgreSQL's sessions.
      if (hasAutogroups) {
        expect(autogroup(pid!).group).not.toBe(autogroup(process.pid).group);
        expect(autogroup(pid!).nice).toBe(PHOTO_WORKER_GROUP_NICE);
      }
    } finally {
      await processor.close();
    }
    expect(processor.pids).toEqual([]);
  });

  it.skipIf(workerScheduling() !== 'idle')('finishes a starving photo at the nice priority, then puts its worker back under SCHED_IDLE', async () => {
    // Starving at once: the photo is finished niced; the worker is idle again before its next photo.
    const processor = createPhotoProcessor({ concurrency: 1, starvedAfterMs: 0 });
    const large = path.join(folder, 'large.jpg');
    // Large enough that the photo is still being made when chrt has promoted its worker (a few hundred ms).
    await writeFile(large, await photoWithMetadata(6000, 4000));
    try {
      // A first photo starts the worker (a promotion while chrt itself is still starting would be undone by it).
      await processor.process(photo, 'f'.repeat(64));
      const seen: Array<{ policies: number[]; nice: number; groupNice: number }> = [];
      let finished = false;
      const job = processor.process(large, 'e'.repeat(64)).finally(() => (finished = true));
      while (!finished) {
        const [pid] = processor.pids;
        if (pid) {
          try {
            seen.push({ policies: threadPolicies(pid), nice: os.getPriority(pid), groupNice: hasAutogroups ? autogroup(pid).nice : PHOTO_WORKER_NICE });
          } catch {
            // Between two reads of /proc a thread ended.
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect((await job).widths).toEqual([400, 800, 1600]);
      const promoted = (s: (typeof seen)[number]) =>
        new Set(s.policies).size === 1 && s.policies[0] === SCHED_OTHER && s.nice === workerPriority(PHOTO_WORKER_NICE) && s.groupNice === PHOTO_WORKER_NICE;
      expect(seen.some(promoted)).toBe(true);
      const [pid] = processor.pids;
      expect(new Set(threadPolicies(pid!))).toEqual(new Set([SCHED_IDLE]));
      if (hasAutogroups) expect(autogroup(pid!).nice).toBe(PHOTO_WORKER_GROUP_NICE);
    } finally {
      await processor.close();
    }
  });

  it('falls back to a lower nice priority where chrt is missing, and still processes', async () => {
    const processor = createPhotoProcessor({ concurrency: 1, chrt: path.join(folder, 'no-such-chrt') });
    try {
      const result = await processor.process(photo, 'd'.repeat(64));
      expect(result.widths).toEqual([400, 800, 1200]);
      expect(processor.scheduling).toBe('nice');
      const [pid] = processor.pids;
      expect(os.getPriority(pid)).toBe(workerPriority(PHOTO_WORKER_NICE));
      expect(os.getPriority(pid)).toBeGreaterThan(os.getPriority());
      expect(threadPolicies(pid!)[0]).toBe(SCHED_OTHER);
      if (hasAutogroups) expect(autogroup(pid!).nice).toBe(PHOTO_WORKER_GROUP_NICE);
    } finally {
      await processor.close();
    }
  });

  it('answers a refusal with the same 4xx', async () => {
    const processor = createPhotoProcessor({ concurrency: 1 });
    const text = path.join(folder, 'notes.jpg');
    await writeFile(text, 'not a picture at all, only words\n'.repeat(20));
    try {
      const error = await processor.process(text, 'b'.repeat(64)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(415);
      expect((error as AppError).message).toMatch(/JPEG, PNG, WebP or AVIF/);
    } finally {
      await processor.close();
    }
  });

  it('answers 400 when its worker dies mid-job, and the next photo gets a new worker', async () => {
    const processor = createPhotoProcessor({ concurrency: 1 });
    try {
      const job = processor.process(photo, 'c'.repeat(64)).catch((e: unknown) => e);
      const [pid] = processor.pids;
      process.kill(pid!, 'SIGKILL');
      const error = await job;
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      const again = await processor.process(photo, 'c'.repeat(64));
      expect(again.widths).toEqual([400, 800, 1200]);
      expect(processor.pids).not.toContain(pid);
    } finally {
      await processor.close();
    }
  });

  it('a poison photo whose processing never ends is given up after its deadline and never holds up the photos behind it (issue 38 item 2)', { timeout: 60_000 }, async () => {
    // The poison: a file whose reading never ends (a named pipe nobody writes to), in the only worker.
    const fifo = path.join(folder, 'never-ends.jpg');
    execFileSync('mkfifo', [fifo]);
    // At the API's priority: under SCHED_IDLE a busy test machine could starve a good photo past a short deadline.
    const processor = createPhotoProcessor({ concurrency: 1, photoDeadlineMs: 10_000, ...NORMAL_PRIORITY_PHOTOS });
    try {
      const poison = processor.process(fifo, 'e'.repeat(64), { account: 'attacker' }).catch((e: unknown) => e);
      const others = [1, 2, 3].map((n) => processor.process(photo, String(n).repeat(64), { account: `person-${n}` }));
      for (const done of await Promise.all(others)) expect(done.widths).toEqual([400, 800, 1200]);
      const error = await poison;
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).message).toMatch(/took too long/);
    } finally {
      await processor.close();
    }
  });

  it('runs at most `concurrency` jobs at once and retires a worker after its share of jobs', async () => {
    const processor = createPhotoProcessor({ concurrency: 1, jobsPerWorker: 2 });
    try {
      const seen = new Set<number>();
      let most = 0;
      const watch = setInterval(() => {
        processor.pids.forEach((pid) => seen.add(pid));
        most = Math.max(most, processor.pids.length);
      }, 5);
      const jobs = [1, 2, 3].map((n) => processor.process(photo, String(n).repeat(64)));
      expect(processor.pending).toBe(2);
      await Promise.all(jobs);
      clearInterval(watch);
      expect(most).toBe(1);
      // Jobs 1 and 2 on the first worker, job 3 on its replacement.
      expect(seen.size).toBe(2);
    } finally {
      await processor.close();
    }
  });

  it("is fair between accounts: a third person's avatar is processed before the attackers' backlog (issue 38 item 7)", async () => {
    // The attack as found: four costly pictures from two accounts, then someone else's small avatar. One
    // worker, so the order is the queue's; before, it was arrival order and the avatar came last.
    const processor = createPhotoProcessor({ concurrency: 1, chrt: false, nice: 0, groupNice: 0 });
    const done: string[] = [];
    const job = (name: string, account: string, kind: 'listing' | 'avatar' = 'listing') =>
      processor.process(photo, name.padEnd(64, '0'), { account, kind }).then(() => void done.push(name));
    try {
      const jobs = [job('a1', 'user:1'), job('a2', 'user:1'), job('b1', 'user:2'), job('b2', 'user:2'), job('c', 'user:3', 'avatar')];
      await Promise.all(jobs);
      expect(done.indexOf('c')).toBeLessThan(done.indexOf('a2'));
      expect(done.indexOf('c')).toBeLessThan(done.indexOf('b2'));
      // Each account's own pictures keep their order.
      expect(done.indexOf('a1')).toBeLessThan(done.indexOf('a2'));
      expect(done.indexOf('b1')).toBeLessThan(done.indexOf('b2'));
    } finally {
      await processor.close();
    }
  });

  it('makes an avatar only at the widths a profile shows (400 px)', async () => {
    const processor = createPhotoProcessor({ concurrency: 1, chrt: false, nice: 0, groupNice: 0 });
    try {
      const result = await processor.process(photo, '9'.repeat(64), { kind: 'avatar', account: 'user:9' });
      expect(result.widths).toEqual([400]);
      expect(result.files.map((f) => f.name).sort()).toEqual(['avif', 'jpg', 'webp'].map((ext) => `${'9'.repeat(64)}-400.${ext}`));
    } finally {
      await processor.close();
    }
  });
});
