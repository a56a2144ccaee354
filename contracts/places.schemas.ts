// GET /api/places: the query contract (zod). The plain half is contracts/places.ts.
import { z } from './zod';
import { PLACES_LIMIT_DEFAULT, PLACES_LIMIT_MAX, PLACES_QUERY_MAX } from './places';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const once = (message: string) => z.string({ error: (iss) => (Array.isArray(iss.input) ? 'must be given once' : message) });

export const placesQuerySchema = z.object({
  q: once('must be text').max(PLACES_QUERY_MAX, `must be at most ${PLACES_QUERY_MAX} characters`).default(''),
  limit: z.preprocess(
    blankToUndefined,
    once('must be a whole number')
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().min(1, 'must be at least 1').max(PLACES_LIMIT_MAX, `must be at most ${PLACES_LIMIT_MAX}`))
      .default(PLACES_LIMIT_DEFAULT),
  ),
});
