// Web Push over HTTP against a real database and a local push service (issue 30): subscriptions and their
// rules, and the push job end to end — each push decrypted with the device's private key (RFC 8291), its VAPID
// Authorization verified (RFC 8292) and TTL read; 410 deletes the device, 5xx and 429 are retried, two devices
// get exactly two pushes, once; preferences, hidden message text and an open thread are respected.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client';
import { pushOutbox, pushSubscriptions, users } from '#db/schema/index';
import { MINUTE } from '#api/lib/clock';
import { PUSH_TEXTS } from '#contracts/push';
import { PUSH_DEVICE_FAILURE_LIMIT, PUSH_HOST_CONCURRENCY, sendPendingPushes } from '#api/modules/push/push-outbox';
import { notifySavedSearches, sendSavedSearchAlerts } from '#api/modules/saved-searches/saved-search-alerts';
import { publishSpace } from '#api/modules/spaces/publish-space';
import { decryptPush, startBlackHole, startPushService, verifyVapid, type BrowserKeys } from '../../fixtures/push-service';
import { insertSpaces, spaceRow, validSpaceBody } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

const INQUIRY = 'Hello! Is the rooftop still available for a hydroponic lettuce farm from June? We would bring our own racks.';
const TERMS = { rent: '1250.00', startDate: '2026-06-01', termMonths: 24, areaSqFt: null, depositMonths: 2, utilitiesPaidBy: 'tenant', growingActivities: 'Leafy greens', accessHours: '', insuranceAmount: null, notes: '' };

