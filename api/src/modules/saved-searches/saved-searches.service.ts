// Saved searches: create from the /spaces query string, list, rename, delete, and the one-click
// unsubscribe. A search's filters are kept as columns (see db/schema/saved-searches.ts) for matching.
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { SAVED_SEARCH_MAX_PER_USER, type CreateSavedSearch } from '../../../../contracts/growing-schemas';
import type { SavedSearch } from '../../../../contracts/saved-searches';
import { spaceQuerySchema, type SpaceQuery } from '../../../../contracts/spaces';
import type { Executor } from '../../../../db/client';
import { savedSearchMatches, savedSearches } from '../../../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validate';

type Row = typeof savedSearches.$inferSelect;

/** Keys of the /spaces URL that make a search (paging and sort are not part of it). */
const SEARCH_KEYS = ['city', 'minSize', 'maxSize', 'maxPrice', 'spaceType', 'country', 'amenities', 'minCeilingM', 'minFloorLoadKgM2', 'minPowerKw', 'water', 'access24h', 'availableBy', 'system'] as const;

/** The /spaces query string as a validated query, and the same in canonical form (what "open" links to). */
export function parseSearchQuery(query: string): { parsed: SpaceQuery; canonical: string } {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const input: Record<string, unknown> = {};
  for (const key of SEARCH_KEYS) {
    if (key === 'amenities') input.amenities = params.getAll('amenities');
    else if (params.has(key)) input[key] = params.get(key);
  }
  const parsed = parseInput(spaceQuerySchema, input);
  const canonical = new URLSearchParams();
  for (const key of SEARCH_KEYS) {
    if (key === 'amenities') for (const a of parsed.amenities) canonical.append('amenities', a);
    else if (params.get(key)?.trim()) canonical.set(key, params.get(key)!.trim());
  }
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
      cityKey: q.city?.toLowerCase() ?? '',
      countryKey: q.country ?? '',
      spaceTypeKey: q.spaceType ?? '',
      minSize: q.minSize ?? null,
      maxSize: q.maxSize ?? null,
      maxPrice: q.maxPrice ?? null,
      amenities: q.amenities,
      minCeilingM: q.minCeilingM ?? null,
      minFloorLoadKgM2: q.minFloorLoadKgM2 ?? null,
      minPowerKw: q.minPowerKw ?? null,
      water: q.water ?? null,
      access24h: q.access24h ?? false,
      availableBy: q.availableBy ?? null,
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

export async function renameSavedSearch(db: Executor, userId: number, id: number, name: string): Promise<SavedSearch> {
  const [row] = await db.update(savedSearches).set({ name }).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).returning();
  if (!row) throw AppError.notFound('Saved search not found.');
  return toSavedSearch(row);
}

export async function deleteSavedSearch(db: Executor, userId: number, id: number): Promise<void> {
  const rows = await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).returning({ id: savedSearches.id });
  if (!rows.length) throw AppError.notFound('Saved search not found.');
}

/** One-click unsubscribe by the e-mail's token; repeating it is harmless. Answers the search's name. */
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
