// `npm run coupon` as a process on an embedded database: what it creates and disables is in the audit log
// (actor 'command-line', the reason given), like the console's; a second disable is refused with one line
// and writes nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '#db/client';
import { auditLog } from '#db/schema/index';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'farmspace-coupon-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function coupon(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/coupon.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

it('creating and disabling a coupon on the command line is audited; a second disable is refused', { timeout: 120_000 }, async () => {
  expect(coupon('create', 'CLI15', '--percent', '15', '--max', '3')).toMatchObject({ status: 0, out: expect.stringContaining('Created CLI15') });
  expect(coupon('disable', 'cli15', '--reason', 'Campaign over')).toMatchObject({ status: 0, out: expect.stringContaining('Disabled cli15') });
  const again = coupon('disable', 'CLI15');
  expect(again.status).toBe(1);
  expect(again.out).toContain('already disabled');

  const database = openDatabase({ dataDir });
  try {
    const rows = await database.db.select().from(auditLog);
    expect(rows.map((r) => ({ actor: r.actor, action: r.action, reason: r.reason, code: (r.details as { code: string }).code }))).toEqual([
      { actor: 'command-line', action: 'coupon.create', reason: 'CLI15 15% off', code: 'CLI15' },
      { actor: 'command-line', action: 'coupon.disable', reason: 'Campaign over', code: 'CLI15' },
    ]);
  } finally {
    await database.close();
  }
});
