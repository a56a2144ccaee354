// The photo workers (photo-processor.ts): photos are processed in child processes at a lower priority, a
// refusal comes back as the same 4xx, a worker that dies costs its upload only (400) and is replaced, and
// workers are retired after their share of jobs and on close.
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoWithMetadata } from '#tests/fixtures/photos';
import { AppError } from '../../lib/app-error';
import { createPhotoProcessor, PHOTO_WORKER_NICE, workerPriority } from './photo-processor';

describe('photo processor', () => {
  let folder: string;
  let photo: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'photo-processor-'));
    photo = path.join(folder, 'photo.jpg');
    await writeFile(photo, await photoWithMetadata(1200, 900));
  });
  afterAll(async () => rm(folder, { recursive: true, force: true }));

  it('processes in a child process at a lower priority and stops it on close', async () => {
    const processor = createPhotoProcessor({ concurrency: 1 });
    try {
      const result = await processor.process(photo, 'a'.repeat(64));
      expect(result).toMatchObject({ width: 1200, height: 900, widths: [400, 800, 1200] });
      expect(result.files.map((f) => f.name)).toContain(`${'a'.repeat(64)}-800.webp`);
      expect(Buffer.isBuffer(result.files[0]!.bytes)).toBe(true);
      const [pid] = processor.pids;
      expect(pid).toBeDefined();
      expect(pid).not.toBe(process.pid);
      expect(os.getPriority(pid)).toBe(workerPriority(PHOTO_WORKER_NICE));
      expect(os.getPriority(pid)).toBeGreaterThan(os.getPriority());
    } finally {
      await processor.close();
    }
    expect(processor.pids).toEqual([]);
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
});
