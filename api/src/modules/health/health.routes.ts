// GET /api/health: 200 when the database answers within two seconds, 503 otherwise.
import { Router } from 'express';
import type { HealthResponse } from '#contracts/health.schemas';
import type { AppContext } from '../../app-context';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../lib/database-errors';

const PING_TIMEOUT_MS = 2000;

export function createHealthRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    let timer: NodeJS.Timeout | undefined;
    const up = await Promise.race([
      ctx.database.ping().then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
      }),
    ])
      .catch(() => false)
      .finally(() => clearTimeout(timer));
    const body: HealthResponse = up ? { status: 'ok', database: 'up' } : { status: 'unavailable', database: 'down', message: DATABASE_UNAVAILABLE_MESSAGE };
    res.status(up ? 200 : 503).set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
