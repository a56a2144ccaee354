import { describe, expect, it } from 'vitest';
import { avatarInitial, displayName } from './auth';

// safeReturnPath is attacked in tests/reliability/open-redirect.test.ts.

describe('avatar and name', () => {
  it('first letter of first name, else of email, else U', () => {
    expect(avatarInitial({ firstName: 'ada', email: 'x@y.z' })).toBe('A');
    expect(avatarInitial({ firstName: ' ', email: 'zed@y.z' })).toBe('Z');
    expect(avatarInitial({ firstName: '', email: '' })).toBe('U');
    expect(avatarInitial(null)).toBe('U');
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: '', lastName: 'Lovelace' })).toBe('Lovelace');
    expect(displayName({ firstName: ' ', lastName: '' })).toBe('User');
  });
});
