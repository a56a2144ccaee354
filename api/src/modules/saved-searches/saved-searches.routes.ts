// Saved searches (issue 10): create ("Alert me" on /spaces), list, rename, delete for the signed-in user;
// and the one-click unsubscribe (GET from the e-mail's link, POST from a mail client's button, RFC 8058).
import { Router, type Request } from 'express';
import { createSavedSearchSchema, renameSavedSearchSchema } from '#contracts/growing.schemas';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { MINUTE } from '../../lib/clock';
import { rateLimit } from '../../lib/rate-limit';
import { currentUser, requireUser } from '../../lib/session';
import { stripMarkupFields } from '../../lib/strip-markup';
import { parseInput } from '../../lib/validate';
import { escapeHtml } from '../email/index';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, renameSavedSearch, unsubscribeSavedSearch } from './saved-searches.service';
import { idParam } from '../../lib/route-params';


function unsubscribedPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Alerts — FarmSpace</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#17231c"><h1 style="font-size:1.5rem">FarmSpace alerts</h1><p>${escapeHtml(message)}</p><p><a href="/spaces" style="color:#175132">Browse spaces</a></p></body></html>`;
}

export function createSavedSearchesRouter(ctx: AppContext): Router {
  const router = Router();
  const unsubscribeLimit = rateLimit(ctx, { endpoint: 'saved-search-unsubscribe', max: 30, windowMs: 10 * MINUTE });

  router.get('/saved-searches', requireUser, async (req, res) => {
    res.json(await listSavedSearches(ctx.db, currentUser(req).id));
  });

  router.post('/saved-searches', requireUser, async (req, res) => {
    const input = parseInput(createSavedSearchSchema, stripMarkupFields(req.body ?? {}, ['name'] as const));
    const saved = await createSavedSearch(ctx.db, currentUser(req).id, input, ctx.clock.now());
    res.status(201).json(saved);
  });

  router.patch('/saved-searches/:id', requireUser, async (req, res) => {
    const id = idParam(req, 'Saved search not found.');
    const { name } = parseInput(renameSavedSearchSchema, stripMarkupFields(req.body ?? {}, ['name'] as const));
    res.json(await renameSavedSearch(ctx.db, { userId: currentUser(req).id, savedSearchId: id }, name));
  });

  router.delete('/saved-searches/:id', requireUser, async (req, res) => {
    await deleteSavedSearch(ctx.db, { userId: currentUser(req).id, savedSearchId: idParam(req, 'Saved search not found.') });
    res.status(204).end();
  });

  const unsubscribe = async (req: Request, res: import('express').Response) => {
    const token = String(req.query.token ?? '');
    try {
      const name = await unsubscribeSavedSearch(ctx.db, token, ctx.clock.now());
      res.type('html').send(unsubscribedPage(`You will no longer get e-mails for your saved search “${name}”. You can delete it or save a new one on FarmSpace.`));
    } catch (error) {
      if (error instanceof AppError) res.status(error.status).type('html').send(unsubscribedPage(error.message));
      else throw error;
    }
  };
  router.get('/saved-searches/unsubscribe', unsubscribeLimit, unsubscribe);
  router.post('/saved-searches/unsubscribe', unsubscribeLimit, unsubscribe);

  return router;
}
