// pino logger. Secrets and personal data never reach a log line: headers that carry them are redacted,
// request bodies are not logged, token-like query parameters are masked in logged URLs, and a failed
// query is logged as its statement and error, never its parameters (e-mails, messages, tokens).
import { cutText, wellFormedText } from '#contracts/text';
import { pino, type Logger, type DestinationStream } from 'pino';

export type { Logger };

const SECRET_QUERY_PARAMS = /([?&](?:token|code|password|secret|key|session|sid|callbackURL)=)[^&#]*/gi;

export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

type QueryError = Error & { query: string; params: unknown[] };
type DatabaseError = Error & { code: string; severity?: string; constraint?: string; table?: string; column?: string };

function isQueryError(error: unknown): error is QueryError {
  return error instanceof Error && typeof (error as QueryError).query === 'string' && Array.isArray((error as QueryError).params);
}

function isDatabaseError(error: unknown): error is DatabaseError {
  return error instanceof Error && typeof (error as DatabaseError).code === 'string' && typeof (error as DatabaseError).severity === 'string';
}

/** PostgreSQL quotes the offending value in its messages (invalid input syntax for type integer: "…"). */
function withoutQuotedValues(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"').replace(/\([^)]*\)=\([^)]*\)/g, '(…)=(…)');
}

/** The stack's call sites only: its first lines repeat the message, which may hold the parameters. */
function callSites(stack: string | undefined): string | undefined {
  return stack?.split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
}

/** A database error without its values: the SQLSTATE, the redacted message, and where it happened. */
function databaseErrorFields(error: DatabaseError) {
  return { type: error.name, code: error.code, message: withoutQuotedValues(error.message), constraint: error.constraint, table: error.table, column: error.column };
}

/** How every logged `err` is written: query errors keep the statement and the error, never the values (`detail` holds them too). */
export function serializeError(error: unknown): unknown {
  if (isQueryError(error)) {
    const cause = isDatabaseError(error.cause) ? databaseErrorFields(error.cause) : error.cause instanceof Error ? { type: error.cause.name, message: withoutQuotedValues(error.cause.message) } : undefined;
    return { type: error.name, message: `Failed query: ${error.query}`, query: error.query, cause, stack: callSites(error.stack) };
  }
  if (isDatabaseError(error)) return { ...databaseErrorFields(error), stack: callSites(error.stack) };
  return pino.stdSerializers.err(error as Error);
}

/** A short reason for a log line that has no room for the whole error. */
export function safeErrorReason(error: unknown): string | undefined {
  const serialized = serializeError(error) as { message?: string; cause?: { message?: string } } | undefined;
  const reason = [serialized?.message, serialized?.cause?.message].filter(Boolean).join(': ');
  return reason ? wellFormedText(cutText(reason, 200, { ellipsis: '' })) : undefined;
}

/**
 * What went wrong in the fewest words, for an item parked with its error (issue 38 item 2): the innermost
 * cause's message (the database's own, not the failed statement), values in quotes redacted, well-formed.
 */
export function rootErrorReason(error: unknown): string {
  let inner = error;
  for (let depth = 0; depth < 5 && (inner as { cause?: unknown } | null)?.cause; depth++) inner = (inner as { cause: unknown }).cause;
  const message = (inner as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? wellFormedText(cutText(withoutQuotedValues(message), 200, { ellipsis: '' })) : (safeErrorReason(error) ?? 'unknown error');
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      serializers: { err: serializeError },
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-api-key"]',
          'res.headers["set-cookie"]',
          '*.password',
          '*.newPassword',
          '*.currentPassword',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
