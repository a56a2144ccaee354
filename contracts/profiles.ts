// Public profiles (issue 28): what a person says about themselves, and the texts and limits of that.
// The request and answer shapes are in profiles.schemas.ts; the rules in docs/decisions/1505.

/** The window the owner's response figures are counted over, and how many inquiries make them shown. */
export const RESPONSE_WINDOW_DAYS = 90;
export const RESPONSE_MIN_INQUIRIES = 3;
/** At most this many of the person's live listings are shown on their profile (newest first). */
export const PROFILE_LISTINGS_MAX = 12;

export const PROFILE_LIMITS = { about: 600, crops: 200, website: 200, experienceYears: 80, growingSystems: 7 } as const;

export const PROFILE_TEXTS = {
  notFound: 'This profile does not exist or is not public.',
  saved: 'Profile saved.',
  websiteInvalid: 'Link must be a web address starting with https:// or http://',
} as const;

/** The initial of a surname, the only part of it any public read carries. */
export function lastInitialOf(lastName: string | null | undefined): string {
  return (lastName ?? '').trim().charAt(0).toUpperCase();
}

/**
 * "Maria S.": a person's name on every public read (a profile, its reviews, /people/{id}): the first name and
 * the initial of the surname, never the surname itself (issue 38, item 5). Private places (a conversation, the
 * agreement, e-mails to the parties) use displayName of contracts/auth.
 */
export function publicName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = (firstName ?? '').trim();
  const initial = lastInitialOf(lastName);
  return [first, initial && `${initial}.`].filter(Boolean).join(' ') || 'User';
}

/** How a profile names what the person does on FarmSpace. */
export const ROLE_LABELS = { landlord: 'Space owner', farmer: 'Urban farmer', both: 'Space owner and farmer' } as const;
