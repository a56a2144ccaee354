// Recognises "the database is not there" (refused or reset connections, a server shutting down or
// starting, a pool that cannot connect in time) in an error or anything it wraps (drizzle and
// better-auth wrap the driver's error), so the API can answer 503 instead of a 500.
import { AppError } from './app-error';

/** PostgreSQL SQLSTATEs of class 08 (connection exception) and 57P0x (operator intervention: shutdown, starting). */
const UNAVAILABLE_SQLSTATES = /^(08\d{3}|57P0[1-4])$/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)|terminating connection due to administrator command|Cannot use a pool after calling end/i;

export const DATABASE_UNAVAILABLE_MESSAGE = 'FarmSpace cannot reach its database right now. Please try again in a moment.';

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.test(e.code) || UNAVAILABLE_NODE_CODES.has(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    // AggregateError (e.g. a refused connection to both ::1 and 127.0.0.1).
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}

export function databaseUnavailableError(): AppError {
  return new AppError('unavailable', DATABASE_UNAVAILABLE_MESSAGE, 503, { headers: { 'Retry-After': '5' } });
}
