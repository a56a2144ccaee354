// The VAPID key pair outside production: made once, kept in DATA_DIR, the same after a restart; the
// configured pair wins wherever one is set.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_VAPID_ENV } from '#tests/fixtures/vapid';
import { loadConfig } from '../../config';
import { vapidKeys } from './vapid-keys';

describe('vapidKeys', () => {
  it('makes a pair on first use, keeps it in DATA_DIR for this user only, and reads it back', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'farmspace-vapid-'));
    const keys = vapidKeys(loadConfig({ DATA_DIR: dataDir }));
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keys.subject).toBe('mailto:support@farmspace.app');
    const file = path.join(dataDir, 'vapid-keys.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: keys.publicKey, privateKey: keys.privateKey });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(vapidKeys(loadConfig({ DATA_DIR: dataDir }))).toEqual(keys);
    // Another folder, another pair.
    expect(vapidKeys(loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'farmspace-vapid-')) })).publicKey).not.toBe(keys.publicKey);
  });

  it('uses the configured pair and subject when they are set', () => {
    const keys = vapidKeys(loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40), ...PRODUCTION_VAPID_ENV }));
    expect(keys).toEqual({ publicKey: PRODUCTION_VAPID_ENV.VAPID_PUBLIC_KEY, privateKey: PRODUCTION_VAPID_ENV.VAPID_PRIVATE_KEY, subject: PRODUCTION_VAPID_ENV.VAPID_SUBJECT });
  });
});
