// The demonstration listings: enough of them across countries and types, public, never twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { spaces } from '../schema/index';
import { seedDemonstrationData } from './index';
import { DEMO_GROWING, DEMO_SPACES } from './demo-spaces';
import { growingFactsSchema } from '#contracts/growing.schemas';
import { startTestApp, type TestApp } from '#tests/fixtures/test-app';
import { COUNTRIES, SPACE_TYPES } from '#contracts/constants';

describe('demonstration listings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('covers every country and space type with at least 12 listings, some featured', () => {
    expect(DEMO_SPACES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(DEMO_SPACES.map((d) => d.country))).toEqual(new Set(COUNTRIES));
    expect(new Set(DEMO_SPACES.map((d) => d.spaceType))).toEqual(new Set(SPACE_TYPES));
    expect(DEMO_SPACES.filter((d) => d.featured).length).toBeGreaterThanOrEqual(3);
  });

  it('seeds idempotently and the listings are public, featured ones on the featured list', async () => {
    await seedDemonstrationData(t.db, t.clock.now());
    await seedDemonstrationData(t.db, t.clock.now());
    const rows = await t.db.select().from(spaces).where(eq(spaces.isDemoListing, true));
    expect(rows).toHaveLength(DEMO_SPACES.length);
    const res = await t.request('/api/spaces?limit=100');
    expect(res.json.filter((s: { isDemoListing: boolean }) => s.isDemoListing)).toHaveLength(DEMO_SPACES.length);
    const featured = await t.request('/api/spaces?featured=true');
    expect(featured.json.length).toBe(DEMO_SPACES.filter((d) => d.featured).length);
    for (const s of featured.json) expect(s.featuredUntil).not.toBeNull();
  });

  it('gives every listing growing facts within the bounds a real owner is held to', async () => {
    expect(Object.keys(DEMO_GROWING).sort()).toEqual(DEMO_SPACES.map((d) => d.title).sort());
    for (const facts of Object.values(DEMO_GROWING)) expect(growingFactsSchema.partial().safeParse(facts).success).toBe(true);
    const res = await t.request('/api/spaces?limit=100&minCeilingM=4&water=tap');
    expect(res.json.map((s: { title: string }) => s.title).sort()).toEqual(
      Object.entries(DEMO_GROWING).filter(([, f]) => (f.ceilingHeightM ?? 0) >= 4 && (f.water === 'tap' || f.water === 'dedicated')).map(([title]) => title).sort(),
    );
  });
});
