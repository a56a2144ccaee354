// Cheap images that cost minutes (issue 38 item 7), the attack as found: a 153 KB 7000 × 7000 PNG sent as an
// avatar (34.6 s of processing before) is refused with a clear 413 read from its header, before a pixel is
// decoded; sent as a listing photo it is refused too (49 megapixels in 153 KB is a decompression bomb's
// shape). A real photo of the same size still goes through, and an avatar is made only at 400 px.
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, spacePhotos } from '#db/schema/index';
import { uploadAvatar, uploadPhoto } from '../../fixtures/photos';
import { validSpaceBody } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

/** A flat 7000 × 7000 PNG: about 150 KB on disk, 49 megapixels to decode. */
const flatHugePng = () => sharp({ create: { width: 7000, height: 7000, channels: 3, background: { r: 40, g: 120, b: 60 } } }).png({ compressionLevel: 9 }).toBuffer();

describe('pictures that are cheap to send and costly to process', () => {
  let t: TestApp;
  let attacker: TestUser;
  let bomb: Buffer;
  beforeAll(async () => {
    t = await startTestApp();
    attacker = await createSignedInUser(t, { verified: true });
    bomb = await flatHugePng();
  });
  afterAll(async () => t.close());

  it('refuses the 7000 × 7000 PNG as an avatar with a clear 413, and stores nothing', async () => {
    expect(bomb.length).toBeLessThan(200 * 1024);
    const res = await uploadAvatar(t, bomb, { cookie: attacker.cookie, type: 'image/png', name: 'me.png' });
    expect(res.status, res.text).toBe(413);
    expect(res.json.message).toBe('This picture is too large for a profile picture (7000 × 7000 pixels; at most 25 megapixels). Resize it and try again.');
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, attacker.id))).toEqual([]);
  });

  it('refuses it as a listing photo too: too many pixels for its bytes', async () => {
    const space = await t.request('/api/spaces', { body: validSpaceBody({ title: 'Bomb roof' }), cookie: attacker.cookie });
    const res = await uploadPhoto(t, space.json.id, bomb, { cookie: attacker.cookie, type: 'image/png', name: 'roof.png' });
    expect(res.status, res.text).toBe(413);
    expect(res.json.message).toMatch(/^This picture has too many pixels for its size \(7000 × 7000 pixels in \d+ KB\)/);
    expect(await t.db.select().from(spacePhotos).where(eq(spacePhotos.spaceId, space.json.id))).toEqual([]);
  });

  it('still takes a real photo as an avatar, made at 400 px only', async () => {
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 80 }).toBuffer();
    const res = await uploadAvatar(t, photo, { cookie: attacker.cookie });
    expect(res.status, res.text).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, attacker.id));
    expect(row!.avatarWidths).toEqual([400]);
  });
});
