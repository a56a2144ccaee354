// Issue 15, item 3: `/login?next=/.//evil.example/phish` (and `/..//`, `/%2e//`, `/./\`) landed the
// signed-in user on another site. safeReturnPath decides with the URL parser against the site's origin;
// the path it returns must resolve to the same origin again when a browser follows it.
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '#contracts/auth';

const ORIGIN = 'https://farmspace.example';

/** Where a browser on the site goes when it is sent to `path` (what window.location.assign does). */
const landsOn = (path: string) => new URL(path, `${ORIGIN}/login?next=x`).origin;

describe('safeReturnPath', () => {
  it('keeps paths on the site with their query and fragment', () => {
    expect(safeReturnPath('/settings', ORIGIN)).toBe('/settings');
    expect(safeReturnPath('/checkout?spaceId=3&paymentType=listing_fee#pay', ORIGIN)).toBe('/checkout?spaceId=3&paymentType=listing_fee#pay');
    expect(safeReturnPath('/spaces/12', ORIGIN)).toBe('/spaces/12');
    expect(safeReturnPath(`${ORIGIN}/dashboard?tab=messages`, ORIGIN)).toBe('/dashboard?tab=messages');
  });

  const attacks = [
    '/.//evil.example/phish',
    '/..//evil.example',
    '/..//',
    '/%2e//evil.example',
    '/%2e//',
    '/./\\evil.example',
    '/./\\',
    '//evil',
    '//evil.example/phish',
    '\\\\evil',
    '\\/evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    ' //evil.example',
    'https://evil',
    'http://farmspace.example',
    'https://farmspace.example.evil.example/',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/login',
    '/register?next=/x',
    '',
    null,
    undefined,
  ];
  for (const bad of attacks) {
    it(`sends ${JSON.stringify(bad)} to /`, () => {
      expect(safeReturnPath(bad, ORIGIN)).toBe('/');
    });
  }

  it('whatever it returns stays on the site when followed', () => {
    for (const input of [...attacks, '/a', '/a/../b', '/%2e%2e/%2e%2e//x', '/;//evil', '/?//evil', '/#//evil', 'https:evil.example']) {
      expect(landsOn(safeReturnPath(input, ORIGIN)), String(input)).toBe(ORIGIN);
    }
  });
});
