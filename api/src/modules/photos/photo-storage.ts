// Where photo files live, behind one small interface: a folder under DATA_DIR by default (nothing to set
// up), or an S3-compatible bucket when S3_ENDPOINT and S3_BUCKET are set, so that several instances serve
// the same photos (docs/decisions/0803). Names are content-addressed, so a write never changes a file. On
// disk the folder is 0700 and every file 0600: the product's user's alone (decision 1405).
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, NoSuchKey, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import type { PhotoStorage } from '../../lib/ports';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../../lib/private-files';

export type { PhotoStorage } from '../../lib/ports';

/** Files in one folder; written to a temporary name and renamed, so a reader never sees half a file. */
export function createDiskStorage(folder: string): PhotoStorage {
  const fileOf = (name: string) => path.join(folder, name);
  let ready: Promise<unknown> | undefined;
  return {
    description: `disk (${folder})`,
    async put(name, bytes) {
      ready ??= mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      await ready;
      const temporary = `${fileOf(name)}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
      await writeFile(temporary, bytes, { mode: PRIVATE_FILE_MODE });
      await rename(temporary, fileOf(name));
    },
    async get(name) {
      try {
        const info = await stat(fileOf(name));
        return { body: createReadStream(fileOf(name)), size: info.size };
      } catch {
        return undefined;
      }
    },
    async exists(name) {
      try {
        await stat(fileOf(name));
        return true;
      } catch {
        return false;
      }
    },
    async deleteMany(names) {
      await Promise.all(names.map((name) => rm(fileOf(name), { force: true })));
    },
    async *list() {
      let entries;
      try {
        entries = await readdir(folder, { withFileTypes: true });
      } catch (error) {
        // No folder yet: nothing was ever stored.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      // A .part file is a write under way (or one a crash left): not a photo.
      for (const entry of entries) if (entry.isFile() && !entry.name.endsWith('.part')) yield entry.name;
    },
  };
}

export type S3Options = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };

export function createS3Storage(options: S3Options): PhotoStorage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Local S3-compatible servers do not all answer the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  return {
    description: `s3 (${new URL(options.endpoint).host}/${Bucket})`,
    async put(name, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: name, Body: bytes, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }));
    },
    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        if (!answer.Body) return undefined;
        return { body: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (error instanceof NoSuchKey || error instanceof NotFound || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || error instanceof NotFound) return false;
        throw error;
      }
    },
    async deleteMany(names) {
      // DeleteObjects takes up to 1000 keys a call.
      for (let i = 0; i < names.length; i += 1000) {
        const chunk = names.slice(i, i + 1000);
        if (chunk.length) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true } }));
      }
    },
    async *list() {
      // ListObjectsV2 answers up to 1000 keys a page.
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** The storage the configuration names: S3 when S3_ENDPOINT and S3_BUCKET are set, else DATA_DIR/photos. */
export function createPhotoStorage(config: Config): PhotoStorage {
  if (config.S3_ENDPOINT && config.S3_BUCKET) {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createDiskStorage(path.resolve(config.DATA_DIR, 'photos'));
}
