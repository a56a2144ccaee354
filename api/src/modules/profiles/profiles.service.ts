// Public profiles (issue 28, docs/decisions/1505): the page a person shows others, and the part they edit.
// The profiles module owns the profiles table; the rest of a profile is read through its owners' functions
// (the account from auth, listings from spaces, the response figures from messaging, reviews from reviews).
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { profiles } from '#db/schema/index';
import type { GrowingSystemId } from '#contracts/growing-systems';
import { lastInitialOf, PROFILE_LISTINGS_MAX, PROFILE_TEXTS, RESPONSE_MIN_INQUIRIES, RESPONSE_WINDOW_DAYS } from '#contracts/profiles';
import type { OwnProfile, ProfileValues, PublicProfile } from '#contracts/profiles.schemas';
import { AppError } from '../../lib/app-error';
import { DAY } from '../../lib/clock';
import { findUserById, isShownPerson } from '../auth/index';
import { ownerResponse } from '../messaging/index';
import { listPublicSpacesOf } from '../spaces/index';
import { reviewSummaryOf } from '../reviews/index';
import { fileNamesOf, storeUpload } from '../photos/index';
import type { AppContext } from '../../app-context';
import type { ReceivedFile } from '../../lib/multipart';
import { photoFileUrl } from '#contracts/photos';

const EMPTY: OwnProfile = { about: '', crops: '', growingSystems: [], experienceYears: null, website: null, avatarUrl: null };

type Avatar = { key: string; widths: number[] };

/** The picture's smallest size (400 px wide, or the original if smaller), as JPEG: every browser shows it. */
function avatarUrlOf(row: { avatarKey: string | null; avatarWidths: number[] | null }): string | null {
  if (!row.avatarKey || !row.avatarWidths?.length) return null;
  return photoFileUrl(row.avatarKey, Math.min(...row.avatarWidths), 'jpeg');
}

export async function getOwnProfile(db: Executor, userId: number): Promise<OwnProfile> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  if (!row) return EMPTY;
  return { about: row.about, crops: row.crops, growingSystems: row.growingSystems as GrowingSystemId[], experienceYears: row.experienceYears, website: row.website, avatarUrl: avatarUrlOf(row) };
}

export async function saveOwnProfile(db: Executor, userId: number, values: ProfileValues, now: Date): Promise<OwnProfile> {
  await db
    .insert(profiles)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: now } });
  return getOwnProfile(db, userId);
}

export async function getPublicProfile(db: Executor, { userId, viewerId }: { userId: number; viewerId: number | undefined }, now: Date): Promise<PublicProfile> {
  const user = await findUserById(db, userId);
  if (!isShownPerson(user, viewerId)) throw AppError.notFound(PROFILE_TEXTS.notFound);
  const [own, listings, reviews, response] = await Promise.all([
    getOwnProfile(db, userId),
    listPublicSpacesOf(db, { ownerId: userId, limit: PROFILE_LISTINGS_MAX }, now),
    reviewSummaryOf({ db, userId, now }),
    user.userType === 'farmer' ? undefined : ownerResponse(db, { ownerId: userId, since: new Date(now.getTime() - RESPONSE_WINDOW_DAYS * DAY) }),
  ]);
  const grows = own.crops !== '' || own.growingSystems.length > 0 || own.experienceYears !== null || own.website !== null;
  const profile: PublicProfile = {
    id: user.id,
    firstName: user.firstName,
    lastInitial: lastInitialOf(user.lastName),
    role: user.userType,
    about: own.about,
    avatarUrl: own.avatarUrl,
    ...(grows && user.userType !== 'landlord' ? { growing: { crops: own.crops, systems: own.growingSystems, experienceYears: own.experienceYears, website: own.website } } : {}),
    memberSince: user.createdAt.toISOString(),
    verified: { email: user.verified },
    listings,
    reviews,
  };
  if (response && response.inquiries >= RESPONSE_MIN_INQUIRIES) {
    profile.responseRate = Math.round((response.answered / response.inquiries) * 100);
    if (response.medianHours !== null) profile.responseTimeHours = Math.max(1, Math.round(response.medianHours));
  }
  return profile;
}

/** The files of a picture no row names any more (a replaced or removed one, a closed account's). */
export function avatarFileNames(avatar: Avatar | null): string[] {
  return avatar ? fileNamesOf(avatar.key, avatar.widths) : [];
}

async function currentAvatar(db: Executor, userId: number): Promise<Avatar | null> {
  const [row] = await db.select({ key: profiles.avatarKey, widths: profiles.avatarWidths }).from(profiles).where(eq(profiles.userId, userId));
  return row?.key && row.widths ? { key: row.key, widths: row.widths } : null;
}

/**
 * POST /api/profile/avatar: the picture goes through the listing photos' pipeline (metadata stripped, sizes
 * made), under a key of the person's own — the content's key hashed with the user id — so no listing photo
 * or other person's picture ever shares its files, and replacing or removing it may delete them at once.
 */
export async function setAvatar(ctx: Pick<AppContext, 'db' | 'clock' | 'photoProcessor' | 'photoStorage' | 'photoUploadFolder'>, userId: number, receive: (folder: string) => Promise<ReceivedFile>): Promise<OwnProfile> {
  const before = await currentAvatar(ctx.db, userId);
  const keyOf = (contentKey: string) => createHash('sha256').update(`avatar:${userId}:${contentKey}`).digest('hex');
  let storedKey: string | undefined;
  const profile = await storeUpload(ctx, receive, async (photo) => {
    storedKey = photo.key;
    const now = ctx.clock.now();
    await ctx.db
      .insert(profiles)
      .values({ userId, avatarKey: photo.key, avatarWidths: photo.widths, updatedAt: now })
      .onConflictDoUpdate({ target: profiles.userId, set: { avatarKey: photo.key, avatarWidths: photo.widths, updatedAt: now } });
    return getOwnProfile(ctx.db, userId);
  }, { keyOf, job: { kind: 'avatar', account: `user:${userId}` } });
  // The same picture again keeps its key (and its files); another one's files replace the old ones.
  if (before && before.key !== storedKey) await ctx.photoStorage.deleteMany(avatarFileNames(before));
  return profile;
}

/** DELETE /api/profile/avatar: the row forgets the picture, then its files go. */
export async function removeAvatar(ctx: Pick<AppContext, 'db' | 'clock' | 'photoStorage'>, userId: number): Promise<void> {
  const before = await currentAvatar(ctx.db, userId);
  if (!before) return;
  await ctx.db.update(profiles).set({ avatarKey: null, avatarWidths: null, updatedAt: ctx.clock.now() }).where(eq(profiles.userId, userId));
  await ctx.photoStorage.deleteMany(avatarFileNames(before));
}

/**
 * Closing the account (issue 28): what the person wrote about themselves goes with it, in the caller's
 * transaction; the picture's files are returned for the caller to delete once that has committed.
 */
export async function deleteProfileOf(tx: Executor, userId: number): Promise<Avatar | null> {
  const avatar = await currentAvatar(tx, userId);
  await tx.delete(profiles).where(eq(profiles.userId, userId));
  return avatar;
}
