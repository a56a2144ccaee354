// Contracts of the photo calls (issue 17): the limits, the photo as answered, and how a photo's file names
// are made. No zod here (islands and page scripts import these); the bodies' schemas: photos.schemas.ts.

/** Photos per listing (the pasted URLs of spec 2.9 come on top). */
export const MAX_PHOTOS = 12;
/** Largest upload accepted, in bytes (413 above). */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** Largest decoded image accepted, in pixels (a decompression bomb is refused with 413): 50 megapixels. */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** Widths made of every photo (never wider than the original). */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;
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
export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const ACCEPTED_PHOTO_TEXT = 'JPEG, PNG, WebP or AVIF';

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
  return `${title.trim().slice(0, MAX_ALT - 12)} – photo ${position}`;
}
