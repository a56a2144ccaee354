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
  formatRenewal,
  formatTerm,
  UTILITIES_PAYER_LABEL,
  type LeaseProposal,
} from '#contracts/agreements.schemas';
import { displayName } from '#contracts/auth';
import { CLIMATE_LABELS, EMPTY_GROWING_FACTS, formatFloorLoad, formatHeight, formatNumber, formatPower, GOODS_ACCESS_LABELS, WATER_LABELS, type GrowingFacts } from '#contracts/growing';
import { fillLeaseTemplate } from '#contracts/lease-template';
import type { Executor } from '#db/client';
import { conversations, leaseProposals, spaces, users } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { growingFactsOf } from '../spaces/index';
import { proposalColumns, toProposal } from './proposals.service';

export type Party = { name: string; email: string };
export type AgreementFacts = {
  proposal: LeaseProposal & { reference: string; respondedAt: string };
  landlord: Party;
  tenant: Party;
  space: {
    title: string;
    address: string;
    size: number;
    spaceType: string;
    /** Where the Premises are: the lease's governing law is the law of that place. */
    state?: string | null;
    country?: string;
    /** The listing's growing facts: what the owner said about floor load, power, water, access, zoning. */
    facts?: GrowingFacts;
  };
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

/** "the freight elevator and the loading dock": the listing's ways in for goods, joined. */
function goodsAccess(facts: GrowingFacts, conjunction: 'and' | 'or'): string | null {
  const names = facts.goodsAccess.map((g) => (g === 'ground_floor' ? 'the ground-floor entrance' : `the ${GOODS_ACCESS_LABELS[g].toLowerCase()}`));
  if (!names.length) return null;
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} ${conjunction} ${names.at(-1)}`;
}

/** A label inside a sentence: "Dedicated water line" → "dedicated water line" (acronyms kept). */
const inSentence = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** What the owner told about the space that the lease's clauses have no other place for, as one sentence. */
function premisesDescription(facts: GrowingFacts): string | null {
  const parts = [
    facts.ceilingHeightM !== null ? `ceiling height ${formatHeight(facts.ceilingHeightM)}` : null,
    facts.water !== null ? `water: ${inSentence(WATER_LABELS[facts.water])}` : null,
    facts.floorDrain !== null ? (facts.floorDrain ? 'a floor drain' : 'no floor drain') : null,
    facts.sunHours !== null ? `about ${formatNumber(facts.sunHours, 1)} hours of direct sun a day${facts.orientation ? `, facing ${facts.orientation}` : ''}` : null,
    facts.climateControl !== null ? `climate control: ${inSentence(CLIMATE_LABELS[facts.climateControl])}` : null,
  ].filter((x): x is string => x !== null);
  return parts.length ? parts.join('; ') : null;
}

/** Section 3's renewal, as the parties chose it in their terms (issue 25). */
export function renewalClause(p: Pick<LeaseProposal, 'renewal' | 'renewalNoticeDays'>): string {
  switch (p.renewal) {
    case 'none':
      return 'none; the Lease ends at the end of the Term';
    case 'automatic':
      return `automatic; at the end of the Term the Lease renews for a further term of the same length on the same terms, except rent as set out in Section 4, unless either party gives written notice of non-renewal at least ${p.renewalNoticeDays} days before the Term ends`;
    default:
      return 'only by a new written agreement signed by both parties before the Term ends';
  }
}

/** The template's placeholders this draft can fill, by their bracketed names. */
export function agreementValues(f: AgreementFacts): Record<string, string> {
  const p = f.proposal;
  const facts = f.space.facts ?? EMPTY_GROWING_FACTS;
  // Access hours agreed in the terms win; without them, what the listing says.
  const accessHours = p.accessHours || (facts.access24h ? '24 hours a day, 7 days a week' : facts.accessHours);
  const power = formatPower(facts);
  const description = premisesDescription(facts);
  const goodsShared = goodsAccess(facts, 'and');
  const goodsRoute = goodsAccess(facts, 'or');
  // The country by its name ("Germany", not "DE"; issue 43 item 14), after the state or region where given.
  const jurisdiction = [f.space.state, f.space.country && countryName(f.space.country)].filter(Boolean).join(', ');
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
    '[RENEWAL]': renewalClause(p),
    ...(p.growingActivities ? { '[GROWING ACTIVITIES]': p.growingActivities } : {}),
    ...(accessHours ? { '[ACCESS HOURS]': accessHours } : {}),
    ...(goodsShared ? { '[LOADING DOCK / FREIGHT ELEVATOR / PARKING SPACES]': goodsShared } : {}),
    ...(goodsRoute ? { '[ACCESS ROUTE]': goodsRoute } : {}),
    ...(description ? { '[PREMISES DESCRIPTION]': description } : {}),
    ...(power ? { '[ELECTRICAL CAPACITY]': power } : {}),
    ...(facts.floorLoadKgM2 !== null ? { '[FLOOR LOAD]': formatFloorLoad(facts.floorLoadKgM2) } : {}),
    ...(facts.foodSafetyStatus ? { '[ZONING DISTRICT]': facts.foodSafetyStatus } : {}),
    ...(jurisdiction ? { '[STATE / PROVINCE / COUNTRY]': jurisdiction } : {}),
    ...(p.insuranceAmount !== null ? { '[INSURANCE AMOUNT]': formatMoney(p.insuranceAmount, p.currency) } : {}),
    ...(p.notes ? { '[SPECIAL CONDITIONS]': p.notes } : {}),
    '[LANDLORD EMAIL]': f.landlord.email,
    '[TENANT EMAIL]': f.tenant.email,
  };
}

const COUNTRY_NAMES = new Intl.DisplayNames('en', { type: 'region' });
function countryName(code: string): string {
  try {
    return COUNTRY_NAMES.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export type AgreementParts = {
  title: string;
  reference: string;
  date: string;
  notices: string[];
  landlord: Party;
  tenant: Party;
  space: { title: string; address: string; kind: string };
  /** The parties and the space, as the text's head lists them before the agreed terms. */
  parties: [label: string, value: string][];
  /** The terms accepted on FarmSpace. */
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
    landlord: f.landlord,
    tenant: f.tenant,
    space: { title: f.space.title, address: f.space.address, kind: `${f.space.spaceType.charAt(0).toUpperCase()}${f.space.spaceType.slice(1)}, ${f.space.size.toLocaleString('en-US')} sq ft` },
    parties: [
      ['Landlord', `${f.landlord.name} <${f.landlord.email}>`],
      ['Tenant', `${f.tenant.name} <${f.tenant.email}>`],
      ['Space', f.space.title],
      ['Address', f.space.address],
      ['Size', `${f.space.size.toLocaleString('en-US')} sq ft`],
    ],
    terms: [
      ['Area let', formatArea(p.areaSqFt, f.space.size)],
      ['Monthly rent', formatMoney(p.rent, p.currency)],
      ['Start date', formatLeaseDate(p.startDate)],
      ['Term', formatTerm(p.termMonths)],
      ['Deposit', formatDeposit(p.depositMonths)],
      ['Utilities paid by', UTILITIES_PAYER_LABEL[p.utilitiesPaidBy]],
      ['Renewal', formatRenewal(p)],
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
  const head = [...parts.parties, ...parts.terms];
  const width = Math.max(...head.map(([label]) => label.length)) + 2;
  return [
    parts.title.toUpperCase(),
    `Reference: ${parts.reference}    Date: ${parts.date}`,
    '',
    ...parts.notices,
    '',
    'TERMS ACCEPTED ON FARMSPACE',
    ...head.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
    '',
    '-'.repeat(72),
    '',
    parts.body,
  ].join('\n');
}

/** The facts of an accepted proposal the user takes part in: 404 for anyone else, 409 before acceptance. */
export async function loadAgreementFacts(db: Executor, { userId, proposalId }: { userId: number; proposalId: number }): Promise<AgreementFacts> {
  const landlord = alias(users, 'landlord');
  const tenant = alias(users, 'tenant');
  const [row] = await db
    .select({
      proposal: proposalColumns,
      space: spaces,
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
    space: {
      title: row.space.title,
      address: fullAddress(row.space),
      size: row.space.size,
      spaceType: row.space.spaceType,
      state: row.space.state,
      country: row.space.country,
      facts: growingFactsOf(row.space),
    },
  };
}
