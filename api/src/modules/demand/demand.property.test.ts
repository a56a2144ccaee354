// Demand ⇔ alerts, as a property on a real database (PGlite, and PostgreSQL in the postgres project): for
// generated saved searches and a generated listing, GET /api/demand's `matching` (savedSearchDemand over the
// listing the query describes, before it exists) equals the number of searches whose alert fires when that
// listing is created through the spaces service and published (publishSpace → notifySavedSearches). And each
// single change's count, evaluated beside the others on the searches that fail at most one filter, equals the
// count of that changed listing evaluated alone: the restriction drops no search that could match.
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demandQuerySchema } from '#contracts/demand.schemas';
import { createSpaceSchema } from '#contracts/spaces.schemas';
import { savedSearchMatches } from '#db/schema/index';
import { filtersArb, listingArb, queryString } from '#tests/fixtures/space-filter-arbitraries';
import { startTestApp, type TestApp } from '#tests/fixtures/test-app';
import { createSignedInUser } from '#tests/fixtures/users';
import { DAY } from '../../lib/clock';
import { parseInput } from '../../lib/validate';
import { createLocator } from '../places/index';
import { notifySavedSearches, savedSearchDemand } from '../saved-searches/index';
import { createSavedSearch } from '../saved-searches/saved-searches.service';
import { publishSpace } from '../spaces/index';
import { createSpace } from '../spaces/spaces.service';
import { demandListings } from './demand.service';

const NOW = new Date('2026-06-10T09:00:00.000Z');
const RUNS = Number(process.env.DEMAND_PROPERTY_RUNS ?? 40);
class Rollback extends Error {}

describe('the demand counts the searches the alerts would tell (filter registry)', () => {
  let t: TestApp;
  let ownerId: number;
  let farmerId: number;

  beforeAll(async () => {
    t = await startTestApp({ now: NOW });
    ownerId = (await createSignedInUser(t)).id;
    farmerId = (await createSignedInUser(t)).id;
  });
  afterAll(async () => t.close());

  it('matching equals the alerts of the listing once published, for the facts as given and for each single change', async () => {
    let runsWithMatches = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(filtersArb, { minLength: 1, maxLength: 8 }), listingArb, async (filterSets, listing) => {
        const { state: _state, position, ...facts } = listing;
        const pin = position ? { latitude: position[0], longitude: position[1], confirmPin: true } : {};
        // The listing form's facts: the body of POST /api/spaces, and the same facts as GET /api/demand's query.
        const body = { ...facts, title: 'Generated', description: 'A generated listing.', location: '1 Test Street', ...pin };
        const query = new URLSearchParams({ city: facts.city, country: facts.country, spaceType: facts.spaceType, size: String(facts.size), pricePerMonth: facts.pricePerMonth });
        for (const a of facts.amenities) query.append('amenities', a);
        for (const key of ['ceilingHeightM', 'floorLoadKgM2', 'powerKw', 'water', 'access24h', 'availableFrom'] as const) if (facts[key] !== null) query.set(key, String(facts[key]));
        if (position) {
          query.set('lat', String(position[0]));
          query.set('lng', String(position[1]));
        }
        const demandQuery = parseInput(demandQuerySchema, Object.fromEntries([...new Set(query.keys())].map((k) => [k, query.getAll(k).length > 1 ? query.getAll(k) : query.get(k)!])));
        await t.db
          .transaction(async (tx) => {
            for (const filters of filterSets) await createSavedSearch(tx, farmerId, { name: 'Generated', query: queryString(filters) }, NOW).catch(() => undefined);
            const { base, changes } = demandListings(demandQuery, NOW, ownerId);
            const demand = await savedSearchDemand(tx, { listing: base, changes, since: new Date(NOW.getTime() - 30 * DAY) });
            for (const [i, change] of changes.entries()) {
              const alone = await savedSearchDemand(tx, { listing: change.space, changes: [], since: NOW });
              expect(demand.matching[i + 1], `${change.change}`).toBe(alone.matching[0]);
            }
            const space = await createSpace(tx, ownerId, parseInput(createSpaceSchema, body), NOW, createLocator(undefined));
            await publishSpace(tx, space.id, 'listing_fee', NOW, { onLive: notifySavedSearches });
            const alerted = await tx.$count(savedSearchMatches, eq(savedSearchMatches.spaceId, space.id));
            expect(demand.matching[0], `searches ${filterSets.map(queryString).join(' | ')}; listing ${query}`).toBe(alerted);
            expect(demand.nearby).toBeGreaterThanOrEqual(alerted);
            if (alerted) runsWithMatches += 1;
            throw new Rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rollback)) throw error;
          });
      }),
      { numRuns: RUNS },
    );
    // Not vacuous: some runs had searches the listing matched.
    expect(runsWithMatches).toBeGreaterThan(RUNS / 10);
  }, 180_000);
});
