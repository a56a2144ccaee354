// Multipart uploads (one file per request), for any module: the file is streamed to a temporary file with
// busboy, never held in memory, and hashed on the way. Moved out of the photos route (issue 27).
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, lstat, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request } from 'express';
import { AppError } from './app-error';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './private-files';

const readyFolders = new Map<string, Promise<void>>();

/**
 * The upload folder, made the product's user's alone (decision 1405): 0700, and never a folder someone else
 * made or a link to one (the default is a fixed name in the shared temporary folder, which another local
 * user could create first to read or swap the uploads).
 */
export function privateUploadFolder(folder: string): Promise<void> {
  let ready = readyFolders.get(folder);
  if (!ready) {
    ready = (async () => {
      await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      const stat = await lstat(folder);
      if (!stat.isDirectory() || (process.getuid && stat.uid !== process.getuid())) throw new Error(`the upload folder ${folder} is not a folder of this process's user: refusing to write uploads there`);
      if ((stat.mode & 0o777) !== PRIVATE_FOLDER_MODE) await chmod(folder, PRIVATE_FOLDER_MODE);
    })();
    readyFolders.set(folder, ready);
    ready.catch(() => readyFolders.delete(folder));
  }
  return ready;
}

/** The multipart envelope around one file: boundaries, headers of the part. */
const MULTIPART_OVERHEAD = 16 * 1024;

/** A file received: where it was written, the SHA-256 of its bytes (hex), and its size. */
export type ReceivedFile = { filePath: string; key: string; size: number };

/**
 * Streams the request's one file in `field` to a temporary file in `folder`, hashing it on the way. Refuses
 * a body over `maxBytes` as soon as it passes it (`tooLarge`); a refused or failed upload leaves no file
 * behind. Bad input is a 4xx that says what to send.
 */
export async function receiveFile(
  req: Request,
  options: { folder: string; field: string; maxBytes: number; tooLarge: () => AppError },
): Promise<ReceivedFile> {
  const { folder, field: wanted, tooLarge } = options;
  if (!req.is('multipart/form-data')) throw new AppError('unsupported_media_type', `Send the ${wanted} as multipart/form-data in the field "${wanted}".`, 415);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > options.maxBytes + MULTIPART_OVERHEAD) throw tooLarge();
  await privateUploadFolder(folder);
  const filePath = path.join(folder, `${randomUUID()}.upload`);
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: options.maxBytes, fields: 10, fieldSize: 1024, parts: 12 } });
  } catch {
    throw AppError.badRequest(`The upload could not be read: send multipart/form-data with the ${wanted} in the field "${wanted}".`);
  }
  try {
    return await new Promise<ReceivedFile>((resolve, reject) => {
      let received: Promise<ReceivedFile> | undefined;
      parser.on('file', (field, stream) => {
        if (field !== wanted || received) {
          stream.resume();
          return;
        }
        const hash = createHash('sha256');
        let size = 0;
        let truncated = false;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          hash.update(chunk);
        });
        stream.on('limit', () => {
          truncated = true;
        });
        received = pipeline(stream, createWriteStream(filePath, { mode: PRIVATE_FILE_MODE, flags: 'wx' })).then(() => {
          if (truncated) throw tooLarge();
          return { filePath, key: hash.digest('hex'), size };
        });
        received.catch(() => undefined);
      });
      parser.on('error', () => reject(AppError.badRequest('The upload could not be read: it ended early or is not valid multipart/form-data.')));
      parser.on('close', () => {
        if (!received) return reject(AppError.badRequest(`No ${wanted} received: send the file in the field "${wanted}".`));
        received.then(resolve, reject);
      });
      req.on('aborted', () => reject(AppError.badRequest('The upload was interrupted.')));
      req.pipe(parser);
    });
  } catch (error) {
    await rm(filePath, { force: true });
    if (error instanceof AppError) throw error;
    throw AppError.badRequest('The upload could not be read: it ended early or is not valid multipart/form-data.');
  }
}
