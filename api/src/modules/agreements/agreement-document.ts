// The agreement draft of accepted lease terms (issue 20): the guide's lease template (contracts/lease-template.ts,
// the one text the article shows) filled with the parties, the space and every accepted term, under a head that
// says it is a draft and not legal advice. One set of parts feeds both the .txt and the PDF.
import { and, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AGREEMENT_MESSAGES,
  formatArea,
  formatDeposit,
  formatLeaseDate,
  formatMoney,
  formatTerm,
  UTILITIES_PAYER_LABEL,
  type LeaseProposal,
} from '#contracts/agreements.schemas';
import { displayName } from '#contracts/auth';
import { fillLeaseTemplate } from '#contracts/lease-template';
import type { Executor } from '#db/client';
import { conversations, leaseProposals, spaces, users } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { proposalColumns, toProposal } from './proposals.service';

export type Party = { name: string; email: string };
export type AgreementFacts = {
  proposal: LeaseProposal & { reference: string; respondedAt: string };
  landlord: Party;
  tenant: Party;
  space: { title: string; address: string; size: number; spaceType: string };
};

/** The platform-only statement and the draft notice, on every page of the PDF and atop the text. */
export const DRAFT_NOTICE = 'A draft, not legal advice.';
export const PLATFORM_NOTICE =
  'FarmSpace only connects space owners and farmers: it is not a party to this lease, has not reviewed it, and handles no rent, deposits or payments. Complete the blanks, have a licensed attorney review it, and sign it outside FarmSpace.';

/** "12 Main St, Portland, OR 97201, US": the listing's full address from its parts. */
export function fullAddress(space: { location: string; city: string; state: string | null; zipCode: string | null; country: string }): string {
  const region = [space.state, space.zipCode].filter(Boolean).join(' ');
  const parts = [space.location, space.city, region, space.country].map((p) => (p ?? '').trim()).filter(Boolean);
  // The location is often already the full address: do not repeat the city it names.
  return parts.filter((p, i) => i === 0 || !parts[0]!.toLowerCase().includes(p.toLowerCase())).join(', ');
}

/** The template's placeholders this draft can fill, by their bracketed names. */
export function agreementValues(f: AgreementFacts): Record<string, string> {
  const p = f.proposal;
  const area = p.areaSqFt ?? f.space.size;
  const deposit = p.depositMonths === 0 ? formatMoney(0, p.currency) : `${formatMoney((Number(p.rent) * p.depositMonths).toFixed(2), p.currency)} (${formatDeposit(p.depositMonths)})`;
  return {
    '[DATE]': formatLeaseDate(p.respondedAt),
    '[LANDLORD NAME]': f.landlord.name,
    '[TENANT NAME]': f.tenant.name,
    '[SQUARE FEET]': area.toLocaleString('en-US'),
    '[ROOFTOP / BASEMENT / WAREHOUSE / GREENHOUSE]': f.space.spaceType,
    '[PROPERTY ADDRESS]': f.space.address,
    '[START DATE]': formatLeaseDate(p.startDate),
    '[LEASE TERM]': formatTerm(p.termMonths),
    '[MONTHLY RENT]': formatMoney(p.rent, p.currency),
    '[DEPOSIT AMOUNT]': deposit,
    '[UTILITIES PAID BY]': UTILITIES_PAYER_LABEL[p.utilitiesPaidBy].split(' (')[0]!.replace(/^Shared$/, 'Landlord and Tenant in shares to be agreed'),
    ...(p.growingActivities ? { '[GROWING ACTIVITIES]': p.growingActivities } : {}),
    ...(p.accessHours ? { '[ACCESS HOURS]': p.accessHours } : {}),
    ...(p.insuranceAmount !== null ? { '[INSURANCE AMOUNT]': formatMoney(p.insuranceAmount, p.currency) } : {}),
    ...(p.notes ? { '[SPECIAL CONDITIONS]': p.notes } : {}),
    '[LANDLORD EMAIL]': f.landlord.email,
    '[TENANT EMAIL]': f.tenant.email,
  };
}

export type AgreementParts = {
  title: string;
  reference: string;
  date: string;
  notices: string[];
  terms: [label: string, value: string][];
  body: string;
};

