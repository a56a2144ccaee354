// The owner's numbers count other people's interest (issue 25): the owner's own and operators' own page views
// and card opens are not counted; anonymous visitors and other signed-in people are. Page views are counted by
// the site's middleware around the on-demand page, so the app runs with a site: an empty build folder and a
// page handler that answers /spaces/{id} through the same locals the Astro page reads.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SiteLocals } from '#contracts/site-locals';
import { spaceDailyStats } from '#db/schema/index';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

const OPERATOR_EMAIL = 'ops@farmspace.test';

let t: TestApp;
let clientDir: string;
let owner: TestUser;
let farmer: TestUser;
let operator: TestUser;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'farmspace-own-views-site-'));
  t = await startTestApp({
    env: { OPERATOR_EMAILS: OPERATOR_EMAIL },
    site: {
      clientDir,
      ssrHandler: async (req, res, next, locals) => {
        const match = /^\/spaces\/(\d+)$/.exec(req.path);
        if (!match) return next();
        const space = await (locals as SiteLocals).spaces.findVisibleSpace(Number(match[1]));
        if (!space) return res.status(404).send('Not found');
        res.status(200).type('html').send(`<h1>${space.title}</h1>`);
      },
    },
  });
  owner = await createSignedInUser(t, { firstName: 'Olive', lastName: 'Owner', verified: true });
  farmer = await createSignedInUser(t, { firstName: 'Fern', lastName: 'Farmer', verified: true });
  operator = await createSignedInUser(t, { email: OPERATOR_EMAIL, verified: true, firstName: 'Opal' });
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

async function counted(spaceId: number) {
  await t.context.listingViews.flush();
  const [row] = await t.db.select().from(spaceDailyStats).where(eq(spaceDailyStats.spaceId, spaceId));
  return { pageViews: row?.pageViews ?? 0, cardOpens: row?.cardOpens ?? 0 };
}

it("the owner's and an operator's own page views and card opens are not counted; everyone else's are", async () => {
  const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: 'Counted rooftop' })]);
  const id = space!.id;
  const view = (user?: TestUser) => t.request(`/spaces/${id}`, { cookie: user?.cookie });
  const open = (user?: TestUser) => t.request(`/api/spaces/${id}/card-open`, { method: 'POST', cookie: user?.cookie });

  // The owner checks their page and card after publishing, an operator looks at it: none of it is interest.
  for (const who of [owner, owner, operator]) {
    expect((await view(who)).status).toBe(200);
    expect((await open(who)).status).toBe(204);
  }
  expect(await counted(id)).toEqual({ pageViews: 0, cardOpens: 0 });

  // A farmer signed in and an anonymous visitor are counted.
  for (const who of [farmer, undefined]) {
    expect((await view(who)).status).toBe(200);
    expect((await open(who)).status).toBe(204);
  }
  expect(await counted(id)).toEqual({ pageViews: 2, cardOpens: 2 });

  // The owner's numbers say the same.
  const stats = await t.request(`/api/spaces/${id}/stats`, { cookie: owner.cookie });
  expect(stats.json.pageViews.at(-1)).toBe(2);
  expect(stats.json.cardOpens.at(-1)).toBe(2);
});

it("an owner's views of someone else's listing count as anyone's", async () => {
  const [space] = await insertSpaces(t.db, [spaceRow(farmer.id, t.clock.now(), { title: "Fern's basement" })]);
  expect((await t.request(`/spaces/${space!.id}`, { cookie: owner.cookie })).status).toBe(200);
  expect((await t.request(`/api/spaces/${space!.id}/card-open`, { method: 'POST', cookie: owner.cookie })).status).toBe(204);
  expect(await counted(space!.id)).toEqual({ pageViews: 1, cardOpens: 1 });
});
