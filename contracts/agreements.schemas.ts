// Contracts of the lease-proposal calls (issue 20): the request schemas the API validates with. Limits,
// texts and answer types live in agreements.ts (no zod, for islands).
import { z } from './zod';
import {
  ACCESS_HOURS_MAX,
  AGREEMENT_MESSAGES,
  DECLINE_REASON_MAX,
  DEPOSIT_MONTHS_MAX,
  GROWING_ACTIVITIES_MAX,
  INSURANCE_MAX,
  PROPOSAL_NOTES_MAX,
  RENEWAL_NOTICE_DAYS_DEFAULT,
  RENEWAL_NOTICE_DAYS_MAX,
  RENEWAL_NOTICE_DAYS_MIN,
  RENEWAL_TERMS,
  RENT_MAX,
  TERM_MONTHS_MAX,
  TERM_MONTHS_MIN,
  UTILITIES_PAYERS,
} from './agreements';

export * from './agreements';

/** A positive (or, with allowZero, non-negative) amount with at most two decimals, kept as a 2-decimal string. */
function amount(message: string, max: number, tooHigh: string, allowZero = false) {
  return z.union([z.number(), z.string().trim()], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d+(\.\d{1,2})?$/.test(v) ? Number(v) : NaN;
    if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0) || Math.round(n * 100) !== n * 100) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (n > max) {
      ctx.addIssue({ code: 'custom', message: tooHigh });
      return z.NEVER;
    }
    return n.toFixed(2);
  });
}

function text(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max.toLocaleString('en-US')} characters` })
    .default('');
}

/** YYYY-MM-DD of a real calendar day. Whether it is in the past is the service's question (the clock). */
const calendarDate = z
  .string({ error: AGREEMENT_MESSAGES.startDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: AGREEMENT_MESSAGES.startDateInvalid })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00.000Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && d.getUTCFullYear() < 2200;
  }, { error: AGREEMENT_MESSAGES.startDateInvalid });

/** POST /api/conversations/{id}/proposals: new terms, or a counter to the other party's open terms. */
const proposeTermsFields = z.object({
  rent: amount(AGREEMENT_MESSAGES.rentInvalid, RENT_MAX, AGREEMENT_MESSAGES.rentTooHigh),
  startDate: calendarDate,
  termMonths: z.coerce
    .number({ error: AGREEMENT_MESSAGES.termRange })
    .int({ error: AGREEMENT_MESSAGES.termRange })
    .min(TERM_MONTHS_MIN, { error: AGREEMENT_MESSAGES.termRange })
    .max(TERM_MONTHS_MAX, { error: AGREEMENT_MESSAGES.termRange }),
  /** Square feet let; null or absent lets the whole space. */
  areaSqFt: z
    .preprocess((v) => (v === '' || v === undefined ? null : v), z.coerce.number({ error: AGREEMENT_MESSAGES.areaInvalid }).int({ error: AGREEMENT_MESSAGES.areaInvalid }).positive({ error: AGREEMENT_MESSAGES.areaInvalid }).max(100_000_000, { error: AGREEMENT_MESSAGES.areaInvalid }).nullable())
    .default(null),
  depositMonths: z.coerce
    .number({ error: AGREEMENT_MESSAGES.depositInvalid })
    .min(0, { error: AGREEMENT_MESSAGES.depositInvalid })
    .max(DEPOSIT_MONTHS_MAX, { error: AGREEMENT_MESSAGES.depositInvalid })
    .refine((v) => Number.isInteger(v * 2), { error: AGREEMENT_MESSAGES.depositInvalid })
    .default(0),
  utilitiesPaidBy: z.enum(UTILITIES_PAYERS, { error: AGREEMENT_MESSAGES.utilitiesInvalid }),
  growingActivities: text(GROWING_ACTIVITIES_MAX, 'Growing activities'),
  accessHours: text(ACCESS_HOURS_MAX, 'Access hours'),
  insuranceAmount: z
    .preprocess((v) => (v === '' || v === undefined ? null : v), amount(AGREEMENT_MESSAGES.insuranceInvalid, INSURANCE_MAX, AGREEMENT_MESSAGES.insuranceInvalid, true).nullable())
    .default(null),
  notes: text(PROPOSAL_NOTES_MAX, 'Notes'),
  /** Added by issue 25; absent (older clients) means renewal only by a new agreement, as the column's default. */
  renewal: z.enum(RENEWAL_TERMS, { error: AGREEMENT_MESSAGES.renewalInvalid }).default('by_agreement'),
  renewalNoticeDays: z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.coerce
        .number({ error: AGREEMENT_MESSAGES.renewalNoticeRange })
        .int({ error: AGREEMENT_MESSAGES.renewalNoticeRange })
        .min(RENEWAL_NOTICE_DAYS_MIN, { error: AGREEMENT_MESSAGES.renewalNoticeRange })
        .max(RENEWAL_NOTICE_DAYS_MAX, { error: AGREEMENT_MESSAGES.renewalNoticeRange })
        .nullable(),
    )
    .default(null),
});
// A notice period belongs only to automatic renewal: kept (or defaulted) there, dropped otherwise.
const withRenewalNotice = <T extends { renewal: (typeof RENEWAL_TERMS)[number]; renewalNoticeDays: number | null }>(t: T): T => ({ ...t, renewalNoticeDays: t.renewal === 'automatic' ? (t.renewalNoticeDays ?? RENEWAL_NOTICE_DAYS_DEFAULT) : null });
export const proposeTermsSchema = proposeTermsFields.transform(withRenewalNotice);
export type ProposeTermsRequest = z.output<typeof proposeTermsSchema>;

/**
 * The terms checked against `today` (YYYY-MM-DD, the calendar day of the API's clock, UTC): a past start
 * date is one more field error, answered with every other one (issue 25, item 19: checked after the rest,
 * it was flagged only on a second submit).
 */
export function proposeTermsSchemaOn(today: string) {
  return proposeTermsFields.extend({ startDate: calendarDate.refine((v) => v >= today, { error: AGREEMENT_MESSAGES.startDatePast }) }).transform(withRenewalNotice);
}
/** The free-text fields, stripped of markup before validation (spec 5's rule for user text). */
export const PROPOSAL_TEXT_FIELDS = ['growingActivities', 'accessHours', 'notes'] as const;

/** POST /api/proposals/{id}/decline: an optional reason. */
export const declineProposalSchema = z.object({
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(DECLINE_REASON_MAX, { error: `Reason must be at most ${DECLINE_REASON_MAX.toLocaleString('en-US')} characters` })
    .optional()
    .transform((v) => v || null),
});
export type DeclineProposalRequest = z.output<typeof declineProposalSchema>;
