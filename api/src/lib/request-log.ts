// The request id every answer carries (X-Request-Id, req.id for error logs) and one log line per request
// (pino: info for 2xx/3xx, warn for 4xx, error for 5xx), built only when that level is
// written. It replaces pino-http, whose per-request child logger serialised and redacted every request up
// front, even at LOG_LEVEL=warn where the line is dropped: the Express path's largest per-request cost and
// most of its garbage (docs/decisions/0703).
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { maskUrl, type Logger } from './logger';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** This request's id, also sent as X-Request-Id. */
      id?: string;
    }
  }
}

/** Health probes and hashed assets would drown the log. */
function quiet(url: string): boolean {
  return url === '/api/health' || url.startsWith('/_astro/');
}

export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (quiet(req.url)) return next();
    const started = performance.now();
    res.once('close', () => {
      // A visitor who leaves before the answer is sent is no fault of ours: logged at the answer's level.
      const aborted = !res.writableFinished;
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        { req: { id, method: req.method, url: maskUrl(req.originalUrl) }, res: { statusCode: status }, responseTime: Math.round(performance.now() - started) },
        aborted ? 'request aborted' : 'request completed',
      );
    });
    next();
  };
}
