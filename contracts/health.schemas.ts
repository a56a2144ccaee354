// GET /api/health: liveness plus a database round trip.
import { z } from './zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** When unavailable: what a person reads (the same text as every 503 of the API). */
  message: z.string().optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * GET /api/ready: whether this instance can serve (docs/decisions/1401). 200 with status `ready`, or 503 with
 * status `not-ready` and `reason`, the first check that failed, in words an operator acts on.
 */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    database: z.enum(['up', 'down']),
    /** `current`: every migration this code carries is applied; `behind`: some are not; `unknown`: the database did not answer. */
    migrations: z.enum(['current', 'behind', 'unknown']),
    /** `present`: the site build this instance serves is there; `missing`: it should serve one and has none; `not-served`: SERVE_SITE=false. */
    site: z.enum(['present', 'missing', 'not-served']),
  }),
  reason: z.string().optional(),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
