// The secrets scan: no password, token, session id or key, and no personal data (e-mail addresses,
// message texts, unsubscribe tokens), in any log line. The suite's test apps and product processes keep
// every log line; each test file scans its own at the end (afterAll).
import { expect } from 'vitest';
import { recordFigures } from './summary';

const remembered = new Set<string>();
const personal = new Set<string>();

/** Values that must never be logged: passwords, cookies' session tokens, reset tokens, keys. */
export function rememberSecret(value: string | undefined | null): void {
  if (value && value.length >= 8) remembered.add(value);
}

/** Personal data of the scenario users that must never be logged: e-mail addresses, message texts, tokens of their mail links. */
export function rememberPersonalData(value: string | undefined | null): void {
  if (value && value.length >= 8) personal.add(value);
}

/** Shapes of secrets, whatever their value: a session cookie, a password field, a bearer token, a key. */
const SECRET_SHAPES: Array<[string, RegExp]> = [
  ['session cookie', /farmspace[._-]session_token=[^;\s"]{8,}/i],
  ['password field', /"(password|currentPassword|newPassword|confirmPassword)"\s*:\s*"[^"*]/i],
  ['bearer token', /\bBearer\s+[A-Za-z0-9._-]{12,}/],
  ['token in a URL', /[?&]token=[A-Za-z0-9_-]{16,}/],
  ['Stripe key', /\b(sk|rk)_(live|test)_[A-Za-z0-9]{8,}/],
  ['auth secret', /farmspace-development-secret-change-me/],
];

export function assertNoSecrets(lines: readonly string[], where: string): void {
  const found: string[] = [];
  for (const line of lines) {
    for (const [what, shape] of SECRET_SHAPES) if (shape.test(line)) found.push(`${what}: ${line.slice(0, 300)}`);
    for (const value of remembered) if (line.includes(value)) found.push(`a remembered secret (${value.slice(0, 3)}…): ${line.slice(0, 300)}`);
    for (const value of personal) if (line.includes(value)) found.push(`personal data (${value.slice(0, 3)}…): ${line.slice(0, 300)}`);
  }
  recordFigures('secrets', { [where]: lines.length });
  expect(found, `${where}: secrets or personal data in log lines`).toEqual([]);
}
