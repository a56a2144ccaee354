// The plain half of the lease-proposal contracts (issue 20): limits, texts, the answers' shapes and the
// summaries both the API (thread messages, e-mails) and the dashboard read. No zod, so islands can import it.
import { PROPOSAL_STATUSES, RENEWAL_TERMS, UTILITIES_PAYERS } from './enums';

export { PROPOSAL_STATUSES, RENEWAL_TERMS, UTILITIES_PAYERS };
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export type UtilitiesPayer = (typeof UTILITIES_PAYERS)[number];
export const UTILITIES_PAYER_LABEL: Record<UtilitiesPayer, string> = { tenant: 'Tenant (farmer)', landlord: 'Landlord (owner)', shared: 'Shared' };
export type RenewalTerm = (typeof RENEWAL_TERMS)[number];
export const RENEWAL_LABEL: Record<RenewalTerm, string> = {
  none: 'None: the lease ends with its term',
  automatic: 'Automatic, unless either party gives notice',
  by_agreement: 'Only by a new written agreement',
};
/** Notice of non-renewal, in days, for a lease that renews automatically: 90 is common, a year the most. */
export const RENEWAL_NOTICE_DAYS_DEFAULT = 90;
export const RENEWAL_NOTICE_DAYS_MIN = 1;
export const RENEWAL_NOTICE_DAYS_MAX = 365;

/** Terms in whole months: at least one, at most 30 years (a long farm lease is 10 to 25). */
export const TERM_MONTHS_MIN = 1;
export const TERM_MONTHS_MAX = 360;
export const DEPOSIT_MONTHS_MAX = 12;
export const RENT_MAX = 99_999_999.99;
export const INSURANCE_MAX = 9_999_999_999.99;
export const GROWING_ACTIVITIES_MAX = 1000;
export const ACCESS_HOURS_MAX = 200;
export const PROPOSAL_NOTES_MAX = 2000;
export const DECLINE_REASON_MAX = 1000;

export const AGREEMENT_MESSAGES = {
  proposalNotFound: 'Proposal not found.',
  startDateInvalid: 'Start date must be a date (YYYY-MM-DD)',
  startDatePast: 'Start date cannot be in the past',
  termRange: `Term must be a whole number of months from ${TERM_MONTHS_MIN} to ${TERM_MONTHS_MAX}`,
  rentInvalid: 'Monthly rent must be an amount greater than 0',
  rentTooHigh: `Monthly rent must be at most ${RENT_MAX.toLocaleString('en-US')}`,
  depositInvalid: `Deposit must be from 0 to ${DEPOSIT_MONTHS_MAX} months of rent, in half months`,
  insuranceInvalid: 'Insurance amount must be 0 or more',
  areaInvalid: 'Area let must be a whole number of square feet greater than 0',
  areaTooLarge: (size: number) => `Area let cannot be more than the space's ${size.toLocaleString('en-US')} sq ft`,
  utilitiesInvalid: `Utilities payer must be one of ${UTILITIES_PAYERS.join(', ')}`,
  renewalInvalid: `Renewal must be one of ${RENEWAL_TERMS.join(', ')}`,
  renewalNoticeRange: `Notice of non-renewal must be a whole number of days from ${RENEWAL_NOTICE_DAYS_MIN} to ${RENEWAL_NOTICE_DAYS_MAX}`,
  demoListing: 'This is an example listing: lease terms cannot be proposed on it.',
  listingGone: 'This space is no longer listed: lease terms cannot be proposed on it.',
  listingHidden: 'This listing was hidden by FarmSpace: lease terms cannot be proposed or accepted on it.',
  /** Shown in the thread (issue 25, item 20) instead of a Propose terms button that the API would refuse. */
  otherSuspended: 'This account is suspended by FarmSpace: messages and lease terms can no longer be sent in this conversation.',
  alreadyOpen: 'You already have open terms in this conversation. Withdraw them before proposing new ones, or wait for an answer.',
  ownProposal: 'You proposed these terms: the other party accepts or declines them.',
  notProposer: 'Only the party who proposed these terms can withdraw them.',
  notOpen: {
    accepted: 'These terms were already accepted.',
    declined: 'These terms were declined.',
    withdrawn: 'These terms were withdrawn.',
    countered: 'These terms were replaced by a counter-proposal.',
  } satisfies Record<Exclude<ProposalStatus, 'open'>, string>,
  notAccepted: 'The agreement draft is ready once the terms are accepted.',
  verifyToAgree: 'Please verify your e-mail address to propose or accept lease terms. Open the link we e-mailed you, or send a new one.',
} as const;

