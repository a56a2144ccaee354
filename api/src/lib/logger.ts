// pino logger. Secrets never reach a log line: headers that carry them are redacted, request bodies are
// not logged, and token-like query parameters are masked in logged URLs.
import { pino, type Logger, type DestinationStream } from 'pino';

export type { Logger };

const SECRET_QUERY_PARAMS = /([?&](?:token|code|password|secret|key|session|sid|callbackURL)=)[^&#]*/gi;

export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
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
