// GET /api/health: liveness plus a database round trip.
import { z } from './zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** When unavailable: what a person reads (the same text as every 503 of the API). */
  message: z.string().optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
