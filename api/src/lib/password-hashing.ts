// How passwords are hashed. In every real deployment: better-auth's own scrypt (N=16384, r=16, p=1), the
// default, untouched. In tests only (NODE_ENV=test and PASSWORD_HASH_COST=test, refused anywhere else by
// config.ts): the same scrypt with a cost of N=1024, r=8 — each hash ~1 ms instead of ~100–200 ms on this
// machine, where the suites sign up and sign in thousands of people (docs/decisions/0612). The cost is the
// one thing that differs: the format (salt:key, hex) and the code paths that call it are the same, and
// tests/integration/accounts/password-hashing.test.ts checks that an app without the setting stores
// better-auth's own hashes. The same practice as Django's test hasher and Devise's `stretches = 1`.
import { scrypt, timingSafeEqual, randomBytes } from 'node:crypto';

const TEST_COST = { N: 1024, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function testKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...TEST_COST, maxmem: 128 * TEST_COST.N * TEST_COST.r * 2 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** better-auth's `emailAndPassword.password` for the test cost; undefined (better-auth's default) otherwise. */
export function passwordHashing(cost: 'standard' | 'test') {
  if (cost === 'standard') return undefined;
  return {
    hash: async (password: string) => {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await testKey(password, salt)).toString('hex')}`;
    },
    verify: async ({ hash, password }: { hash: string; password: string }) => {
      const [salt, key] = hash.split(':');
      if (!salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await testKey(password, salt);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
