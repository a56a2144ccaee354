// The inquiry lists of the dashboard (spec 2.8, 7): those a farmer sent and those an owner received, each
// with the terms its conversation reached. A read across messaging's tables and the proposals, so it lives
// here, where both are known (agreements depends on messaging; decision 1310).
import { and, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { AgreementSummary, LeaseProposal } from '#contracts/agreements';
import type { ReceivedInquiry, SentInquiry } from '#contracts/messaging';
import type { Executor } from '#db/client';
import { conversations, inquiries, spaces } from '#db/schema/index';
import { acceptedTermsOf } from './proposals.service';

/** A dashboard list, not an archive: the newest this many. */
export const INQUIRY_LIST_LIMIT = 200;

/** The accepted terms an inquiry's conversation reached (issue 20), as the lists carry them. */
function toAgreement(p: LeaseProposal | undefined): AgreementSummary | null {
  if (!p) return null;
  const { id, rent, currency, startDate, termMonths, areaSqFt, depositMonths, reference, respondedAt } = p;
  return { id, rent, currency, startDate, termMonths, areaSqFt, depositMonths, reference, respondedAt };
}

/** The newest inquiries matching `where` (one side's), with their listing, conversation and accepted terms. */
async function inquiryRows(db: Executor, where: SQL) {
  const rows = await db
    .select({
      id: inquiries.id,
      spaceId: inquiries.spaceId,
      farmerName: inquiries.farmerName,
      farmerEmail: inquiries.farmerEmail,
      message: inquiries.message,
      status: inquiries.status,
      createdAt: inquiries.createdAt,
      title: spaces.title,
      location: spaces.location,
      city: spaces.city,
      noLongerListed: isNotNull(spaces.deletedAt),
      conversationId: conversations.id,
    })
    .from(inquiries)
    .innerJoin(spaces, eq(spaces.id, inquiries.spaceId))
    .leftJoin(conversations, and(eq(conversations.spaceId, inquiries.spaceId), eq(conversations.farmerId, inquiries.farmerId)))
    .where(where)
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(INQUIRY_LIST_LIMIT);
  const agreements = await acceptedTermsOf(db, rows.flatMap((r) => (r.conversationId === null ? [] : [r.conversationId])));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    noLongerListed: Boolean(r.noLongerListed),
    conversationId: r.conversationId ?? null,
    agreement: toAgreement(r.conversationId === null ? undefined : agreements.get(r.conversationId)),
  }));
}

export async function listSentInquiries(db: Executor, farmerId: number): Promise<SentInquiry[]> {
  return (await inquiryRows(db, eq(inquiries.farmerId, farmerId))).map((r) => ({
    id: r.id,
    spaceId: r.spaceId,
    message: r.message,
    status: r.status,
    createdAt: r.createdAt,
    space: { id: r.spaceId, title: r.title, location: r.location, city: r.city, noLongerListed: r.noLongerListed },
    conversationId: r.conversationId,
    agreement: r.agreement,
  }));
}

export async function listReceivedInquiries(db: Executor, ownerId: number): Promise<ReceivedInquiry[]> {
  return (await inquiryRows(db, eq(spaces.ownerId, ownerId))).map((r) => ({
    id: r.id,
    spaceId: r.spaceId,
    farmerName: r.farmerName,
    farmerEmail: r.farmerEmail,
    message: r.message,
    status: r.status,
    createdAt: r.createdAt,
    space: { id: r.spaceId, title: r.title, noLongerListed: r.noLongerListed },
    conversationId: r.conversationId,
    agreement: r.agreement,
  }));
}
