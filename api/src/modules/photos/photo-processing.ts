// Turns an uploaded file into the photo's served files with sharp: the type is read from the bytes (not the
// name), decompression bombs are refused by their pixel count before decoding, the picture is turned
// upright and every byte of metadata is left behind (EXIF GPS would publish where the phone was), then
// the picture is decoded once (shrunk on load to the largest width) and each width is written as AVIF,
// WebP and JPEG from those pixels. It runs in a photo worker process (photo-worker.ts, photo-processor.ts):
// resizing is CPU-bound and its memory is libvips's (docs/decisions/0800).
import { open } from 'node:fs/promises';
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  ACCEPTED_PHOTO_TEXT,
  MAX_PHOTO_PIXELS,
  PHOTO_CONTENT_TYPES,
  PHOTO_EXTENSIONS,
  PHOTO_FORMATS,
  PHOTO_WIDTHS,
  photoFileName,
  type PhotoFormat,
} from '#contracts/photos';
import { AppError } from '../../lib/app-error';
import type { ProcessedFile, ProcessedPhoto } from '../../lib/ports';

// One libvips thread and no operation cache: a worker then holds one picture's pixels at a time, decoded
// at most to the largest width it writes.
sharp.concurrency(1);
sharp.cache(false);

export type DetectedType = 'jpeg' | 'png' | 'webp' | 'avif';

/** The type by the file's first bytes (magic numbers); undefined for anything else (SVG, text, GIF, …). */
export function detectImageType(head: Buffer): DetectedType | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp' && ['avif', 'avis'].includes(head.toString('latin1', 8, 12))) return 'avif';
  return undefined;
}

function damaged(): AppError {
  return new AppError('bad_request', 'This photo could not be read: the file seems damaged or incomplete. Try exporting it again.', 400);
}

export function unsupportedType(): AppError {
  return new AppError('unsupported_media_type', `This file is not a photo we can use. Upload a ${ACCEPTED_PHOTO_TEXT} image.`, 415);
}

export type { ProcessedFile, ProcessedPhoto } from '../../lib/ports';

/** The widths to make of a picture `width` px wide: the standard ones below it, then itself capped at the largest. */
export function widthsFor(width: number): number[] {
  const largest = Math.min(width, PHOTO_WIDTHS.at(-1)!);
  return [...PHOTO_WIDTHS.filter((w) => w < largest), largest];
}

const ENCODE: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  // effort 2: AVIF's slow default costs seconds per size for a few percent of bytes.
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75, effort: 3 }),
  jpeg: (image) => image.jpeg({ quality: 78, progressive: true, mozjpeg: true }),
};

/**
 * Reads the file at `filePath` (already on disk, at most MAX_PHOTO_BYTES) and makes the photo's files,
 * named `{key}-{width}.{ext}`. Throws a 4xx AppError for anything that is not a usable picture.
 */
export async function processPhoto(filePath: string, key: string): Promise<ProcessedPhoto> {
  const handle = await open(filePath, 'r');
  const head = Buffer.alloc(32);
  try {
    await handle.read(head, 0, 32, 0);
  } finally {
    await handle.close();
  }
  if (!detectImageType(head)) throw unsupportedType();

  let meta: Metadata;
  try {
    // The header only (no decoding), without the pixel limit, so that a bomb is named by its size below.
    meta = await sharp(filePath, { limitInputPixels: false }).metadata();
  } catch {
    throw damaged();
  }
  if (!meta.width || !meta.height) throw unsupportedType();
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) {
    throw new AppError(
      'payload_too_large',
      `This picture is too large to process (${meta.width} × ${meta.height} pixels; at most ${Math.round(MAX_PHOTO_PIXELS / 1e6)} megapixels). Resize it and try again.`,
      413,
    );
  }
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const uprightWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  const widths = widthsFor(uprightWidth);
  const largest = widths.at(-1)!;
  let decoded: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    // Decoded ONCE, read front to back: JPEG shrink-on-load decodes a 4000 px original at 2000 px for the
    // 1600 px largest width; turned upright, in 8-bit sRGB, into raw pixels (~6 MB at 1600 × 1200).
    decoded = await sharp(filePath, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'truncated', sequentialRead: true })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw damaged();
  }
  const { width, height, channels } = decoded.info;
  const files: ProcessedFile[] = [];
  try {
    for (const target of widths) {
      for (const format of PHOTO_FORMATS) {
        // Every size from the one decoded picture. No withMetadata()/keepMetadata(): sharp writes no EXIF,
        // XMP, IPTC or ICC chunk (raw pixels carry none anyway).
        const pixels = sharp(decoded.data, { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } });
        const image = ENCODE[format](target < width ? pixels.resize({ width: target }) : pixels);
        const bytes = await image.toBuffer();
        files.push({ name: photoFileName(key, target, format), bytes, contentType: PHOTO_CONTENT_TYPES[PHOTO_EXTENSIONS[format]]! });
      }
    }
  } catch {
    throw damaged();
  }
  return {
    width,
    height,
    widths,
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes.length, 0),
  };
}
