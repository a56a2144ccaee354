// GET /api/users/{id}/profile, GET and PUT /api/profile (issue 28): checked by the settings form and again
// by the API. A profile carries no e-mail, surname or address (docs/decisions/1505).
import { z } from './zod';
import { GROWING_SYSTEM_IDS, type GrowingSystemId } from './growing-systems';
import { PROFILE_LIMITS, PROFILE_TEXTS } from './profiles';
import type { ReviewSummary } from './reviews';
import type { Space } from './spaces.schemas';
import type { USER_TYPES } from './enums';

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });

/** PUT /api/profile: the whole editable profile (empty text clears a field). */
export const profileUpdateSchema = z.object({
  about: trimmed('About', PROFILE_LIMITS.about),
  crops: trimmed('What you grow', PROFILE_LIMITS.crops),
  growingSystems: z
    .array(z.enum(GROWING_SYSTEM_IDS, { error: `Growing systems must be among ${GROWING_SYSTEM_IDS.join(', ')}` }), { error: 'Growing systems must be a list' })
    .max(PROFILE_LIMITS.growingSystems)
    .transform((list) => [...new Set(list)]),
  experienceYears: z
    .number({ error: 'Experience must be a whole number of years' })
    .int({ error: 'Experience must be a whole number of years' })
    .min(0, { error: 'Experience cannot be negative' })
    .max(PROFILE_LIMITS.experienceYears, { error: `Experience must be at most ${PROFILE_LIMITS.experienceYears} years` })
    .nullable(),
  website: trimmed('Link', PROFILE_LIMITS.website)
    .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { error: PROFILE_TEXTS.websiteInvalid })
    .transform((v) => (v === '' ? null : v)),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
export type ProfileValues = z.output<typeof profileUpdateSchema>;

/** The editable part, as GET /api/profile and PUT answer it. */
export type OwnProfile = {
  about: string;
  crops: string;
  growingSystems: GrowingSystemId[];
  experienceYears: number | null;
  website: string | null;
  /** The profile picture (POST/DELETE /api/profile/avatar), null without one. */
  avatarUrl: string | null;
};

/** A farmer's growing, shown when they wrote any of it. */
export type ProfileGrowing = { crops: string; systems: GrowingSystemId[]; experienceYears: number | null; website: string | null };

/** GET /api/users/{id}/profile. */
export type PublicProfile = {
  id: number;
  firstName: string;
  lastInitial: string;
  role: (typeof USER_TYPES)[number];
  about: string;
  avatarUrl: string | null;
  growing?: ProfileGrowing;
  /** ISO date of the sign-up. */
  memberSince: string;
  verified: { email: boolean };
  /** Share of inquiries (last 90 days) the owner answered, 0–100; only from RESPONSE_MIN_INQUIRIES on. */
  responseRate?: number;
  /** Median hours to the owner's first reply over the same inquiries. */
  responseTimeHours?: number;
  listings: Space[];
  /** Published reviews of the person (issue 28, docs/decisions/1502): average to one decimal, null without any. */
  reviews: ReviewSummary;
};
