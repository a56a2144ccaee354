// The suite's test app: the real app on a fresh database behind a trusted proxy (each call from its own
// address, so per-IP limits do not hide the route's own answer), with an owner and a stranger, and one
// helper that calls a route-table entry as a visitor, a stranger or the owner.
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client';
import { conversations, coupons, failedLogins, messages, payments, reports, users } from '#db/schema/index';
import { createTestModeProvider } from '#api/modules/payments/test-mode-provider';
import { createSavedSearch } from '#api/modules/saved-searches/saved-searches.service';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../fixtures/users';
import { spaceRow, insertSpaces, type SpaceInsert } from '../fixtures/spaces';
import { resolveCall, sampleBody, type RouteEntry, type Scenario } from './route-table';
import { rememberPersonalData, rememberSecret } from './secrets';

export type Who = 'visitor' | 'stranger' | 'owner';

export const SUITE_OPERATOR_EMAIL = 'operator@reliability.test';

export async function startSuiteApp(env: Record<string, string> = {}): Promise<TestApp> {
  // The offline test-mode payment provider: payment routes answer as in `npm start` without Stripe keys.
  // SERVE_SITE=false: the suite app serves no site build, so it is ready (/api/ready) as an API-only instance.
  return startTestApp({ env: { TRUST_PROXY: 'true', SERVE_SITE: 'false', LOG_LEVEL: 'debug', OPERATOR_EMAILS: SUITE_OPERATOR_EMAIL, ...env }, payments: createTestModeProvider() });
}

/** One operator per suite app (its address is unique), signed in once and shared by every scenario. */
const operators = new WeakMap<TestApp, Promise<TestUser>>();
function operatorOf(t: TestApp): Promise<TestUser> {
  let operator = operators.get(t);
  if (!operator) {
    operator = createSignedInUser(t, { email: SUITE_OPERATOR_EMAIL, verified: true }).then((user) => {
      rememberSecret(user.password);
      for (const pair of user.cookie.split('; ')) rememberSecret(decodeURIComponent(pair.slice(pair.indexOf('=') + 1)).split('.')[0]);
      return user;
    });
    operators.set(t, operator);
  }
  return operator;
}

