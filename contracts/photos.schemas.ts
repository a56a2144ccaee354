// The bodies of the photo calls (issue 17), validated by the API with the shared contract.
import { MAX_ALT, MAX_PHOTOS } from './photos';
import { z } from './zod';

const photoId = z.string({ error: 'Photo ids must be text' }).uuid('Not a photo of this listing');

/** PATCH /api/spaces/{id}/photos: the new order (every photo once) and optionally the cover. */
export const reorderPhotosSchema = z
  .object({
    order: z.array(photoId, { error: 'order must be a list of photo ids' }).max(MAX_PHOTOS, `A listing has at most ${MAX_PHOTOS} photos`).optional(),
    cover: photoId.optional(),
  })
  .refine((v) => v.order !== undefined || v.cover !== undefined, { message: 'Nothing to change: give order or cover' })
  .refine((v) => !v.order || new Set(v.order).size === v.order.length, { message: 'Each photo may appear once in order', path: ['order'] });
export type ReorderPhotos = z.output<typeof reorderPhotosSchema>;

/** PATCH /api/spaces/{id}/photos/{photoId}. */
export const photoAltSchema = z.object({
  alt: z
    .string({ error: 'Alt text must be text' })
    .trim()
    .min(1, 'Alt text is required: say what the photo shows')
    .max(MAX_ALT, `Alt text must be at most ${MAX_ALT} characters`)
    .refine((v) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(v), { message: 'Alt text contains a broken character: type it again' }),
});
export type PhotoAlt = z.output<typeof photoAltSchema>;
