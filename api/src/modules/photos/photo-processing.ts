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
  MAX_PIXELS_PER_BYTE,
  PHOTO_CONTENT_TYPES,
  PHOTO_EXTENSIONS,
  PHOTO_FORMATS,
  PHOTO_KINDS,
  PHOTO_SNIFF_BYTES,
  photoFileName,
  SMALL_PICTURE_PIXELS,
  sniffPhotoType,
  type PhotoFormat,
  type PhotoKind,
  type PhotoType,
} from '#contracts/photos';
import { AppError } from '../../lib/app-error';
import type { ProcessedFile, ProcessedPhoto } from '../../lib/ports';

// One libvips thread and no operation cache: a worker then holds one picture's pixels at a time, decoded
// at most to the largest width it writes.
sharp.concurrency(1);
sharp.cache(false);

function damaged(): AppError {
  return new AppError('bad_request', 'This photo could not be read: the file seems damaged or incomplete. Try exporting it again.', 400);
}

export function unsupportedType(): AppError {
  return new AppError('unsupported_media_type', `This file is not a photo we can use. Upload a ${ACCEPTED_PHOTO_TEXT} image.`, 415);
}

export type { ProcessedPhoto } from '../../lib/ports';

/** The widths to make of a picture `width` px wide: the kind's below it, then itself capped at the kind's largest. */
export function widthsFor(width: number, kind: PhotoKind = 'listing'): number[] {
  const standard = PHOTO_KINDS[kind].widths;
  const largest = Math.min(width, standard.at(-1)!);
  return [...standard.filter((w) => w < largest), largest];
}

/**
 * Formats decoded pixel by pixel whatever the size made of them. JPEG and WebP shrink on load (a 7000 px
 * JPEG is decoded at 1750 px for the 1600 px width), so their cost does not grow with a bomb's pixels — and
 * an optimised or progressive JPEG of a flat picture can hold hundreds of pixels a byte honestly.
 */
const DECODED_WHOLE: readonly PhotoType[] = ['png', 'avif'];

/**
 * The refusal, if any, of a picture by its header alone (nothing decoded yet): more pixels than its kind
 * takes, or so many pixels for so few bytes that it can only be a decompression bomb (issue 38 item 7).
 */
export function refusalBySize(size: { width: number; height: number; bytes: number; type: PhotoType }, kind: PhotoKind): AppError | undefined {
  const { maxPixels, name } = PHOTO_KINDS[kind];
  const pixels = size.width * size.height;
  const dimensions = `${size.width} × ${size.height} pixels`;
  if (pixels > maxPixels) {
    return new AppError('payload_too_large', `This picture is too large for a ${name} (${dimensions}; at most ${Math.round(maxPixels / 1e6)} megapixels). Resize it and try again.`, 413);
  }
  if (DECODED_WHOLE.includes(size.type) && pixels > SMALL_PICTURE_PIXELS && pixels > size.bytes * MAX_PIXELS_PER_BYTE) {
    return new AppError('payload_too_large', `This picture has too many pixels for its size (${dimensions} in ${Math.max(1, Math.round(size.bytes / 1024))} KB): it would cost too much to process. Upload the photo itself (${ACCEPTED_PHOTO_TEXT}).`, 413);
  }
  return undefined;
}

const ENCODE: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  // effort 2: AVIF's slow default costs seconds per size for a few percent of bytes.
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75, effort: 3 }),
  jpeg: (image) => image.jpeg({ quality: 78, progressive: true, mozjpeg: true }),
};

/**
 * Reads the file at `filePath` (already on disk, at most MAX_PHOTO_BYTES) and makes the picture's files,
 * named `{key}-{width}.{ext}`, at the widths of its kind. Throws a 4xx AppError for anything that is not a
 * usable picture, and refuses by the header alone (refusalBySize) before a pixel is decoded.
 */
export async function processPhoto(filePath: string, key: string, kind: PhotoKind = 'listing'): Promise<ProcessedPhoto> {
  const handle = await open(filePath, 'r');
  const head = Buffer.alloc(PHOTO_SNIFF_BYTES);
  let bytes: number;
  try {
    await handle.read(head, 0, PHOTO_SNIFF_BYTES, 0);
    bytes = (await handle.stat()).size;
  } finally {
    await handle.close();
  }
  const type = sniffPhotoType(head);
  if (!type) throw unsupportedType();

  let meta: Metadata;
  try {
    // The header only (sharp's metadata decodes no pixel), without the pixel limit, so that a bomb is named
    // by its size below.
    meta = await sharp(filePath, { limitInputPixels: false }).metadata();
  } catch {
    throw damaged();
  }
  if (!meta.width || !meta.height) throw unsupportedType();
  const refusal = refusalBySize({ width: meta.width, height: meta.height, bytes, type }, kind);
  if (refusal) throw refusal;
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const uprightWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  const widths = widthsFor(uprightWidth, kind);
  const largest = widths.at(-1)!;
  let decoded: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    // Decoded ONCE, read front to back: JPEG shrink-on-load decodes a 4000 px original at 2000 px for the
    // 1600 px largest width; turned upright, in 8-bit sRGB, into raw pixels (~6 MB at 1600 × 1200).
    decoded = await sharp(filePath, { limitInputPixels: PHOTO_KINDS[kind].maxPixels, failOn: 'truncated', sequentialRead: true })
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
