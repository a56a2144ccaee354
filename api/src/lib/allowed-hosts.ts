// Production answers only the host names it is configured for (PUBLIC_SITE_URL's and ALLOWED_ORIGINS'):
// pages that are publicly cacheable must never be rendered for a Host an attacker chose. /api/health and
// /api/ready stay open to every Host, since load balancers probe instances by their own address (docs/decisions/0606).
import type { NextFunction, Request, Response } from 'express';
import { AppError } from './app-error';

export const HEALTH_PATH = '/api/health';
/** Readiness (docs/decisions/1401): probed by balancers at the instance's own address, like health. */
export const READY_PATH = '/api/ready';

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Every Host header value that names one of these origins (with and without the default port). */
export function allowedHostNames(origins: readonly string[]): Set<string> {
  const hosts = new Set<string>();
  for (const origin of origins) {
    const url = new URL(origin);
    hosts.add(url.host.toLowerCase());
    if (!url.port) hosts.add(`${url.hostname.toLowerCase()}:${DEFAULT_PORTS[url.protocol]}`);
  }
  return hosts;
}

export function allowedHostsGuard(origins: readonly string[]) {
  const allowed = allowedHostNames(origins);
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.path === HEALTH_PATH || req.path === READY_PATH) return next();
    // The host the browser asked for: Host, or X-Forwarded-Host from a trusted proxy (TRUST_PROXY).
    if (req.host && allowed.has(req.host.toLowerCase())) return next();
    next(new AppError('misdirected_request', 'This server does not answer for that host name. To serve it, add it to PUBLIC_SITE_URL or ALLOWED_ORIGINS.', 421));
  };
}
