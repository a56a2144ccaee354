// The listing's copy of its photo list (spaces.photos, decision 0801), written here because spaces owns the
// table (decision 1313); the photos module calls it through the ListingPhotos port (lib/ports.ts), wired in app.ts.
import { eq } from 'drizzle-orm';
import type { SpacePhoto } from '#contracts/photos';
import type { Executor } from '#db/client';
import { spaces } from '#db/schema/index';

export async function writeListingPhotos(tx: Executor, spaceId: number, photos: SpacePhoto[], now: Date): Promise<void> {
  await tx.update(spaces).set({ photos, updatedAt: now }).where(eq(spaces.id, spaceId));
}