describe('web push', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let owner: TestUser;
  let farmer: TestUser;
  let spaceId: number;
  let n = 0;

  beforeAll(async () => {
    [t, service] = await Promise.all([startTestApp({ now: new Date('2026-05-01T09:00:00.000Z'), env: { PUSH_LOCAL_SERVICE: 'true' } }), startPushService()]);
    owner = await createSignedInUser(t, { firstName: 'Olive', lastName: 'Owner', verified: true });
    farmer = await createSignedInUser(t, { firstName: 'Fern', lastName: 'Farmer', verified: true });
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: 'Sunny Rooftop' })]);
    spaceId = space!.id;
  });
  afterAll(async () => Promise.all([t.close(), service.close()]));
  beforeEach(async () => {
    await t.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.userId, [owner.id, farmer.id]));
    await t.db.update(users).set({ emailNotifications: true, inquiryAlerts: true, hideMessageText: false }).where(inArray(users.id, [owner.id, farmer.id]));
  });

  const subscribe = (user: TestUser, device: BrowserKeys, label = 'Chrome on Android') =>
    t.request('/api/push/subscriptions', { cookie: user.cookie, body: { endpoint: device.endpoint, keys: device.keys, label } });
  const send = () => sendPendingPushes(t.context);
  /** A fresh device name: the push service keeps every request it ever got. */
  const deviceName = (what: string) => `${what}-${++n}`;
  const countRows = async (table: string) => Number((await queryRows<{ n: string }>(t.db, sql.raw(`select count(*) as n from ${table}`)))[0]!.n);
  async function newConversation(): Promise<number> {
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: 'Sunny Rooftop' })]);
    const res = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: space!.id, content: 'Hello there, is it free?' } });
    expect(res.status).toBe(201);
    return res.json.conversationId as number;
  }
  const message = (from: TestUser, conversationId: number, content: string) => t.request(`/api/conversations/${conversationId}/messages`, { cookie: from.cookie, body: { content } });

  it('answers the VAPID public key, the same each time', async () => {
    const a = await t.request('/api/push/key');
    expect(a.status).toBe(200);
    expect(a.json.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await t.request('/api/push/key')).json).toEqual(a.json);
  });

  it('subscribes a device (201, then 200 again), lists it, and removes it by endpoint or by id', async () => {
    const phone = service.newDevice(deviceName('phone'));
    const laptop = service.newDevice(deviceName('laptop'));
    expect((await subscribe(owner, phone)).status).toBe(201);
    expect((await subscribe(owner, phone)).status).toBe(200);
    expect((await subscribe(owner, laptop, 'Firefox on Linux')).status).toBe(201);
    const list = await t.request('/api/push/subscriptions', { cookie: owner.cookie });
    expect(list.json.devices.map((d: { label: string }) => d.label).sort()).toEqual(['Chrome on Android', 'Firefox on Linux']);
    // Someone else's device list is their own.
    expect((await t.request('/api/push/subscriptions', { cookie: farmer.cookie })).json).toEqual({ devices: [] });
    const laptopId = list.json.devices.find((d: { endpoint: string }) => d.endpoint === laptop.endpoint).id;
    expect((await t.request(`/api/push/subscriptions/${laptopId}`, { method: 'DELETE', cookie: farmer.cookie })).status).toBe(404);
    expect((await t.request(`/api/push/subscriptions/${laptopId}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect((await t.request('/api/push/subscriptions', { method: 'DELETE', cookie: owner.cookie, body: { endpoint: phone.endpoint } })).status).toBe(204);
    expect((await t.request('/api/push/subscriptions', { cookie: owner.cookie })).json).toEqual({ devices: [] });
    expect((await t.request('/api/push/subscriptions', { cookie: null as never })).status).toBe(401);
  });

  it('never moves a device between accounts: subscribing another account’s endpoint is 409, and its owner keeps it (issue 38 item 11)', async () => {
    const phone = service.newDevice(deviceName('victim-phone'));
    expect((await subscribe(owner, phone)).status).toBe(201);
    const taken = await t.request('/api/push/subscriptions', { cookie: farmer.cookie, body: { endpoint: phone.endpoint, keys: service.newDevice(deviceName('thief')).keys, label: 'Thief' } });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(PUSH_TEXTS.deviceOfAnotherAccount);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint));
    expect(row).toMatchObject({ userId: owner.id, p256dh: phone.keys.p256dh, auth: phone.keys.auth, deviceLabel: 'Chrome on Android' });
    expect((await t.request('/api/push/subscriptions', { cookie: owner.cookie })).json.devices).toHaveLength(1);
    expect((await t.request('/api/push/subscriptions', { cookie: farmer.cookie })).json.devices).toHaveLength(0);
    // Its owner subscribing again (fresh keys from the same browser) is still an update of their own row.
    expect((await subscribe(owner, phone, 'Chrome on Android (renamed)')).status).toBe(200);
  });

  it('refuses bad subscriptions with a 400 that says why, and writes nothing', async () => {
    const device = service.newDevice(deviceName('bad'));
    const cases: [unknown, RegExp][] = [
      [{ endpoint: device.endpoint }, /keys/],
      [{ endpoint: 'ftp://127.0.0.1/push/x', keys: device.keys }, /endpoint/],
      [{ endpoint: 'http://push.example/send/x', keys: device.keys }, /https:\/\//],
      [{ endpoint: 'http://localhost:9/push/x', keys: device.keys }, /https:\/\//],
      [{ endpoint: device.endpoint, keys: { p256dh: 'not base64!', auth: device.keys.auth } }, /keys/],
      ['nonsense', /./],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('/api/push/subscriptions', { cookie: owner.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    expect(await countRows('push_subscriptions')).toBe(0);
  });

  it('pushes a new message to both devices exactly once: encrypted for each, signed with VAPID, with a TTL', async () => {
    const conversationId = await newConversation();
    await send();
    const phone = service.newDevice(deviceName('phone'));
    const tablet = service.newDevice(deviceName('tablet'));
    await subscribe(owner, phone);
    await subscribe(owner, tablet);
    const text = `${'Yes — we could start on the first of June and bring our own racks and lights. '.repeat(2)}`;
    expect((await message(farmer, conversationId, text)).status).toBe(201);

    expect(await send()).toEqual({ sent: 2, failed: 0, gone: 0 });
    expect(await send()).toEqual({ sent: 0, failed: 0, gone: 0 });
    const { publicKey } = (await t.request('/api/push/key')).json;
    for (const device of [phone, tablet]) {
      const name = decodeURIComponent(device.endpoint.split('/push/')[1]!);
      const got = service.to(name);
      expect(got).toHaveLength(1);
      const request = got[0]!;
      expect(request.headers.ttl).toBe('86400');
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      const vapid = verifyVapid(request.headers.authorization as string, service.origin);
      expect(vapid.publicKey).toBe(publicKey);
      expect(vapid.claims.sub).toMatch(/^mailto:/);
      expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
      const payload = JSON.parse(decryptPush(request.body, device));
      expect(payload).toEqual({
        title: 'New message from Fern Farmer',
        body: `${text.replace(/\s+/g, ' ').trim().slice(0, 79).trimEnd()}…`,
        url: `/dashboard?tab=messages&conversation=${conversationId}`,
        tag: `conversation-${conversationId}`,
      });
      expect(payload.body).toHaveLength(80);
    }
    expect(await t.db.select({ status: pushOutbox.status }).from(pushOutbox).innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId)).where(eq(pushSubscriptions.userId, owner.id))).toEqual([{ status: 'sent' }, { status: 'sent' }]);
  });

  it('pushes a new inquiry with the sender and the first words, or only who and where when message text is hidden', async () => {
    const phone = service.newDevice(deviceName('phone'));
    await subscribe(owner, phone);
    const name = decodeURIComponent(phone.endpoint.split('/push/')[1]!);
    expect((await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId, content: INQUIRY } })).status).toBe(201);
    await send();
    const first = JSON.parse(decryptPush(service.to(name)[0]!.body, phone));
    expect(first.title).toBe('New inquiry from Fern Farmer');
    expect(first.body).toBe(`${INQUIRY.slice(0, 79).trimEnd()}…`);

    const patch = await t.request('/api/auth/notifications', { method: 'PATCH', cookie: owner.cookie, body: { emailNotifications: true, smsNotifications: false, inquiryAlerts: true, marketingEmails: false, hideMessageText: true } });
    expect(patch.status).toBe(200);
    expect(patch.json.user.hideMessageText).toBe(true);
    const conversationId = first.url.split('conversation=')[1];
    await message(farmer, Number(conversationId), 'A secret about the price we could pay');
    await send();
    const second = JSON.parse(decryptPush(service.to(name)[1]!.body, phone));
    expect(second).toMatchObject({ title: 'New message from Fern Farmer', body: 'About “Sunny Rooftop”' });
    expect(service.to(name)[1]!.body.toString()).not.toContain('secret');
  });

  it('tells of lease terms proposed, countered and accepted', async () => {
    const conversationId = await newConversation();
    const ownerPhone = service.newDevice(deviceName('owner-phone'));
    const farmerPhone = service.newDevice(deviceName('farmer-phone'));
    await subscribe(owner, ownerPhone);
    await subscribe(farmer, farmerPhone);
    await send();
    const proposed = await t.request(`/api/conversations/${conversationId}/proposals`, { cookie: farmer.cookie, body: TERMS });
    expect(proposed.status).toBe(201);
    const countered = await t.request(`/api/conversations/${conversationId}/proposals`, { cookie: owner.cookie, body: { ...TERMS, rent: '1400.00' } });
    expect(countered.status).toBe(201);
    expect((await t.request(`/api/proposals/${countered.json.id}/accept`, { cookie: farmer.cookie, body: {} })).status).toBe(200);
    await send();
    const titles = (device: BrowserKeys) => service.to(decodeURIComponent(device.endpoint.split('/push/')[1]!)).map((r) => JSON.parse(decryptPush(r.body, device)).title);
    // One run sends a device's pushes side by side (on PostgreSQL's pool they may arrive in either order).
    expect(titles(ownerPhone).sort()).toEqual(['Fern Farmer accepted the lease terms', 'Fern Farmer proposed lease terms']);
    expect(titles(farmerPhone)).toEqual(['Olive Owner countered your lease terms']);
  });

  it('deletes a device the push service says is gone (410, 404), with its waiting pushes', async () => {
    const conversationId = await newConversation();
    await send();
    const gone = service.newDevice(deviceName('gone'));
    const kept = service.newDevice(deviceName('kept'));
    service.answer(decodeURIComponent(gone.endpoint.split('/push/')[1]!), 410);
    await subscribe(owner, gone);
    await subscribe(owner, kept);
    await message(farmer, conversationId, 'First');
    expect(await send()).toEqual({ sent: 1, failed: 0, gone: 1 });
    const left = await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id));
    expect(left).toEqual([{ endpoint: kept.endpoint }]);
  });

  it('retries a push the service could not take (503, 429) with backoff, and sends it once', async () => {
    const conversationId = await newConversation();
    await send();
    const flaky = service.newDevice(deviceName('flaky'));
    const name = decodeURIComponent(flaky.endpoint.split('/push/')[1]!);
    service.answer(name, 503, 429);
    await subscribe(owner, flaky);
    await message(farmer, conversationId, 'Are you there?');
    expect(await send()).toEqual({ sent: 0, failed: 1, gone: 0 });
    // Not due again yet: backoff.
    expect(await send()).toEqual({ sent: 0, failed: 0, gone: 0 });
    t.clock.advance(6_000);
    expect(await send()).toEqual({ sent: 0, failed: 1, gone: 0 });
    t.clock.advance(11_000);
    expect(await send()).toEqual({ sent: 1, failed: 0, gone: 0 });
    t.clock.advance(MINUTE);
    expect(await send()).toEqual({ sent: 0, failed: 0, gone: 0 });
    expect(service.to(name).map((r) => r.status)).toEqual([503, 429, 201]);
    expect(JSON.parse(decryptPush(service.to(name)[2]!.body, flaky)).body).toBe('Are you there?');
  });

  it('one account’s devices on a push service that never answers do not hold up another person’s push (issue 38 item 4)', async () => {
    const hole = await startBlackHole();
    const keys = service.newDevice(deviceName('hole-keys')).keys;
    const attacker = await createSignedInUser(t, { firstName: 'Hal', lastName: 'Hole' });
    try {
      // The attacker: twenty devices on an endpoint that accepts TCP and never answers, and an inquiry to them.
      for (let i = 0; i < 20; i++) expect((await t.request('/api/push/subscriptions', { cookie: attacker.cookie, body: { endpoint: `${hole.origin}/push/${deviceName('hole')}`, keys } })).status).toBe(201);
      const [space] = await insertSpaces(t.db, [spaceRow(attacker.id, t.clock.now(), { title: 'Black Hole Loft' })]);
      expect((await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: space!.id, content: 'Hello there, is it free?' } })).status).toBe(201);
      // Then someone else's message, queued after the attacker's twenty pushes.
      const conversationId = await newConversation();
      await t.db.delete(pushOutbox).where(inArray(pushOutbox.subscriptionId, t.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id))));
      const phone = service.newDevice(deviceName('victim'));
      const name = decodeURIComponent(phone.endpoint.split('/push/')[1]!);
      await subscribe(owner, phone);
      expect((await message(farmer, conversationId, 'Your push should not wait')).status).toBe(201);

      let passOver = false;
      const pass = send().finally(() => (passOver = true));
      // Delivered while the same pass still waits on the black hole: concurrent, not behind it.
      await expect.poll(() => service.to(name).length, { timeout: 15_000 }).toBe(1);
      expect(passOver).toBe(false);
      expect(hole.state.connections).toBeGreaterThan(0);
      const result = await pass;
      expect(result.sent).toBe(1);
      // The black hole got a few of the twenty at once (the cap per push service), and the run left the rest,
      // unattempted, for a later run.
      expect(hole.state.connections).toBeGreaterThanOrEqual(Math.min(PUSH_HOST_CONCURRENCY, 20));
      expect(hole.state.connections).toBeLessThan(20);
      const attackers = await t.db.select({ status: pushOutbox.status, attempts: pushOutbox.attempts }).from(pushOutbox).innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId)).where(eq(pushSubscriptions.userId, attacker.id));
      expect(attackers).toHaveLength(20);
      expect(attackers.every((r) => r.status === 'pending')).toBe(true);
      expect(attackers.filter((r) => r.attempts === 0).length).toBe(20 - hole.state.connections);
    } finally {
      await hole.close();
      await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, attacker.id));
    }
  });

  it('disables a device after repeated failed pushes: nothing more is queued for it until its browser turns it on again (issue 38 item 4)', async () => {
    const conversationId = await newConversation();
    await send();
    const broken = service.newDevice(deviceName('broken'));
    const name = decodeURIComponent(broken.endpoint.split('/push/')[1]!);
    service.answer(name, ...Array<number>(PUSH_DEVICE_FAILURE_LIMIT).fill(400));
    await subscribe(owner, broken);
    for (let i = 0; i < PUSH_DEVICE_FAILURE_LIMIT; i++) {
      expect((await message(farmer, conversationId, `Hello ${i}`)).status).toBe(201);
      expect(await send()).toEqual({ sent: 0, failed: 1, gone: 0 });
    }
    const [device] = (await t.request('/api/push/subscriptions', { cookie: owner.cookie })).json.devices;
    expect(device).toMatchObject({ endpoint: broken.endpoint, disabledAt: expect.any(String) });
    await message(farmer, conversationId, 'Not queued for a disabled device');
    expect(await send()).toEqual({ sent: 0, failed: 0, gone: 0 });
    expect(service.to(name)).toHaveLength(PUSH_DEVICE_FAILURE_LIMIT);
    // The browser turns notifications on again: the device is back, and told.
    expect((await subscribe(owner, broken)).status).toBe(200);
    expect((await t.request('/api/push/subscriptions', { cookie: owner.cookie })).json.devices[0].disabledAt).toBeNull();
    await message(farmer, conversationId, 'Back again');
    expect(await send()).toEqual({ sent: 1, failed: 0, gone: 0 });
  });

  it('gives up on a push the service refuses for good (400), keeping the device', async () => {
    const conversationId = await newConversation();
    await send();
    const device = service.newDevice(deviceName('refusing'));
    service.answer(decodeURIComponent(device.endpoint.split('/push/')[1]!), 400);
    await subscribe(owner, device);
    await message(farmer, conversationId, 'Hello');
    expect(await send()).toEqual({ sent: 0, failed: 1, gone: 0 });
    const [row] = await t.db.select({ status: pushOutbox.status, lastError: pushOutbox.lastError }).from(pushOutbox).innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId)).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/^400/) });
    expect(await countRows('push_subscriptions')).toBe(1);
  });

  it('gives up at once on keys that are no P-256 point: no retry would encrypt for them', async () => {
    const conversationId = await newConversation();
    await send();
    const device = service.newDevice(deviceName('badkey'));
    expect((await t.request('/api/push/subscriptions', { cookie: owner.cookie, body: { endpoint: device.endpoint, keys: { p256dh: 'A'.repeat(87), auth: device.keys.auth } } })).status).toBe(201);
    await message(farmer, conversationId, 'Hello');
    expect(await send()).toEqual({ sent: 0, failed: 1, gone: 0 });
    const [row] = await t.db.select({ status: pushOutbox.status, lastError: pushOutbox.lastError }).from(pushOutbox).innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId)).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/^cannot encrypt/) });
    expect(service.to(decodeURIComponent(device.endpoint.split('/push/')[1]!))).toHaveLength(0);
  });

  it('pushes nothing to a person reading the conversation in a visible tab, until the mark lapses or is cleared', async () => {
    const conversationId = await newConversation();
    await send();
    const device = service.newDevice(deviceName('reading'));
    const name = decodeURIComponent(device.endpoint.split('/push/')[1]!);
    await subscribe(owner, device);
    expect((await t.request('/api/push/presence', { method: 'PUT', cookie: owner.cookie, body: { conversationId } })).status).toBe(204);
    await message(farmer, conversationId, 'Seen on screen');
    await send();
    expect(service.to(name)).toHaveLength(0);
    t.clock.advance(46_000);
    await message(farmer, conversationId, 'Tab hidden since');
    await send();
    expect(service.to(name)).toHaveLength(1);
    await t.request('/api/push/presence', { method: 'PUT', cookie: owner.cookie, body: { conversationId } });
    expect((await t.request('/api/push/presence', { method: 'DELETE', cookie: owner.cookie, body: { conversationId } })).status).toBe(204);
    await message(farmer, conversationId, 'Thread closed');
    await send();
    expect(service.to(name)).toHaveLength(2);
    expect((await t.request('/api/push/presence', { method: 'PUT', cookie: owner.cookie, body: { conversationId: 'x' } })).status).toBe(400);
  });

  it('pushes a saved-search alert with the new listings, under the same once-a-day rule as its e-mail', async () => {
    const device = service.newDevice(deviceName('alerts'));
    const name = decodeURIComponent(device.endpoint.split('/push/')[1]!);
    await subscribe(farmer, device);
    const saved = await t.request('/api/saved-searches', { method: 'POST', cookie: farmer.cookie, body: { name: 'Portland rooftops', query: 'city=Portland' } });
    expect(saved.status, saved.text).toBe(201);
    const created = await t.request('/api/spaces', { cookie: owner.cookie, body: validSpaceBody({ title: 'Pearl District Rooftop', city: 'Portland' }) });
    expect(created.status, created.text).toBe(201);
    await t.db.transaction((tx) => publishSpace(tx, created.json.id, 'listing_fee', t.clock.now(), { onLive: notifySavedSearches }));
    expect(await sendSavedSearchAlerts(t.context)).toBe(1);
    await send();
    expect(service.to(name)).toHaveLength(1);
    expect(JSON.parse(decryptPush(service.to(name)[0]!.body, device))).toEqual({ title: '1 new space matches “Portland rooftops”', body: 'Pearl District Rooftop', url: '/spaces?city=Portland', tag: 'saved-search-Portland rooftops' });
  });

  it('respects the notification preferences: e-mail notifications off tells no device', async () => {
    const conversationId = await newConversation();
    await send();
    const device = service.newDevice(deviceName('quiet'));
    await subscribe(owner, device);
    await t.db.update(users).set({ emailNotifications: false, inquiryAlerts: false }).where(eq(users.id, owner.id));
    await message(farmer, conversationId, 'Nobody hears this');
    expect(await send()).toEqual({ sent: 0, failed: 0, gone: 0 });
    expect(service.to(decodeURIComponent(device.endpoint.split('/push/')[1]!))).toHaveLength(0);
  });

  it('deletes a closed account’s devices: they are told nothing more', async () => {
    const leaving = await createSignedInUser(t, { firstName: 'Lee', lastName: 'Leaving', verified: true });
    const device = service.newDevice(deviceName('leaving'));
    expect((await subscribe(leaving, device)).status).toBe(201);
    const closed = await t.request('/api/account', { method: 'DELETE', cookie: leaving.cookie, body: { password: leaving.password } });
    expect(closed.status, closed.text).toBeLessThan(300);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, leaving.id))).toEqual([]);
  });
});
