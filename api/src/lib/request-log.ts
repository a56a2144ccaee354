// The request id every answer carries (X-Request-Id, req.id for error logs) and one log line per request
// (pino: info for 2xx/3xx, warn for 4xx, error for 5xx), built only when that level is
// written. It replaces pino-http, whose per-request child logger serialised and redacted every request up
// front, even at LOG_LEVEL=warn where the line is dropped: the Express path's largest per-request cost and
// most of its garbage (docs/decisions/0703).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** Health and readiness probes and hashed assets would drown the log. */
function quiet(url: string): boolean {
  return url === '/api/health' || url === '/api/ready' || url.startsWith('/_astro/');
}

function levelOf(status: number): 'error' | 'warn' | 'info' {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    req.id = logRequest(logger, req, res);
    next();
  };
}

/**
 * Gives the request its id (X-Request-Id) and writes its line once it is answered. Also used by the
 * public-read fast path, which answers before Express (docs/decisions/0705): the same id, the same line.
 */
export function logRequest(logger: Logger, req: IncomingMessage, res: ServerResponse, options: { setHeader?: boolean; status?: number } = {}): string {
  const id = randomUUID();
  if (options.setHeader !== false) res.setHeader('X-Request-Id', id);
  const url = req.url ?? '';
  // An answer whose status is already known (the fast path's 200s) needs no listener when its level is off.
  if (options.status !== undefined && !logger.isLevelEnabled(levelOf(options.status))) return id;
  if (quiet(url)) return id;
  const method = req.method;
  const started = performance.now();
  res.once('close', () => {
    // A visitor who leaves before the answer is sent is no fault of ours: logged at the answer's level.
    const aborted = !res.writableFinished;
    const status = res.statusCode;
    const level = levelOf(status);
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      { req: { id, method, url: maskUrl(url) }, res: { statusCode: status }, responseTime: Math.round(performance.now() - started) },
      aborted ? 'request aborted' : 'request completed',
    );
  });
  return id;
}
