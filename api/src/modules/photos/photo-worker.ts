// The child process that resizes photos (started by photo-processor.ts; docs/decisions/0800). It runs one
// job at a time: {id, filePath, key} in, the processed photo (its files as bytes) or the refusal out.
// libvips's memory (and any crash on a hostile file) stays in this process, which runs at a lower CPU
// priority than the API, so page requests come first on a small machine.
import type { PhotoKind } from '#contracts/photos';
import { AppError } from '../../lib/app-error';
import { processPhoto } from './photo-processing';

export type PhotoJob = { id: number; filePath: string; key: string; kind: PhotoKind };
export type PhotoRefusal = { code: AppError['code']; message: string; status: number };

process.on('message', (job: PhotoJob) => {
  processPhoto(job.filePath, job.key, job.kind).then(
    (result) => process.send?.({ id: job.id, result }),
    (error: unknown) => {
      const refusal: PhotoRefusal | undefined = error instanceof AppError ? { code: error.code, message: error.message, status: error.status } : undefined;
      process.send?.({ id: job.id, refusal });
    },
  );
});
// The API went away: so does this process.
process.on('disconnect', () => process.exit(0));
