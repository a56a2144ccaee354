// GET /api/health: liveness — 200 when the database answers within two seconds, 503 otherwise.
// GET /api/ready: readiness for a load balancer (docs/decisions/1401) — the database answers within a second,
// its migrations are the ones this code carries, and the site build is there when this instance serves it.
import { existsSync } from 'node:fs';
import { Router } from 'express';
import { migrationLevel } from '#db/client';
import type { HealthResponse, ReadyResponse } from '#contracts/health.schemas';
import type { AppContext } from '../../app-context';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../lib/database-errors';
import { within } from '../../lib/within';

const PING_TIMEOUT_MS = 2000;
/** A balancer probes often and wants a quick no: a database slower than this is not ready to serve. */
const READY_TIMEOUT_MS = 1000;

/** The readiness checks, each answered; `reason` names the first that failed. */
async function readiness(ctx: AppContext): Promise<ReadyResponse> {
  const level = await within(
    ctx.database.ping().then(() => migrationLevel(ctx.db)),
    READY_TIMEOUT_MS,
  );
  const site: ReadyResponse['checks']['site'] = !ctx.config.SERVE_SITE ? 'not-served' : ctx.siteClientDir && existsSync(ctx.siteClientDir) ? 'present' : 'missing';
  const checks: ReadyResponse['checks'] = {
    database: level ? 'up' : 'down',
    migrations: !level ? 'unknown' : level.current ? 'current' : 'behind',
    site,
  };
  const reason = !level
    ? `The database did not answer within ${READY_TIMEOUT_MS} ms.`
    : !level.current
      ? `The database is behind this code's migrations (${level.applied} of ${level.expected} applied): run npm run db:migrate or start one instance to migrate it.`
      : site === 'missing'
        ? 'SERVE_SITE is on but there is no site build: run npm run build (or set SERVE_SITE=false behind a proxy that serves it).'
        : undefined;
  return reason ? { status: 'not-ready', checks, reason } : { status: 'ready', checks };
}

export function createHealthRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const up = (await within(ctx.database.ping().then(() => true), PING_TIMEOUT_MS)) ?? false;
    const body: HealthResponse = up ? { status: 'ok', database: 'up' } : { status: 'unavailable', database: 'down', message: DATABASE_UNAVAILABLE_MESSAGE };
    res.status(up ? 200 : 503).set('Cache-Control', 'no-store').json(body);
  });
  router.get('/ready', async (_req, res) => {
    const body = await readiness(ctx);
    res.status(body.status === 'ready' ? 200 : 503).set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
