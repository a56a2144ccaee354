// Web Push endpoints do not reach inside (issue 38 item 3), as the attack did it: with the production
// configuration, POST /api/push/subscriptions refuses every internal address with a 400 that says why; rows
// that point inside anyway (stored before this rule) are refused again by the push job, and a real local
// listener gets no connection from either. Outside production the tests' local push service is allowed only
// by the explicit setting.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_TEXTS } from '#contracts/push';
import { pushOutbox, pushSubscriptions } from '#db/schema/index';
import { loadConfig } from '#api/config';
import { sendPendingPushes } from '#api/modules/push/push-outbox';
import { startPushService } from '../../fixtures/push-service';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { PRODUCTION_VAPID_ENV } from '../../fixtures/vapid';

const PRODUCTION = { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'p'.repeat(40) };

let listener: Server;
let port: number;
const connections: Socket[] = [];
beforeAll(async () => {
  listener = createServer((socket) => void connections.push(socket));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of connections) socket.destroy();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

const ATTACK = () => [
  `https://127.0.0.1:${port}/`,
  'https://127.0.0.1:5432/',
  'https://169.254.169.254/latest/meta-data/iam/',
  'https://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token',
  'https://10.0.0.1:8443/admin',
  'https://[::1]:8080/',
  'https://2130706433/',
  'https://①②⑦.0.0.1/',
  `http://127.1:${port}/`,
  `http://0x7f000001:${port}/`,
  `https://[::ffff:127.0.0.1]:${port}/`,
  `https://localhost:${port}/`,
  'https://100.64.0.1/',
  'https://[fd00:ec2::254]/latest/meta-data/',
];
const KEYS = async () => (await startPushService().then(async (s) => [s.newDevice('k').keys, await s.close()] as const))[0];

describe('push endpoints that reach inside (production configuration)', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;
  let keys: { p256dh: string; auth: string };
  beforeAll(async () => {
    t = await startTestApp({ env: PRODUCTION, now: new Date('2026-05-01T09:00:00.000Z') });
    [owner, farmer, keys] = await Promise.all([createSignedInUser(t, { firstName: 'Olive' }), createSignedInUser(t, { firstName: 'Fern', verified: true }), KEYS()]);
  });
  afterAll(async () => t.close());

  it('refuses each internal address at subscribe time with a clear 400, writes nothing and connects nowhere', async () => {
    const before = connections.length;
    for (const endpoint of ATTACK()) {
      const res = await t.request('/api/push/subscriptions', { cookie: owner.cookie, body: { endpoint, keys, label: 'x' } });
      expect(res.status, `${endpoint}: ${res.text}`).toBe(400);
      expect(res.json.message).toMatch(/^endpoint: /);
      expect(res.json.fieldErrors.endpoint).toBe(PUSH_TEXTS.endpointNotPushService);
    }
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
    expect(connections.length).toBe(before);
  });

  it('takes the browsers’ push services (https, port 443) and nothing else', async () => {
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/dGVzdA', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA', 'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD', 'https://web.push.apple.com/QGx8']) {
      const res = await t.request('/api/push/subscriptions', { cookie: owner.cookie, body: { endpoint, keys, label: 'x' } });
      expect(res.status, `${endpoint}: ${res.text}`).toBe(201);
    }
    for (const endpoint of ['https://fcm.googleapis.com:8443/fcm/send/x', 'https://push.example/send/x', 'https://fcm.googleapis.com.evil.example/x']) {
      const res = await t.request('/api/push/subscriptions', { cookie: owner.cookie, body: { endpoint, keys, label: 'x' } });
      expect(res.status, endpoint).toBe(400);
    }
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id));
  });

  it('the push job refuses rows that point inside (stored before the rule) and nothing reaches the local listener', async () => {
    const endpoints = [`https://127.0.0.1:${port}/push/a`, `http://127.0.0.1:${port}/push/b`, `https://[::ffff:127.0.0.1]:${port}/push/c`, `https://localhost:${port}/push/d`, `https://2130706433:${port}/push/e`];
    await t.db.insert(pushSubscriptions).values(endpoints.map((endpoint) => ({ userId: owner.id, endpoint, ...keys })));
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: 'Sunny Rooftop' })]);
    const before = connections.length;
    expect((await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: space!.id, content: 'Hello! Is the rooftop still free from June on?' } })).status).toBe(201);
    const result = await sendPendingPushes(t.context);
    expect(result).toEqual({ sent: 0, failed: endpoints.length, gone: 0 });
    const rows = await t.db.select({ status: pushOutbox.status, lastError: pushOutbox.lastError }).from(pushOutbox);
    expect(rows).toHaveLength(endpoints.length);
    for (const row of rows) expect(row).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/^refused: /) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connections.length).toBe(before);
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id));
  });
});

describe('the tests’ local push service is allowed only by the explicit setting', () => {
  it('refuses http://127.0.0.1 without PUSH_LOCAL_SERVICE, takes it with, and never in production', { timeout: 90_000 }, async () => {
    const service = await startPushService();
    const device = service.newDevice('local');
    const plain = await startTestApp();
    const local = await startTestApp({ env: { PUSH_LOCAL_SERVICE: 'true' } });
    try {
      const [a, b] = await Promise.all([createSignedInUser(plain), createSignedInUser(local)]);
      const refused = await plain.request('/api/push/subscriptions', { cookie: a.cookie, body: { endpoint: device.endpoint, keys: device.keys } });
      expect(refused.status).toBe(400);
      expect(refused.json.fieldErrors.endpoint).toBe(PUSH_TEXTS.endpointNotPushService);
      expect((await local.request('/api/push/subscriptions', { cookie: b.cookie, body: { endpoint: device.endpoint, keys: device.keys } })).status).toBe(201);
      // Private and metadata addresses stay refused with the setting: it opens loopback, nothing else.
      for (const endpoint of ['https://10.0.0.1:8443/admin', 'https://169.254.169.254/latest/meta-data/']) {
        expect((await local.request('/api/push/subscriptions', { cookie: b.cookie, body: { endpoint, keys: device.keys } })).status, endpoint).toBe(400);
      }
      expect(() => loadConfig({ ...PRODUCTION, ...PRODUCTION_VAPID_ENV, PUSH_LOCAL_SERVICE: 'true' })).toThrow(/PUSH_LOCAL_SERVICE/);
    } finally {
      await Promise.all([plain.close(), local.close(), service.close()]);
    }
  });
});
