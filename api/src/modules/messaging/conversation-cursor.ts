// The keyset cursor of GET /api/conversations (docs/decisions/0305): the last listed conversation's
// activity time (to the microsecond, as PostgreSQL keeps it) and id, base64url-encoded so it is opaque.
import { AppError } from '../../lib/app-error';

export type ConversationCursor = { lastMessageAt: string; id: number };

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeConversationCursor(cursor: ConversationCursor): string {
  return Buffer.from(`${cursor.lastMessageAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/** Decodes ?before=; anything that is not one of our cursors is a 400 naming the field. */
export function decodeConversationCursor(raw: string): ConversationCursor {
  const [time, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (rest.length || !time || !TIME.test(time) || !id || !/^\d{1,10}$/.test(id)) {
    throw AppError.badRequest('before: is not a valid cursor for the conversation list', { before: 'is not a valid cursor for the conversation list' });
  }
  return { lastMessageAt: time, id: Number(id) };
}
