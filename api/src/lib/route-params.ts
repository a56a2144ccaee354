// Ids in request paths. An id that is not 1–9 digits (fits int4) is answered exactly as an unknown one: 404
// with the route's own "… not found." sentence, before any query.
import type { Request } from 'express';
import { AppError } from './app-error';

export function idParam(req: Request, notFound: string, name = 'id'): number {
  const raw = String(req.params[name] ?? '');
  if (!/^\d{1,9}$/.test(raw)) throw AppError.notFound(notFound);
  return Number(raw);
}

/** The `:id` of the spaces routes (browse, photos, saves, numbers). */
export const spaceIdParam = (req: Request): number => idParam(req, 'Space not found.');
