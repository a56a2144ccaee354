// Saved searches: create from the /spaces query string, list, rename, delete, and the one-click
// unsubscribe. A search's filters are kept as columns (see db/schema/saved-searches.ts) for matching,
// written by the filter registry (spaces/space-filter-sql.ts).
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { SAVED_SEARCH_MAX_PER_USER, type CreateSavedSearch } from '#contracts/growing.schemas';
import type { SavedSearch } from '#contracts/saved-searches';
import { appendFilterFields, filterFieldsFromSearch, SPACE_FILTER_PARAMS } from '#contracts/space-filters';
import { spaceQuerySchema, type SpaceQuery } from '#contracts/spaces.schemas';
import type { Executor } from '#db/client';
import { savedSearchMatches, savedSearches } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validate';
import { savedSearchFilterColumns } from '../spaces/index';

type Row = typeof savedSearches.$inferSelect;

/**
 * The /spaces query string as a validated query, and the same in canonical form (what "open" links to): the
 * registry's filter keys and the growing system; paging and sort are not part of a search.
 */
export function parseSearchQuery(query: string): { parsed: SpaceQuery; canonical: string } {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const input: Record<string, unknown> = {};
  for (const p of SPACE_FILTER_PARAMS) {
    if (p.repeated) input[p.key] = params.getAll(p.key);
    else if (params.has(p.key)) input[p.key] = params.get(p.key);
  }
  if (params.has('system')) input.system = params.get('system');
  const parsed = parseInput(spaceQuerySchema, input);
  const canonical = appendFilterFields(new URLSearchParams(), { ...filterFieldsFromSearch(params), amenities: parsed.amenities });
  if (params.get('system')?.trim()) canonical.set('system', params.get('system')!.trim());
  return { parsed, canonical: canonical.toString() };
}

export function toSavedSearch(row: Row): SavedSearch {
  return { id: row.id, name: row.name, query: row.query, alertsOn: row.unsubscribedAt === null, createdAt: row.createdAt.toISOString() };
}

export async function createSavedSearch(db: Executor, userId: number, input: CreateSavedSearch, now: Date): Promise<SavedSearch> {
  const { parsed: q, canonical } = parseSearchQuery(input.query);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  if (n >= SAVED_SEARCH_MAX_PER_USER) throw AppError.conflict(`You can keep at most ${SAVED_SEARCH_MAX_PER_USER} saved searches. Delete one to save another.`);
  const [row] = await db
    .insert(savedSearches)
    .values({
      userId,
      name: input.name,
      query: canonical,
      ...savedSearchFilterColumns(q),
      system: q.system ?? null,
      unsubscribeToken: randomBytes(24).toString('base64url'),
      createdAt: now,
    })
    .returning();
  return toSavedSearch(row!);
}

export async function listSavedSearches(db: Executor, userId: number): Promise<SavedSearch[]> {
  const rows = await db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return rows.map(toSavedSearch);
}

export async function renameSavedSearch(db: Executor, { userId, savedSearchId: id }: { userId: number; savedSearchId: number }, name: string): Promise<SavedSearch> {
  const [row] = await db.update(savedSearches).set({ name }).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).returning();
  if (!row) throw AppError.notFound('Saved search not found.');
  return toSavedSearch(row);
}

export async function deleteSavedSearch(db: Executor, { userId, savedSearchId: id }: { userId: number; savedSearchId: number }): Promise<void> {
  const rows = await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).returning({ id: savedSearches.id });
  if (!rows.length) throw AppError.notFound('Saved search not found.');
}

/** One-click unsubscribe by the e-mail's token; repeating it is harmless. Answers the search's name. */
/** Closing the account (issue 28): every saved search goes, its matches with it (cascade); no alert is sent again. */
export async function deleteSavedSearchesOf(tx: Executor, userId: number): Promise<number> {
  const rows = await tx.delete(savedSearches).where(eq(savedSearches.userId, userId)).returning({ id: savedSearches.id });
  return rows.length;
}

export async function unsubscribeSavedSearch(db: Executor, token: string, now: Date): Promise<string> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw AppError.notFound('This unsubscribe link is not valid.');
  const off = await db
    .update(savedSearches)
    .set({ unsubscribedAt: now })
    .where(and(eq(savedSearches.unsubscribeToken, token), isNull(savedSearches.unsubscribedAt)))
    .returning({ id: savedSearches.id });
  // Matches waiting for a digest will never be sent: drop them.
  if (off[0]) await db.delete(savedSearchMatches).where(and(eq(savedSearchMatches.savedSearchId, off[0].id), isNull(savedSearchMatches.emailedAt)));
  const [row] = await db.select({ name: savedSearches.name }).from(savedSearches).where(eq(savedSearches.unsubscribeToken, token));
  if (!row) throw AppError.notFound('This unsubscribe link is not valid.');
  return row.name;
}
