// The outbound guard (issue 38 item 3): every internal address in every spelling is refused before a
// connection, names are checked by what they resolve to, and the request connects to the address checked
// (a second, different answer of the resolver is never used). A real local listener counts what reached it.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutbound, checkOutboundUrl, outboundRequest, OutboundRefused, refusedAddress, type OutboundPolicy, type Resolver } from './outbound-guard';

const PRODUCTION: OutboundPolicy = { hosts: ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.notify.windows.com', 'web.push.apple.com'], standardHttpsOnly: true, loopback: false };
const ANY_PUBLIC: OutboundPolicy = { hosts: null, standardHttpsOnly: false, loopback: false };
const LOCAL_SERVICE: OutboundPolicy = { ...ANY_PUBLIC, loopback: true };

const publicResolver: Resolver = async () => [{ address: '142.250.74.42', family: 4 }];
const resolvesTo = (...addresses: string[]): Resolver => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

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

/** The addresses of the attack (issue 38 item 3) and their other spellings. */
const INTERNAL = () => [
  `https://127.0.0.1:${port}/`,
  'https://127.0.0.1:5432/',
  'https://169.254.169.254/latest/meta-data/iam/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://10.0.0.1:8443/admin',
  'https://[::1]:8080/',
  'https://2130706433/',
  'https://①②⑦.0.0.1/',
  `http://127.1:${port}/`,
  `http://0x7f000001:${port}/`,
  `https://0177.0.0.1:${port}/`,
  `https://0x7f.0.0.1:${port}/`,
  `https://[::ffff:127.0.0.1]:${port}/`,
  `https://[::ffff:7f00:1]:${port}/`,
  'https://[::ffff:169.254.169.254]/',
  'https://[64:ff9b::a9fe:a9fe]/',
  'https://[2002:7f00:1::]/',
  'https://[fd00:ec2::254]/',
  'https://[fe80::1]/',
  'https://[::]/',
  'https://0.0.0.0/',
  'https://0/',
  'https://100.64.0.1/',
  'https://100.100.100.200/',
  'https://172.16.0.1/',
  'https://192.168.1.1/',
  'https://168.63.129.16/',
  `https://localhost:${port}/`,
  `https://LOCALHOST.:${port}/`,
  'https://metadata/',
  'https://printer.local/',
  'https://router.home.arpa/',
];

describe('outbound guard', () => {
  it('refuses every internal address, in every spelling, with the production policy and without it', async () => {
    for (const policy of [PRODUCTION, ANY_PUBLIC]) {
      for (const url of INTERNAL()) {
        const error = await checkOutbound(url, policy, publicResolver).catch((e: unknown) => e);
        expect(error, `${url} ${JSON.stringify(policy)}`).toBeInstanceOf(OutboundRefused);
      }
    }
  });

  it('production: only the configured push services, https on 443', async () => {
    for (const url of ['https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/abc', 'https://wns2-par02p.notify.windows.com/w/?token=abc', 'https://web.push.apple.com/QGx']) {
      await expect(checkOutbound(url, PRODUCTION, publicResolver), url).resolves.toHaveLength(1);
    }
    const refused: [string, string][] = [
      ['http://fcm.googleapis.com/fcm/send/abc', 'scheme'],
      ['https://fcm.googleapis.com:8443/fcm/send/abc', 'port'],
      ['https://push.example/send/abc', 'host'],
      ['https://fcm.googleapis.com.evil.example/abc', 'host'],
      ['https://notify.windows.com.evil.example/abc', 'host'],
      ['https://evilnotify.windows.com/abc', 'host'],
      ['https://user:pw@fcm.googleapis.com/abc', 'form'],
    ];
    for (const [url, refusal] of refused) expect(() => checkOutboundUrl(url, PRODUCTION), url).toThrow(expect.objectContaining({ refusal }));
    // An allowed name that resolves inside (a hijacked or poisoned answer) is refused too.
    await expect(checkOutbound('https://fcm.googleapis.com/fcm/send/abc', PRODUCTION, resolvesTo('10.1.2.3'))).rejects.toMatchObject({ refusal: 'address' });
  });

  it('a name is refused when any of its addresses is internal, IPv4-mapped or not global', async () => {
    for (const addresses of [['127.0.0.1'], ['93.184.216.34', '10.0.0.7'], ['::ffff:127.0.0.1'], ['fd12::1'], ['169.254.169.254'], ['100.72.0.1'], ['::1']]) {
      await expect(checkOutbound('https://push.example.com/x', ANY_PUBLIC, resolvesTo(...addresses)), addresses.join()).rejects.toMatchObject({ refusal: 'address' });
    }
    await expect(checkOutbound('https://push.example.com/x', ANY_PUBLIC, resolvesTo('93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'))).resolves.toHaveLength(2);
    await expect(checkOutbound('https://push.example.com/x', ANY_PUBLIC, async () => Promise.reject(Object.assign(new Error('nx'), { code: 'ENOTFOUND' })))).rejects.toMatchObject({ refusal: 'unresolved' });
  });

  it('classifies addresses: public ones pass, loopback only by the explicit setting', () => {
    for (const address of ['8.8.8.8', '142.250.74.42', '2a00:1450:4001:82b::200a']) expect(refusedAddress(address, { loopback: false }), address).toBeNull();
    expect(refusedAddress('127.0.0.1', { loopback: false })).toBe('loopback');
    expect(refusedAddress('127.0.0.1', { loopback: true })).toBeNull();
    expect(refusedAddress('::1', { loopback: true })).toBeNull();
    expect(refusedAddress('10.0.0.1', { loopback: true })).toBe('private');
    expect(refusedAddress('169.254.169.254', { loopback: true })).toMatch(/metadata/);
    expect(refusedAddress('::ffff:127.0.0.1', { loopback: true })).not.toBeNull();
  });

  it('nothing reaches a local listener through any refused URL', async () => {
    const before = connections.length;
    for (const url of INTERNAL()) {
      const error = await outboundRequest(url, { method: 'POST', headers: {}, body: new Uint8Array([1]), connectTimeoutMs: 2000, timeoutMs: 3000 }, ANY_PUBLIC, resolvesTo('127.0.0.1')).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(OutboundRefused);
    }
    // A name that resolves to the listener.
    const named = await outboundRequest(`https://rebind.example.com:${port}/`, { method: 'POST', headers: {}, connectTimeoutMs: 2000, timeoutMs: 3000 }, ANY_PUBLIC, resolvesTo('127.0.0.1')).catch((e: unknown) => e);
    expect(named).toBeInstanceOf(OutboundRefused);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connections.length).toBe(before);
  });

  it('connects to the address checked: a second, different answer of the resolver is never asked for (DNS rebinding)', async () => {
    const answers = ['127.0.0.1', '10.0.0.1'];
    let asked = 0;
    const rebinding: Resolver = async () => [{ address: answers[Math.min(asked++, 1)]!, family: 4 }];
    const before = connections.length;
    // The name is one the system cannot resolve: only the pinned, checked address can be reached.
    const error = await outboundRequest(`https://rebind.invalid:${port}/push`, { method: 'POST', headers: {}, connectTimeoutMs: 2000, timeoutMs: 1000 }, LOCAL_SERVICE, rebinding).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error); // The listener speaks no TLS: the point is where the connection went.
    expect(asked).toBe(1);
    await expect.poll(() => connections.length).toBe(before + 1);
  });
});
