// Several instances starting at once on a new database (a deployment of N instances, the topology test):
// each migrates and seeds, and none may fail on another's seed or seed the demonstration data twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, gt } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../client';
import { coupons, spaces } from '../schema/index';
import { prepareDatabase } from '#api/server';
import { createPostgresDatabase, type TestDatabase } from '#tests/fixtures/test-database';

const INSTANCES = 4;
let first: TestDatabase;
let others: DatabaseHandle[];
beforeAll(async () => {
  first = await createPostgresDatabase();
  others = Array.from({ length: INSTANCES - 1 }, () => openDatabase({ databaseUrl: first.url!, poolSize: 3 }));
});
afterAll(async () => {
  await Promise.all(others.map((handle) => handle.close()));
  await first.close();
});

describe('instances starting at once', () => {
  it(`${INSTANCES} instances migrate and seed one new database at the same moment`, async () => {
    const now = new Date();
    const results = await Promise.allSettled([first, ...others].map((handle) => prepareDatabase(handle, false, now)));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason).slice(0, 300))).toEqual([]);
    expect(await first.db.select({ code: coupons.code }).from(coupons)).toHaveLength(2);
    const twice = await first.db.select({ title: spaces.title, n: count() }).from(spaces).where(eq(spaces.isDemoListing, true)).groupBy(spaces.title).having(gt(count(), 1));
    expect(twice, 'demonstration listings seeded twice').toEqual([]);
  });
});
