// The writes the crash test fires, as a parameter: each says how to prepare (users, a listing…), how to
// send one write carrying a unique marker, and how to count the stored rows per marker. The issue asks for
// message sends; until POST /api/conversations/{id}/messages exists the suite uses draft space creation.
// To switch: add `messageSend` here — prepare: register an owner and a farmer (registerUser), publish one of
// the owner's spaces (a pg client: update spaces set has_listing_fee = true, expires_at = now() + '30 days'),
// open the conversation as the farmer (the messaging branch's inquiry call) and return { cookie, id };
// send: POST /api/conversations/{id}/messages with the marker as the message text; count: select the text
// column as marker, count(*) from messages where it is like $1 group by it — then pass messageSend to
// crashDuringWrites in crash-restart.process.test.ts.
import pg from 'pg';
import { validSpaceBody } from '../fixtures/spaces';
import { post } from './process-harness';

export type WriteOperation<C = unknown> = {
  name: string;
  prepare(baseUrl: string): Promise<C>;
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

export const draftSpaceCreation: WriteOperation<{ cookie: string }> = {
  name: 'draft space creation (POST /api/spaces)',
  async prepare(baseUrl) {
    return { cookie: await registerUser(baseUrl, 'crash-owner') };
  },
  async send(baseUrl, { cookie }, marker) {
    const res = await post(baseUrl, '/api/spaces', validSpaceBody({ title: marker }), { cookie });
    await res.arrayBuffer();
    return res.status;
  },
  count: (databaseUrl, prefix) => countRows(databaseUrl, 'select title as marker, count(*)::int as n from spaces where title like $1 group by title', prefix),
};