/** Toasts and labels of the dashboard. */
export const AGREEMENT_TEXTS = {
  proposed: { title: 'Terms Proposed', description: 'The other party can now accept, decline or counter them.' },
  accepted: { title: 'Terms Accepted', description: 'The agreement draft is ready to download.' },
  declined: { title: 'Terms Declined' },
  withdrawn: { title: 'Terms Withdrawn' },
  failure: 'Failed to update the lease terms. Please try again.',
  draftNotice: 'A draft, not legal advice. FarmSpace only connects the parties: sign it elsewhere, after a lawyer has read it.',
} as const;

/** A lease proposal as every call answers it (amounts as numeric strings, the date as YYYY-MM-DD). */
export type LeaseProposal = {
  id: number;
  conversationId: number;
  spaceId: number;
  status: ProposalStatus;
  /** Monthly rent, in the listing's currency. */
  rent: string;
  currency: string;
  startDate: string;
  termMonths: number;
  /** Square feet let; null when the whole space is let. */
  areaSqFt: number | null;
  depositMonths: number;
  utilitiesPaidBy: UtilitiesPayer;
  growingActivities: string;
  accessHours: string;
  insuranceAmount: string | null;
  notes: string;
  /** How the lease renews (issue 25); terms proposed before it was a term read 'by_agreement'. */
  renewal: RenewalTerm;
  /** Days of written notice of non-renewal when renewal is automatic; otherwise null. */
  renewalNoticeDays: number | null;
  proposedBy: number;
  /** The open proposal this one countered (replaced), if any. */
  replacesId: number | null;
  respondedBy: number | null;
  respondedAt: string | null;
  declineReason: string | null;
  /** The agreement's reference number, once accepted. */
  reference: string | null;
  createdAt: string;
};

/** The accepted terms of a conversation, as the inquiry lists carry them (added field `agreement`). */
export type AgreementSummary = Pick<LeaseProposal, 'id' | 'rent' | 'currency' | 'startDate' | 'termMonths' | 'areaSqFt' | 'depositMonths' | 'reference' | 'respondedAt'>;

export function agreementPath(proposalId: number, format: 'pdf' | 'txt'): string {
  return `/api/proposals/${proposalId}/agreement.${format}`;
}

export function agreementReference(proposalId: number, acceptedAt: Date | string): string {
  return `FS-${new Date(acceptedAt).getUTCFullYear()}-${String(proposalId).padStart(6, '0')}`;
}

export function formatMoney(amount: string | number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'USD' }).format(Number(amount));
}

/** 2026-06-01 → "June 1, 2026" (a calendar date: no time zone may shift it), the one date format of the
 *  site's en-US pages (issue 43 item 14: "15 January 2027" beside "Dec 28, 2026" on one screen). */
export function formatLeaseDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export function formatTerm(months: number): string {
  return months === 1 ? '1 month' : `${months} months`;
}

export function formatDeposit(months: number): string {
  if (months === 0) return 'none';
  return `${months} month${months === 1 ? '' : 's'} of rent`;
}

/** The renewal term in a line: "automatic unless either party gives 90 days' notice". */
export function formatRenewal(p: Pick<LeaseProposal, 'renewal' | 'renewalNoticeDays'>): string {
  switch (p.renewal) {
    case 'none':
      return 'none: the lease ends with its term';
    case 'automatic':
      return `automatic unless either party gives ${p.renewalNoticeDays ?? RENEWAL_NOTICE_DAYS_DEFAULT} days' notice`;
    default:
      return 'only by a new written agreement';
  }
}

export function formatArea(areaSqFt: number | null, spaceSize: number): string {
  return areaSqFt === null ? `the whole space (${spaceSize.toLocaleString('en-US')} sq ft)` : `${areaSqFt.toLocaleString('en-US')} sq ft`;
}

/** "$1,200.00 a month from June 1, 2026 for 12 months": the headline of a proposal. */
export function proposalHeadline(p: Pick<LeaseProposal, 'rent' | 'currency' | 'startDate' | 'termMonths'>): string {
  return `${formatMoney(p.rent, p.currency)} a month from ${formatLeaseDate(p.startDate)} for ${formatTerm(p.termMonths)}`;
}

/** The thread message each state change adds (what e-mails and unread counts tell about). */
export function proposalEventText(event: 'proposed' | 'countered' | ProposalStatus, p: Pick<LeaseProposal, 'rent' | 'currency' | 'startDate' | 'termMonths' | 'declineReason'>): string {
  switch (event) {
    case 'countered':
      return `Countered with new lease terms: ${proposalHeadline(p)}.`;
    case 'accepted':
      return `Accepted the lease terms: ${proposalHeadline(p)}. The agreement draft is ready to download.`;
    case 'declined':
      return `Declined the lease terms.${p.declineReason ? ` Reason: ${p.declineReason}` : ''}`;
    case 'withdrawn':
      return 'Withdrew the lease terms.';
    default:
      return `Proposed lease terms: ${proposalHeadline(p)}.`;
  }
}
