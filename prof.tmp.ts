import { startTestApp } from './tests/fixtures/test-app';
import { createSignedInUser } from './tests/fixtures/users';
process.env.TEST_DB = 'postgres';
process.env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/accounts_test';
const t = await startTestApp({ env: { LOG_LEVEL: 'silent' } });
const u = await createSignedInUser(t);
const headers = new Headers({ cookie: u.cookie });
for (let round = 0; round < 3; round++) {
  const t0 = performance.now();
  for (let i = 0; i < 200; i++) await t.context.auth.api.getSession({ headers });
  console.log('getSession ms', ((performance.now() - t0) / 200).toFixed(2));
}
const { sql } = await import('drizzle-orm');
const t1 = performance.now();
for (let i = 0; i < 200; i++) await t.db.execute(sql`select 1`);
console.log('select 1 ms', ((performance.now() - t1) / 200).toFixed(2));
await t.close();