/** A fresh owner and stranger, so routes that sign out or change a password do not disturb the next one. */
export async function newScenario(t: TestApp): Promise<Scenario> {
  // Verified addresses: proposing, accepting and reviewing lease terms need one (issue 43, item 7).
  const [owner, stranger, third] = await Promise.all([createSignedInUser(t, { verified: true }), createSignedInUser(t, { verified: true }), createSignedInUser(t, { verified: true })]);
  // Their passwords and session tokens must never appear in a log line (secrets.ts).
  for (const user of [owner, stranger, third]) {
    rememberSecret(user.password);
    rememberPersonalData(user.email);
    for (const pair of user.cookie.split('; ')) rememberSecret(decodeURIComponent(pair.slice(pair.indexOf('=') + 1)).split('.')[0]);
  }
  const draftSpace = async (user: TestUser) => {
    const [row] = await insertSpaces(t.db, [spaceRow(user.id, t.clock.now(), { hasListingFee: false, title: `Draft of ${user.email}` })]);
    return row!.id;
  };
  const publishedSpace = async (user: TestUser, overrides: Partial<SpaceInsert> = {}) => {
    const [row] = await insertSpaces(t.db, [spaceRow(user.id, t.clock.now(), overrides)]);
    return row!.id;
  };
  const operator = await operatorOf(t);
  return {
    t,
    owner,
    stranger,
    third,
    operator,
    async newUser(state = {}) {
      const now = t.clock.now();
      const [row] = await t.db
        .insert(users)
        .values({ email: `suite-${randomInt(1, 2 ** 47)}@example.com`, firstName: 'Suite', ...(state.suspended && { suspendedAt: now, suspendedReason: 'Suspended for the suite' }) })
        .returning({ id: users.id });
      if (state.locked) await t.db.insert(failedLogins).values({ userId: row!.id, attempts: 10, lockedUntil: new Date(now.getTime() + 600_000) });
      return row!;
    },
    async report(reporter: TestUser) {
      const spaceId = await publishedSpace(third);
      const [row] = await t.db.insert(reports).values({ reporterId: reporter.id, targetType: 'space', targetId: spaceId, subjectUserId: third.id, reason: 'scam' }).returning({ id: reports.id });
      return row!.id;
    },
    async coupon() {
      const [row] = await t.db.insert(coupons).values({ code: `SUITE${randomInt(1, 2 ** 47)}`, name: 'Suite coupon', percentOff: 5 }).returning({ id: coupons.id });
      return row!.id;
    },
    draftSpace,
    publishedSpace,
    // Rows written directly (as draftSpace does): the routes under test are the reads and sends, not this.
    async conversation(farmer: TestUser) {
      const spaceId = await publishedSpace(third);
      const now = t.clock.now();
      const [row] = await t.db.insert(conversations).values({ spaceId, ownerId: third.id, farmerId: farmer.id, lastMessageAt: now, createdAt: now }).returning({ id: conversations.id });
      const content = `Is the space still free? Asking for ${farmer.email}`;
      rememberPersonalData(content);
      await t.db.insert(messages).values({ conversationId: row!.id, senderId: farmer.id, content, createdAt: now });
      return row!.id;
    },
    async payment(user: TestUser) {
      const now = t.clock.now();
      const [row] = await t.db
        .insert(payments)
        .values({ userId: user.id, amount: '29.00', status: 'succeeded', paymentIntentId: `pi_reliability_${randomInt(1, 2 ** 47)}`, description: 'Listing fee', spaceTitle: 'Receipt listing', paidAt: now, createdAt: now })
        .returning({ id: payments.id });
      return row!.id;
    },
    async paymentIntent(user: TestUser) {
      const spaceId = await draftSpace(user);
      const res = await t.request('/api/create-payment-intent', { body: { spaceId, paymentType: 'listing_fee', currency: 'USD' }, cookie: user.cookie, headers: { 'x-forwarded-for': freshIp() } });
      if (res.status !== 200) throw new Error(`payment intent: ${res.status} ${res.text}`);
      const { paymentIntentId, clientSecret } = JSON.parse(res.text) as { paymentIntentId: string; clientSecret: string };
      rememberSecret(clientSecret);
      return { paymentIntentId, clientSecret };
    },
    async savedSearch(user: TestUser) {
      const saved = await createSavedSearch(t.db, user.id, { name: `Search of ${user.id}`, query: 'city=Portland' }, t.clock.now());
      const [row] = await queryRows<{ token: string }>(t.db, sql`select unsubscribe_token as token from saved_searches where id = ${saved.id}`);
      rememberPersonalData(row!.token);
      return { id: saved.id, token: row!.token };
    },
  };
}

/** A documentation address (TEST-NET) per call: the rate limits count per client address. */
export function freshIp(): string {
  return `198.18.${randomInt(0, 255)}.${randomInt(1, 255)}`;
}

export async function callAs(scenario: Scenario, entry: RouteEntry, who: Who, init: { body?: unknown; headers?: Record<string, string> } = {}) {
  // On 'signed-in' and public routes a stranger acts on their own account: the sample body is theirs.
  const actsOnOwnAccount = who === 'stranger' && (entry.access === 'signed-in' || entry.access === 'public');
  const s: Scenario = actsOnOwnAccount ? { ...scenario, owner: scenario.stranger, stranger: scenario.owner } : scenario;
  const { method, url } = await resolveCall(entry, s);
  const body = init.body !== undefined ? init.body : await sampleBody(entry, s);
  const ownerCookie = entry.access === 'operator' ? scenario.operator.cookie : scenario.owner.cookie;
  const cookie = who === 'owner' ? ownerCookie : who === 'stranger' ? scenario.stranger.cookie : undefined;
  return s.t.request(url, { method, body, cookie, headers: { 'x-forwarded-for': freshIp(), ...init.headers } });
}
