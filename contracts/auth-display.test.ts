import { describe, expect, it } from 'vitest';
import { avatarInitial, displayName, safeNextPath } from './auth-display';

describe('safeNextPath', () => {
  it('keeps same-origin paths and refuses everything else', () => {
    expect(safeNextPath('/settings')).toBe('/settings');
    expect(safeNextPath('/checkout?spaceId=3&paymentType=listing_fee')).toBe('/checkout?spaceId=3&paymentType=listing_fee');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/login', '/register?x=1', '', null, undefined, '/a\nb']) {
      expect(safeNextPath(bad)).toBe('/');
    }
  });
});

describe('avatar and name', () => {
  it('first letter of first name, else of email, else U', () => {
    expect(avatarInitial({ firstName: 'ada', email: 'x@y.z' })).toBe('A');
    expect(avatarInitial({ firstName: ' ', email: 'zed@y.z' })).toBe('Z');
    expect(avatarInitial({ firstName: '', email: '' })).toBe('U');
    expect(avatarInitial(null)).toBe('U');
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: '', lastName: 'Lovelace' })).toBe('Lovelace');
  });
});
