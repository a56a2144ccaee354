// A poison item in each job (issue 38 item 2): one item that always fails is retried, then parked with its
// error, and never holds up the items behind it. Each poison is made by what a real one does:
// - saved-search alerts: writing one search's alert fails (a trigger refuses its e-mail, as jsonb refused the
//   half emoji): before, the whole run's transaction failed every 5 s and no other alert ever went out;
// - e-mail outbox: the mail server's refusal carries a NUL, which PostgreSQL refuses to keep as the error:
//   before, recording the failure threw and every e-mail behind it stayed unsent, run after run;
// - push outbox: a push service answers with a NUL in its body: the same, for pushes.
// - message digests and review publications: one recipient's e-mail cannot be written (the same trigger):
//   before, the whole batch's transaction failed, and every digest or "review published" behind it waited.
// (Photo processing's poison, a picture whose processing never ends, is in photo-processor.test.ts.)
import { eq, sql } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client';
import { emailNotifications, pushOutbox, pushSubscriptions, savedSearches } from '#db/schema/index';
import { createDevMailbox, type Mailer } from '#api/lib/mailer';
import { DAY, HOUR, MINUTE } from '#api/lib/clock';
import { sendDueDigests } from '#api/modules/messaging/digest';
import { tellPublishedReviews } from '#api/modules/reviews/reviews.service';
import { enqueueEmail, sendPendingEmails } from '#api/modules/email/outbox';
import { queuePush, sendPendingPushes } from '#api/modules/push/push-outbox';
import { ALERT_MAX_ATTEMPTS, failedAlerts, notifySavedSearches, sendSavedSearchAlerts, settleFailedAlert } from '#api/modules/saved-searches/saved-search-alerts';
import { publishSpace } from '#api/modules/spaces/publish-space';
import { startPushService } from '../fixtures/push-service';
import { insertSpaces, spaceRow, validSpaceBody } from '../fixtures/spaces';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../fixtures/users';

const POISON_RECIPIENT = /^poison/;

/** Runs `body` while a trigger refuses every e-mail of `type` to a recipient starting with `prefix` (a poison item's write). */
async function refusingEmails(t: TestApp, type: string, prefix: string, body: () => Promise<void>): Promise<void> {
  await t.db.execute(sql.raw(`create or replace function refuse_poison_email() returns trigger language plpgsql as $$
    begin
      if new.type = '${type}' and new.recipient like '${prefix}%' then raise exception 'poison e-mail for %', new.recipient; end if;
      return new;
    end $$`));
  await t.db.execute(sql.raw('create trigger refuse_poison_email before insert on email_notifications for each row execute function refuse_poison_email()'));
  try {
    await body();
  } finally {
    await t.db.execute(sql.raw('drop trigger refuse_poison_email on email_notifications'));
  }
}

/** The development mailbox, but the mail server refuses a poison address with a NUL in its answer. */
function poisonedMailbox(): Mailer {
  const inner = createDevMailbox();
  return {
    ...inner,
    async send(email) {
      if (POISON_RECIPIENT.test(email.to)) throw Object.assign(new Error('451 4.3.0 temporarily refused \u0000\uD800 try later'), { responseCode: 451 });
      return inner.send(email);
    },
  };
}

