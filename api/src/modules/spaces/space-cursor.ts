// The keyset cursor of GET /api/spaces: the sort it belongs to, the last row's sort key and its id,
// base64url-encoded so it is opaque to clients. See docs/decisions/0201-keyset-cursor.md.
import type { SpaceSort } from '#contracts/spaces.schemas';
import { AppError } from '../../lib/app-error';

export type Cursor = { sort: SpaceSort; key: string; id: number };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.sort}|${cursor.key}|${cursor.id}`, 'utf8').toString('base64url');
}

const KEY_PATTERNS: Record<SpaceSort, RegExp> = {
  newest: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  price_asc: /^\d{1,8}\.\d{2}$/,
  price_desc: /^\d{1,8}\.\d{2}$/,
  size: /^\d{1,10}$/,
  // A distance as PostgreSQL prints a double (shortest round-trip form), or Infinity for no position.
  distance: /^(\d{1,6}(\.\d{1,20})?(e-\d{1,3})?|Infinity)$/,
};

/** Decodes a cursor for the given sort; anything else is a 400 naming the cursor field. */
export function decodeCursor(raw: string, sort: SpaceSort): Cursor {
  const invalid = () => AppError.badRequest('cursor: is not a valid cursor for this search', { cursor: 'is not a valid cursor for this search' });
  let text: string;
  try {
    text = Buffer.from(raw, 'base64url').toString('utf8');
  } catch {
    throw invalid();
  }
  const [cursorSort, key, id, ...rest] = text.split('|');
  if (rest.length || cursorSort !== sort || !key || !KEY_PATTERNS[sort].test(key) || !id || !/^\d{1,10}$/.test(id)) throw invalid();
  return { sort, key, id: Number(id) };
}
