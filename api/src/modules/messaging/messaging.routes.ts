// The inquiry and conversation calls of spec 7, all for signed-in users, with per-user limits on new
// inquiries and on messages. Thin: parse with the contracts, call the services, answer.
import { Router } from 'express';
import {
  conversationListQuerySchema,
  conversationLookupQuerySchema,
  sendMessageSchema,
  startConversationSchema,
  threadQuerySchema,
  CONVERSATIONS_NEXT_CURSOR_HEADER,
  MESSAGING_MESSAGES,
} from '#contracts/messaging.schemas';
import type { AppContext } from '../../app-context';
import { HOUR, MINUTE } from '../../lib/clock';
import { userRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { currentUser, requireUser } from '../../lib/session';
import { stripMarkupFields } from '../../lib/strip-markup';
import { parseInput } from '../../lib/validate';
import { countUnread, listConversations, markThreadRead, readThread, sendMessage, startConversation, threadState } from './conversations.service';
import { findFarmerConversations } from './conversation-lookup';
import { idParam } from '../../lib/route-params';

export const NEW_CONVERSATION_LIMIT: RateLimitRule = {
  endpoint: 'user-new-conversation',
  max: 20,
  windowMs: HOUR,
  message: MESSAGING_MESSAGES.tooManyConversations,
};
export const MESSAGE_LIMIT: RateLimitRule = { endpoint: 'user-message', max: 30, windowMs: 5 * MINUTE, message: MESSAGING_MESSAGES.tooManyMessages };


export function createMessagingRouter(ctx: AppContext): Router {
  const router = Router();
  const messaging = { db: ctx.db, clock: ctx.clock, siteUrl: ctx.config.PUBLIC_SITE_URL, logger: ctx.logger };

  router.post('/conversations', requireUser, userRateLimit(ctx, NEW_CONVERSATION_LIMIT), async (req, res) => {
    const input = parseInput(startConversationSchema, stripMarkupFields(req.body ?? {}, ['content', 'farmerName']));
    const { duplicate, ...result } = await startConversation(messaging, currentUser(req), input);
    res.status(duplicate ? 200 : 201).location(`/api/conversations/${result.conversationId}`).json(result);
  });

  // Spec 7's answer stays a bare array: the paging rides on ?limit=&before= and the X-Next-Cursor header.
  router.get('/conversations', requireUser, async (req, res) => {
    const query = parseInput(conversationListQuerySchema, req.query);
    const page = await listConversations(ctx.db, currentUser(req).id, query);
    if (page.nextCursor) res.set(CONVERSATIONS_NEXT_CURSOR_HEADER, page.nextCursor);
    res.json(page.conversations);
  });

  router.get('/conversations/lookup', requireUser, async (req, res) => {
    const { spaceIds } = parseInput(conversationLookupQuerySchema, req.query);
    res.json(await findFarmerConversations(ctx.db, currentUser(req).id, spaceIds));
  });

  router.get('/conversations/unread-count', requireUser, async (req, res) => {
    res.json({ count: await countUnread(ctx.db, currentUser(req).id) });
  });

  router.get('/conversations/:id/messages', requireUser, async (req, res) => {
    const id = idParam(req, MESSAGING_MESSAGES.conversationNotFound);
    const query = parseInput(threadQuerySchema, req.query);
    const userId = currentUser(req).id;
    const state = await threadState(ctx.db, { conversationId: id, userId });
    // The answer depends only on the thread's newest message (and the page asked for): a client that
    // already holds it gets 304 without the thread being read again.
    const etag = `W/"c${id}-m${state.lastId}-a${query.after ?? ''}-b${query.before ?? ''}-l${query.limit}"`;
    res.set('ETag', etag);
    if (req.headers['if-none-match'] === etag) return res.status(304).end();
    res.json(await readThread(ctx.db, { conversationId: id }, query, state));
  });

  // The read mark: a write, so the API's same-origin rules apply (a GET never marks anything read).
  router.post('/conversations/:id/read', requireUser, async (req, res) => {
    const id = idParam(req, MESSAGING_MESSAGES.conversationNotFound);
    await markThreadRead(ctx.db, { conversationId: id, userId: currentUser(req).id });
    res.status(204).end();
  });

  router.post('/conversations/:id/messages', requireUser, async (req, res, next) => {
    // Unknown or foreign conversations answer 404 before anything is counted against the sender.
    idParam(req, MESSAGING_MESSAGES.conversationNotFound);
    next();
  }, userRateLimit(ctx, MESSAGE_LIMIT), async (req, res) => {
    const { content } = parseInput(sendMessageSchema, stripMarkupFields(req.body ?? {}, ['content']));
    const { message, duplicate } = await sendMessage(messaging, currentUser(req), idParam(req, MESSAGING_MESSAGES.conversationNotFound), content);
    res.status(duplicate ? 200 : 201).json(message);
  });

  return router;
}
