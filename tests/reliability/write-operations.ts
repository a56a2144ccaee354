// The writes the crash test fires, as a parameter: each says how to prepare (users, a listing…), how to
// send one write carrying a unique marker, and how to count the stored rows per marker. The issue asks for
// message sends (messageSend); draft space creation stays as a second write to crash.
import pg from 'pg';
import { validSpaceBody } from '../fixtures/spaces';
import { post } from './process-harness';

export type WriteOperation<C = unknown> = {
  name: string;
  prepare(baseUrl: string, databaseUrl: string): Promise<C>;
  /** Sends one write carrying `marker`; resolves with the HTTP status (rejects when the connection dies). */
  send(baseUrl: string, context: C, marker: string): Promise<number>;
  /** marker → number of stored rows, for every marker starting with `prefix`. */
  count(databaseUrl: string, prefix: string): Promise<Map<string, number>>;
};

let ipCounter = 0;
const nextIp = () => `198.19.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

/** Registers a user through the API and returns its session cookie. */
export async function registerUser(baseUrl: string, tag: string): Promise<string> {
  const res = await post(baseUrl, '/api/auth/register', { firstName: 'Crash', lastName: tag, email: `${tag}-${Date.now()}@example.com`, password: 'Crash-Restart-Pass-31' }, { 'x-forwarded-for': nextIp() });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Publishes a listing as a paid one would be (the payment flow is not what these tests are about). */
export async function publishDirectly(databaseUrl: string, spaceId: number): Promise<void> {
  await withClient(databaseUrl, (c) => c.query(`update spaces set has_listing_fee = true, is_active = true, expires_at = now() + interval '30 days' where id = $1`, [spaceId]));
}

async function countRows(databaseUrl: string, query: string, prefix: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ marker: string; n: number }>(query, [`${prefix}%`]);
    return new Map(rows.map((r) => [r.marker, Number(r.n)]));
  } finally {
    await client.end();
  }
}

/**
 * Farmers sending messages in their conversations about one owner's published listing. Each farmer may send
 * 30 messages per 5 minutes (rate_limits, key user:{id}), so the sends are spread over FARMERS farmers and
 * conversations — 25 each for 200 sends — and the test measures durability, never the limit. Every message
 * text is its own marker, so the double-submit guard (same text, same sender, 10 s) never merges two sends.
 */
export const FARMERS = 8;

export const messageSend: WriteOperation<{ farmers: Array<{ cookie: string; conversationId: number }>; next: number }> = {
  name: 'message sends (POST /api/conversations/{id}/messages)',
  async prepare(baseUrl, databaseUrl) {
    const ownerCookie = await registerUser(baseUrl, 'crash-owner');
    const created = await post(baseUrl, '/api/spaces', validSpaceBody({ title: 'Crash test rooftop' }), { cookie: ownerCookie, 'x-forwarded-for': nextIp() });
    if (created.status !== 201) throw new Error(`space: ${created.status} ${await created.text()}`);
    const { id: spaceId } = (await created.json()) as { id: number };
    await publishDirectly(databaseUrl, spaceId);
    const farmers = [];
    for (let i = 0; i < FARMERS; i++) {
      const cookie = await registerUser(baseUrl, `crash-farmer-${i}`);
      const opened = await post(baseUrl, '/api/conversations', { spaceId, content: `Hello, is the rooftop free from May? (farmer ${i})` }, { cookie, 'x-forwarded-for': nextIp() });
      if (opened.status !== 201) throw new Error(`conversation: ${opened.status} ${await opened.text()}`);
      const { conversationId } = (await opened.json()) as { conversationId: number };
      farmers.push({ cookie, conversationId });
    }
    return { farmers, next: 0 };
  },
  async send(baseUrl, context, marker) {
    const farmer = context.farmers[context.next++ % context.farmers.length]!;
    const res = await post(baseUrl, `/api/conversations/${farmer.conversationId}/messages`, { content: marker }, { cookie: farmer.cookie, 'x-forwarded-for': nextIp() });
    await res.arrayBuffer();
    return res.status;
  },
  count: (databaseUrl, prefix) => countRows(databaseUrl, 'select content as marker, count(*)::int as n from messages where content like $1 group by content', prefix),
};
