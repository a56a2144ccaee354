// The VAPID key pair (RFC 8292) this product signs its pushes with. Production names it in the environment
// (config.ts refuses to start without it, like the auth secret); elsewhere a pair is made on first use and
// kept in DATA_DIR/vapid-keys.json, so browsers subscribed in development stay subscribed across restarts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const KEY_FILE = 'vapid-keys.json';
const made = new Map<string, VapidKeys>();

export function vapidKeys(config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'DATA_DIR' | 'SUPPORT_EMAIL'>): VapidKeys {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const file = path.resolve(config.DATA_DIR, KEY_FILE);
  let keys = made.get(file);
  if (!keys) {
    keys = readKeyFile(file) ?? writeKeyFile(file);
    made.set(file, keys);
  }
  return { ...keys, subject };
}

function readKeyFile(file: string): VapidKeys | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string') return { publicKey: parsed.publicKey, privateKey: parsed.privateKey, subject: '' };
  } catch {
    // None yet (or unreadable): a new pair is made below.
  }
  return undefined;
}

function writeKeyFile(file: string): VapidKeys {
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(path.dirname(file), { recursive: true });
  // Only this user may read the private key; `wx` keeps a pair another process wrote a moment ago.
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch {
    return readKeyFile(file) ?? { ...keys, subject: '' };
  }
  return { ...keys, subject: '' };
}
