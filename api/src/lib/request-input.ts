// Input no route should ever see, refused once for every route (pages, API, better-auth) before any of
// them runs: a path that is not valid percent-encoding, and the NUL character in the path, the query or a
// JSON body. PostgreSQL cannot store NUL in text, so without this one check every text field of every
// route would have to remember it (docs/decisions/0605).
import type { NextFunction, Request, Response } from 'express';
import { AppError } from './app-error';

const NUL = '\u0000';

export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000).';

/** Path and query of every request: valid percent-encoding, no NUL. */
export function rejectMalformedAddress(req: Request, _res: Response, next: NextFunction) {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return next(AppError.badRequest('The address is not valid percent-encoding (for example %ff): check the link.'));
  }
  if (path.includes(NUL)) return next(AppError.badRequest(NUL_MESSAGE));
  const field = nulField(req.query);
  if (field !== undefined) return next(AppError.badRequest(`${field}: ${NUL_MESSAGE}`, { [field || '_']: NUL_MESSAGE }));
  next();
}

/** A parsed JSON body: no NUL in any string, key or value, however deep. */
export function rejectNulInBody(req: Request, _res: Response, next: NextFunction) {
  const field = nulField(req.body);
  if (field !== undefined) return next(AppError.badRequest(field ? `${field}: ${NUL_MESSAGE}` : NUL_MESSAGE, { [field || '_']: NUL_MESSAGE }));
  next();
}

/** The path ('a.b.0') of the first string holding a NUL, '' for the value itself, undefined when clean. */
function nulField(value: unknown): string | undefined {
  // Iterative: a body may nest thousands of levels deep (the JSON parser allows it).
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/** The body parser could not decompress what Content-Encoding announced: say which encoding was wrong. */
export function badEncodingError(error: unknown, req: Request): AppError | null {
  const e = error as { status?: number; type?: string; code?: string } | null;
  const encoding = String(req.headers['content-encoding'] ?? '').toLowerCase();
  // zlib's errors carry a code (Z_DATA_ERROR, ERR_BROTLI_…) and no body-parser type.
  if (!e || e.status !== 400 || e.type || typeof e.code !== 'string' || !encoding || encoding === 'identity') return null;
  return AppError.badRequest(`Request body is not valid ${encoding} (it says Content-Encoding: ${encoding}).`);
}