describe('a poison item in each job is parked and never blocks the others (issue 38 item 2)', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let hostile: Server;
  let hostileOrigin: string;
  let owner: TestUser;

  beforeAll(async () => {
    [t, service] = await Promise.all([startTestApp({ now: new Date('2026-06-01T08:00:00.000Z'), mailer: poisonedMailbox(), env: { PUSH_LOCAL_SERVICE: 'true' } }), startPushService()]);
    // A push service that answers every push 400 with a NUL in its body.
    hostile = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.statusCode = 400;
        res.end('bad \u0000 request');
      });
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    hostileOrigin = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    owner = await createSignedInUser(t, { firstName: 'Olive' });
  });
  afterAll(async () => {
    await Promise.all([t.close(), service.close(), new Promise((resolve) => hostile.close(resolve))]);
  });

  it('saved-search alerts: a search whose alert cannot be written is retried, then parked with its error; every other alert goes out', async () => {
    const poisoned = await createSignedInUser(t, { firstName: 'Pat', email: `alerts-poison-${Date.now()}@example.com` });
    const others = await Promise.all([0, 1, 2].map((i) => createSignedInUser(t, { firstName: `Gus${i}` })));
    // The poison: this farmer's alert e-mail cannot be written (the way jsonb refused the half emoji).
    await t.db.execute(sql.raw(`create or replace function refuse_poison_alert() returns trigger language plpgsql as $$
      begin
        if new.type = 'saved_search_alert' and new.recipient like 'alerts-poison-%' then raise exception 'poison alert for %', new.recipient; end if;
        return new;
      end $$`));
    await t.db.execute(sql.raw('create trigger refuse_poison_alert before insert on email_notifications for each row execute function refuse_poison_alert()'));
    try {
      // The poison search is the oldest (claimed first); the others' searches come after it.
      for (const user of [poisoned, ...others]) {
        const res = await t.request('/api/saved-searches', { method: 'POST', cookie: user.cookie, body: { name: 'Salem roofs', query: 'city=Salem' } });
        expect(res.status, res.text).toBe(201);
      }
      t.clock.advance(HOUR);
      const created = await t.request('/api/spaces', { cookie: owner.cookie, body: validSpaceBody({ title: 'Salem rooftop', city: 'Salem' }) });
      expect(created.status, created.text).toBe(201);
      await t.db.transaction((tx) => publishSpace(tx, created.json.id, 'listing_fee', t.clock.now(), { onLive: notifySavedSearches }));

      expect(await sendSavedSearchAlerts(t.context)).toBe(others.length);
      for (const user of others) {
        const mails = await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, user.email));
        expect(mails.map((m) => m.subject)).toEqual(['New space for “Salem roofs”: Salem rooftop']);
      }
      // The poison is retried on the next runs, then parked with its error: the job runs clean after that.
      for (let run = 2; run <= ALERT_MAX_ATTEMPTS; run++) {
        t.clock.advance(MINUTE);
        await sendSavedSearchAlerts(t.context);
      }
      const [search] = await t.db.select().from(savedSearches).where(eq(savedSearches.userId, poisoned.id));
      expect(search).toMatchObject({ alertAttempts: ALERT_MAX_ATTEMPTS, alertFailedAt: expect.any(Date), alertError: expect.stringContaining('poison alert') });
      t.clock.advance(MINUTE);
      expect(await sendSavedSearchAlerts(t.context)).toBe(0);
      const parked = await failedAlerts(t.db, 20);
      expect(parked.total).toBe(1);
      expect(parked.items[0]).toMatchObject({ id: search!.id, attempts: ALERT_MAX_ATTEMPTS, lastError: expect.stringContaining('poison alert') });
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_poison_alert on email_notifications'));
    }
    // The cause gone, an operator puts it back in line (audited): the alert goes out at the next run.
    const [search] = await t.db.select().from(savedSearches).where(eq(savedSearches.userId, poisoned.id));
    await settleFailedAlert(t.context, { id: owner.id, email: owner.email }, { id: search!.id, action: 'retry', reason: 'The cause is fixed.' });
    expect(await sendSavedSearchAlerts(t.context)).toBe(1);
    expect((await failedAlerts(t.db, 20)).total).toBe(0);
    expect(await t.db.select({ subject: emailNotifications.subject }).from(emailNotifications).where(eq(emailNotifications.recipient, poisoned.email))).toContainEqual({ subject: 'New space for “Salem roofs”: Salem rooftop' });
  });

  it('e-mail outbox: an e-mail the server refuses with a NUL in its answer is retried, then parked; every other e-mail is sent', async () => {
    const at = { db: t.db, clock: t.clock };
    await sendPendingEmails(t.context); // what the earlier tests queued (sign-ups, alerts)
    const content = (n: number) => ({ subject: `Hello ${n}`, text: `Body ${n}`, html: `<p>Body ${n}</p>` });
    await enqueueEmail(at, { userId: null, type: 'moderation', recipient: 'poison-mail@example.com', content: content(0) });
    for (const n of [1, 2, 3]) await enqueueEmail(at, { userId: null, type: 'moderation', recipient: `fine-${n}@example.com`, content: content(n) });

    const first = await sendPendingEmails(t.context);
    expect(first).toEqual({ sent: 3, failed: 1 });
    expect(t.mailer.list!().filter((m) => m.to.startsWith('fine-')).map((m) => m.to).sort()).toEqual(['fine-1@example.com', 'fine-2@example.com', 'fine-3@example.com']);
    for (let run = 0; run < 6; run++) {
      t.clock.advance(HOUR);
      await sendPendingEmails(t.context);
    }
    const [poison] = await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, 'poison-mail@example.com'));
    expect(poison).toMatchObject({ status: 'failed', lastError: expect.stringContaining('451 4.3.0 temporarily refused') });
    expect(poison!.lastError).not.toContain('\u0000');
  });

  it('push outbox: a push whose service answers with a NUL is parked with its error; every other push is delivered', async () => {
    const farmer = await createSignedInUser(t, { firstName: 'Fern' });
    const poisonDevice = service.newDevice('poison-device');
    // The hostile service's device is the oldest row, claimed first.
    await t.db.insert(pushSubscriptions).values({ userId: farmer.id, endpoint: `${hostileOrigin}/push/poison`, p256dh: poisonDevice.keys.p256dh, auth: poisonDevice.keys.auth, deviceLabel: 'Hostile', createdAt: t.clock.now() });
    const fine = [1, 2, 3].map((n) => service.newDevice(`fine-device-${n}`));
    for (const device of fine) await t.db.insert(pushSubscriptions).values({ userId: farmer.id, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth, deviceLabel: 'Fine', createdAt: t.clock.now() });
    expect(await queuePush({ db: t.db, clock: t.clock }, { kind: 'saved_search_alert', userId: farmer.id, searchName: 'Roofs', listingTitles: ['A roof'], url: '/spaces' })).toBe(4);

    const result = await sendPendingPushes(t.context);
    expect(result).toMatchObject({ sent: 3, failed: 1 });
    expect(fine.map((d) => service.to(decodeURIComponent(d.endpoint.split('/push/')[1]!)).length)).toEqual([1, 1, 1]);
    const rows = await queryRows<{ status: string; last_error: string | null }>(t.db, sql`select status, last_error from ${pushOutbox} join ${pushSubscriptions} on push_subscriptions.id = push_outbox.subscription_id where push_subscriptions.device_label = 'Hostile'`);
    expect(rows).toEqual([{ status: 'failed', last_error: expect.stringMatching(/^400 bad \uFFFD request$/) }]);
  });

  it('message digest: a digest that cannot be written is skipped and tried after the others; every other digest goes out', async () => {
    const poisoned = await createSignedInUser(t, { firstName: 'Pia', email: `digest-poison-${Date.now()}@example.com`, verified: true });
    const others = await Promise.all([0, 1, 2].map((i) => createSignedInUser(t, { firstName: `Dora${i}`, verified: true })));
    // Each farmer's conversation: the owner answers twice, the second answer is held for the digest. The poison's is due first.
    for (const farmer of [poisoned, ...others]) {
      const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: `Digest cellar ${farmer.id}` })]);
      const started = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: space!.id, content: 'Hello! Is the cellar still free this autumn?' } });
      expect(started.status, started.text).toBe(201);
      for (const content of ['Yes, it is free.', 'It stays at 12 degrees.']) {
        const res = await t.request(`/api/conversations/${started.json.conversationId}/messages`, { cookie: owner.cookie, body: { content } });
        expect(res.status, res.text).toBe(201);
      }
      t.clock.advance(1000);
    }
    const digests = (to: TestUser) => t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, to.email)).then((rows) => rows.filter((r) => r.type === 'new_message'));
    await refusingEmails(t, 'new_message', 'digest-poison-', async () => {
      t.clock.advance(15 * MINUTE);
      const run = () => sendDueDigests({ db: t.db, clock: t.clock, siteUrl: t.config.PUBLIC_SITE_URL, logger: t.context.logger });
      expect(await run()).toEqual({ sent: others.length, cleared: 0 });
      for (const farmer of others) expect(await digests(farmer)).toHaveLength(2);
      // The poison is not due again at once: the next run (and the next conversations' digests) are not behind it.
      expect(await run()).toEqual({ sent: 0, cleared: 0 });
    });
    // The cause gone, it goes out at its next turn.
    t.clock.advance(15 * MINUTE);
    expect(await sendDueDigests({ db: t.db, clock: t.clock, siteUrl: t.config.PUBLIC_SITE_URL })).toEqual({ sent: 1, cleared: 0 });
    expect(await digests(poisoned)).toHaveLength(2);
  });

  it('review publications: an agreement whose "published" e-mail cannot be written is skipped; every other agreement is told', async () => {
    const poisoned = await createSignedInUser(t, { firstName: 'Rhea', email: `reviews-poison-${Date.now()}@example.com`, verified: true });
    const others = await Promise.all([0, 1, 2].map((i) => createSignedInUser(t, { firstName: `Rex${i}`, verified: true })));
    const reviewer = await createSignedInUser(t, { firstName: 'Otto', verified: true });
    // Each farmer's accepted lease with the owner, who writes a lone review of the farmer; the poison's is published first.
    for (const farmer of [poisoned, ...others]) {
      const [space] = await insertSpaces(t.db, [spaceRow(reviewer.id, t.clock.now(), { title: `Review roof ${farmer.id}` })]);
      const started = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: space!.id, content: 'Hello! Is the rooftop still free for microgreens?' } });
      expect(started.status, started.text).toBe(201);
      const terms = { rent: '900.00', termMonths: 12, areaSqFt: null, depositMonths: 1, utilitiesPaidBy: 'tenant', growingActivities: 'Microgreens', accessHours: '', insuranceAmount: '0', notes: '', startDate: t.clock.now().toISOString().slice(0, 10) };
      const proposed = await t.request(`/api/conversations/${started.json.conversationId}/proposals`, { cookie: farmer.cookie, body: terms });
      expect(proposed.status, proposed.text).toBe(201);
      expect((await t.request(`/api/proposals/${proposed.json.id}/accept`, { cookie: reviewer.cookie, body: {} })).status).toBe(200);
      const wrote = await t.request(`/api/proposals/${proposed.json.id}/reviews`, { cookie: reviewer.cookie, body: { rating: 4, text: 'Paid on time and left the rooftop cleaner than found.' } });
      expect(wrote.status, wrote.text).toBe(201);
      t.clock.advance(1000);
    }
    const told = (to: TestUser) => t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, to.email)).then((rows) => rows.filter((r) => r.type === 'review_published'));
    t.clock.advance(14 * DAY);
    await refusingEmails(t, 'review_published', 'reviews-poison-', async () => {
      const result = await tellPublishedReviews({ db: t.db, clock: t.clock, siteUrl: t.config.PUBLIC_SITE_URL, logger: t.context.logger });
      expect(result.told).toBe(others.length);
      for (const farmer of others) expect(await told(farmer)).toHaveLength(1);
    });
    // The cause gone, the poison's agreement is told at the next run.
    expect((await tellPublishedReviews({ db: t.db, clock: t.clock, siteUrl: t.config.PUBLIC_SITE_URL })).told).toBe(1);
    expect(await told(poisoned)).toHaveLength(1);
  });
});