export function agreementParts(f: AgreementFacts): AgreementParts {
  const p = f.proposal;
  return {
    title: `Lease agreement draft: ${f.space.title}`,
    reference: p.reference,
    date: formatLeaseDate(p.respondedAt),
    notices: [DRAFT_NOTICE, PLATFORM_NOTICE],
    terms: [
      ['Landlord', `${f.landlord.name} <${f.landlord.email}>`],
      ['Tenant', `${f.tenant.name} <${f.tenant.email}>`],
      ['Space', f.space.title],
      ['Address', f.space.address],
      ['Size', `${f.space.size.toLocaleString('en-US')} sq ft`],
      ['Area let', formatArea(p.areaSqFt, f.space.size)],
      ['Monthly rent', formatMoney(p.rent, p.currency)],
      ['Start date', formatLeaseDate(p.startDate)],
      ['Term', formatTerm(p.termMonths)],
      ['Deposit', formatDeposit(p.depositMonths)],
      ['Utilities paid by', UTILITIES_PAYER_LABEL[p.utilitiesPaidBy]],
      ['Growing activities', p.growingActivities || 'not stated'],
      ['Access hours', p.accessHours || 'not stated'],
      ['Insurance', p.insuranceAmount === null ? 'not stated' : `${formatMoney(p.insuranceAmount, p.currency)} per occurrence`],
      ['Notes', p.notes || 'none'],
    ],
    body: fillLeaseTemplate(agreementValues(f)),
  };
}

/** The .txt draft: the head (title, reference, date, notices, agreed terms), then the filled template. */
export function agreementText(f: AgreementFacts): string {
  const parts = agreementParts(f);
  const width = Math.max(...parts.terms.map(([label]) => label.length)) + 2;
  return [
    parts.title.toUpperCase(),
    `Reference: ${parts.reference}    Date: ${parts.date}`,
    '',
    ...parts.notices,
    '',
    'TERMS ACCEPTED ON FARMSPACE',
    ...parts.terms.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
    '',
    '-'.repeat(72),
    '',
    parts.body,
  ].join('\n');
}

/** The facts of an accepted proposal the user takes part in: 404 for anyone else, 409 before acceptance. */
export async function loadAgreementFacts(db: Executor, userId: number, proposalId: number): Promise<AgreementFacts> {
  const landlord = alias(users, 'landlord');
  const tenant = alias(users, 'tenant');
  const [row] = await db
    .select({
      proposal: proposalColumns,
      space: { title: spaces.title, location: spaces.location, city: spaces.city, state: spaces.state, zipCode: spaces.zipCode, country: spaces.country, size: spaces.size, spaceType: spaces.spaceType },
      landlord: { firstName: landlord.firstName, lastName: landlord.lastName, email: landlord.email },
      tenant: { firstName: tenant.firstName, lastName: tenant.lastName, email: tenant.email },
    })
    .from(leaseProposals)
    .innerJoin(conversations, eq(conversations.id, leaseProposals.conversationId))
    .innerJoin(spaces, eq(spaces.id, conversations.spaceId))
    .innerJoin(landlord, eq(landlord.id, conversations.ownerId))
    .innerJoin(tenant, eq(tenant.id, conversations.farmerId))
    .where(and(eq(leaseProposals.id, proposalId), or(eq(conversations.ownerId, userId), eq(conversations.farmerId, userId))));
  if (!row) throw AppError.notFound(AGREEMENT_MESSAGES.proposalNotFound);
  const proposal = toProposal(row.proposal);
  if (proposal.status !== 'accepted' || !proposal.reference || !proposal.respondedAt) throw AppError.conflict(AGREEMENT_MESSAGES.notAccepted);
  const party = (p: { firstName: string; lastName: string; email: string }) => ({ name: displayName(p), email: p.email });
  return {
    proposal: { ...proposal, reference: proposal.reference, respondedAt: proposal.respondedAt },
    landlord: party(row.landlord),
    tenant: party(row.tenant),
    space: { title: row.space.title, address: fullAddress(row.space), size: row.space.size, spaceType: row.space.spaceType },
  };
}
