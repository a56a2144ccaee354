// Browse ⇔ alert, as a property on a real database (PGlite, and PostgreSQL in the postgres project): for
// generated listings and generated filter sets, a listing is in the browse answer (the path of GET
// /api/spaces: the query contract, then listSpaces) exactly when a saved search with those filters is matched
// to it when it goes live (createSavedSearch, then publishSpace → notifySavedSearches). Both read the filter
// registry (contracts/space-filters.ts, space-filter-sql.ts); this holds their two predicates to one answer.
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceQuerySchema } from '#contracts/spaces.schemas';
import { savedSearchMatches } from '#db/schema/index';
import { ensureDemoOwner } from '#db/seed/demo-owner';
import { insertSpaces, spaceRow } from '#tests/fixtures/spaces';
import { startTestApp, type TestApp } from '#tests/fixtures/test-app';
import { createSignedInUser } from '#tests/fixtures/users';
import { DAY } from '../../lib/clock';
import { parseInput } from '../../lib/validate';
import { notifySavedSearches } from '../saved-searches/saved-search-alerts';
import { createSavedSearch } from '../saved-searches/saved-searches.service';
import { publishSpace } from './publish-space';
import { listSpaces } from './spaces.service';
import { expressQuery, filtersArb, listingArb, queryString } from '#tests/fixtures/space-filter-arbitraries';

const NOW = new Date('2026-06-10T09:00:00.000Z');
const RUNS = Number(process.env.FILTER_PROPERTY_RUNS ?? 80);

class Rollback extends Error {}

describe('browse and saved-search alerts answer the same (filter registry)', () => {
  let t: TestApp;
  let ownerId: number;
  let farmerId: number;

  beforeAll(async () => {
    t = await startTestApp({ now: NOW });
    ownerId = await ensureDemoOwner(t.db);
    farmerId = (await createSignedInUser(t)).id;
  });
  afterAll(async () => t.close());

  it('a listing is browsed with a filter set exactly when a saved search with it alerts on the listing', async () => {
    let runsWithMatches = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(listingArb, { minLength: 1, maxLength: 8 }), filtersArb, async (listings, filters) => {
        const qs = queryString(filters);
        let refusal: string | undefined;
        try {
          parseInput(spaceQuerySchema, expressQuery(qs));
        } catch (error) {
          refusal = (error as Error).message;
        }
        if (refusal) {
          // Refused alike: the browse query and the saved search both answer 400 with the same message.
          expect(refusal).toMatch(/^(maxSize: must be at least minSize|lat: |lng: |near: give either|radiusKm: needs a place)/);
          await expect(createSavedSearch(t.db, farmerId, { name: 'x', query: qs }, NOW)).rejects.toThrow(refusal);
          return;
        }
        await t.db
          .transaction(async (tx) => {
            const search = await createSavedSearch(tx, farmerId, { name: 'Generated', query: qs }, NOW);
            const ids: number[] = [];
            for (const [i, l] of listings.entries()) {
              const { state, position, ...facts } = l;
              const [row] = await insertSpaces(tx, [
                spaceRow(ownerId, NOW, {
                  ...facts,
                  latitude: position?.[0] ?? null,
                  longitude: position?.[1] ?? null,
                  locationPrecision: position ? 'address' : null,
                  // Newer than the demonstration listings, so the generated ones lead the newest-first page.
                  createdAt: new Date(NOW.getTime() + 1000 + i),
                  hasListingFee: state !== 'published' && state !== 'draft',
                  isActive: state !== 'paused',
                  expiresAt: state === 'expired' ? new Date(NOW.getTime() - DAY) : new Date(NOW.getTime() + 30 * DAY),
                }),
              ]);
              ids.push(row!.id);
              // Going live runs the alert match; the others are matched as they are (not public: nothing).
              if (state === 'published') await publishSpace(tx, row!.id, 'listing_fee', NOW, { onLive: notifySavedSearches });
              else await notifySavedSearches(tx, row!.id, NOW);
            }
            const browse = await listSpaces(tx, parseInput(spaceQuerySchema, { ...expressQuery(qs), limit: '100' }), NOW);
            const browsed = browse.spaces.map((s) => s.id).filter((id) => ids.includes(id)).sort((a, b) => a - b);
            const matches = await tx.select({ spaceId: savedSearchMatches.spaceId }).from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, search.id));
            const alerted = matches.map((m) => m.spaceId).sort((a, b) => a - b);
            expect(alerted, `filters ${qs || '(none)'}`).toEqual(browsed);
            if (browsed.length) runsWithMatches += 1;
            throw new Rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rollback)) throw error;
          });
      }),
      { numRuns: RUNS },
    );
    // Not vacuous: many runs had listings that passed every filter (and the rest had ones that did not).
    // About a third do; the bound leaves room for an unlucky draw (one run of 80 had 18) and still fails
    // when the generators stop producing matches at all.
    expect(runsWithMatches).toBeGreaterThan(RUNS / 8);
  }, 120_000);
});
