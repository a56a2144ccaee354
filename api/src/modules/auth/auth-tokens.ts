// Single-use tokens sent by email (verification, password reset): 32 random bytes in the link, only their
// SHA-256 in the database, so a leaked table holds no usable token.
import { createHash, randomBytes } from 'node:crypto';

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60_000;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

export function newEmailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
