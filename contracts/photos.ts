// Contracts of the photo calls (issue 17): the limits, the photo as answered, and how a photo's file names
// are made. No zod here (islands and page scripts import these); the bodies' schemas: photos.schemas.ts.
import { cutText } from './text';

/** Photos per listing (the pasted URLs of spec 2.9 come on top). */
export const MAX_PHOTOS = 12;
/** Largest upload accepted, in bytes (413 above). */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** Largest decoded image accepted, in pixels (a decompression bomb is refused with 413): 50 megapixels. */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** Widths made of every photo (never wider than the original). */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;

/** What a picture is for: a listing's photo, or a person's profile picture (shown at most 400 px wide). */
export type PhotoKind = 'listing' | 'avatar';
/**
 * The largest picture each kind takes, in pixels, and the widths made of it (issue 38 item 7: a 156 KB
 * 7000 × 7000 PNG avatar took 34.6 s). A profile picture is shown at 64–400 px: 25 megapixels still takes
 * the 24-megapixel photos recent phones take by default, and only the 400 px width is made.
 */
export const PHOTO_KINDS: Record<PhotoKind, { maxPixels: number; widths: readonly number[]; name: string }> = {
  listing: { maxPixels: MAX_PHOTO_PIXELS, widths: PHOTO_WIDTHS, name: 'photo' },
  avatar: { maxPixels: 25_000_000, widths: [400], name: 'profile picture' },
};
/**
 * Pixels per byte of file above which a PNG or AVIF (formats decoded whole, with no shrink-on-load) is refused
 * before it is decoded: a decompression bomb's shape (a flat 7000 × 7000 PNG is 156 KB, 314 pixels a byte,
 * and costs every one of its 49 million pixels). A photo saved as PNG holds about 0.5 pixel a byte, a
 * screenshot or floor plan 10–80. Only pictures above SMALL_PICTURE_PIXELS are held to it, so a small logo or
 * icon of a few kilobytes still passes. JPEG and WebP shrink on load, so their bombs cost little.
 */
export const MAX_PIXELS_PER_BYTE = 100;
export const SMALL_PICTURE_PIXELS = 2_000_000;
/** Served formats, best first; JPEG is the fallback every browser reads. */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const MAX_ALT = 300;
/** Where photos are served (by the API process, from whichever storage holds them). */
export const PHOTO_URL_PREFIX = '/media/photos/';
/**
 * Sent with every upload by the site: a header a cross-site page cannot add without a CORS preflight (which
 * we never answer), so a multipart body (which a plain HTML form can post) still proves it comes from us.
 */
export const UPLOAD_HEADER = 'x-farmspace-upload';
/**
 * The uploader's key for one chosen file (a random UUID made when the file is chosen), sent with every try
 * of its upload: the API stores one photo per key and listing, and answers a repeat with that photo
 * (issue 43 item 1: photos sent twice on a slow connection were stored twice).
 */
export const UPLOAD_KEY_HEADER = 'idempotency-key';
export const UPLOAD_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const ACCEPTED_PHOTO_TEXT = 'JPEG, PNG, WebP or AVIF';

export type PhotoType = 'jpeg' | 'png' | 'webp' | 'avif';
/** How many of a file's first bytes `sniffPhotoType` reads. */
export const PHOTO_SNIFF_BYTES = 16;

/**
 * A photo's type by its first bytes (magic numbers), never by its name or the browser's guess; undefined for
 * anything else (SVG, text, GIF, HEIC…). The one check: the uploader runs it on a chosen file before showing
 * it (issue 43 item 10: a text file named .jpg showed as a broken cover), the photo worker on every upload.
 */
export function sniffPhotoType(head: Uint8Array): PhotoType | undefined {
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => head[i] === byte)) return 'png';
  if (head.length >= 12 && text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp';
  if (head.length >= 12 && text(4, 8) === 'ftyp' && ['avif', 'avis'].includes(text(8, 12))) return 'avif';
  return undefined;
}

/** One photo as stored on the listing and answered in `photos` (beside spec 3's `images`). */
export type SpacePhoto = {
  id: string;
  /** Content hash of the cleaned image: the stem of every file name. */
  key: string;
  /** Size of the largest file made (the original's, after orientation, capped at the largest width). */
  width: number;
  height: number;
  /** The widths made, ascending. */
  widths: number[];
  alt: string;
};

/** The photo as the upload answers it and as `photos` lists it on a space. */
export type PhotoView = SpacePhoto & { url: string };

export const PHOTO_EXTENSIONS: Record<PhotoFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
export const PHOTO_CONTENT_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/** A file's name: `{key}-{width}.{ext}`; content-addressed, so it never changes meaning. */
export function photoFileName(key: string, width: number, format: PhotoFormat): string {
  return `${key}-${width}.${PHOTO_EXTENSIONS[format]}`;
}

export function photoFileUrl(key: string, width: number, format: PhotoFormat): string {
  return `${PHOTO_URL_PREFIX}${photoFileName(key, width, format)}`;
}

/** The URL that stands for the photo in `images` (spec 3): the largest JPEG, readable everywhere. */
export function photoUrl(photo: Pick<SpacePhoto, 'key' | 'widths'>): string {
  return photoFileUrl(photo.key, photo.widths.at(-1) ?? PHOTO_WIDTHS[0], 'jpeg');
}

/** The srcset of one format; `maxWidth` leaves out larger files (a card never needs the 1600 px one). */
export function photoSrcSet(photo: Pick<SpacePhoto, 'key' | 'widths' | 'width'>, format: PhotoFormat, maxWidth = Infinity): string {
  const widths = photo.widths.filter((w, i) => i === 0 || w <= maxWidth);
  return widths.map((w) => `${photoFileUrl(photo.key, w, format)} ${w}w`).join(', ');
}

export function isPhotoUrl(url: string): boolean {
  return url.startsWith(PHOTO_URL_PREFIX);
}

/** A file name under PHOTO_URL_PREFIX: anything else is not ours (404). */
export const PHOTO_FILE_NAME = /^([a-f0-9]{64})-(\d{1,4})\.(avif|webp|jpg)$/;

/** The alt text a new photo starts with (the owner edits it): the listing's title and the photo's place. */
export function defaultPhotoAlt(title: string, position: number): string {
  return `${defaultPhotoAltPrefix(title)}${position}`;
}

/** What every default description of a listing's photos starts with ("Sunny roof – photo "). */
export function defaultPhotoAltPrefix(title: string): string {
  return `${cutText(title.trim(), MAX_ALT - 12, { ellipsis: '' })} – photo `;
}
