// When an operator suspends an account (issue 25 item 24), the people who agreed a lease with it hear
// about it at once: one e-mail each through the outbox (Reply-To support), and the thread of each such
// conversation says so (MessagesTab reads the suspension and the agreement). The operator's reason is
// about the suspended person and stays with them; the partner is told what it means for their lease.
// When the suspension is walked back, the same partners get a follow-up (issue 43 item 4).
import { and, eq, or } from 'drizzle-orm';
import { displayName } from '#contracts/auth';
import { conversationPath } from '#contracts/messaging';
import type { Executor } from '#db/client';
import { conversations, leaseProposals, spaces, users } from '#db/schema/index';
import type { AppContext } from '../../app-context';
import { moderationEmail } from '../email/index';
import { cutText } from '#contracts/text';
import { enqueueEmail } from '../email/index';

type Ctx = Pick<AppContext, 'clock' | 'config'>;

/** The day after a lease's last month: start + term months (as ListingLeases counts it). */
function leaseEnd(startDate: string, termMonths: number): string {
  const [y, m, d] = startDate.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1 + termMonths, d!)).toISOString().slice(0, 10);
}

/** The partners of the person's agreed leases still to run or running: one per conversation. */
async function leasePartners(tx: Executor, personId: number, now: Date): Promise<Map<number, { partnerId: number; title: string }>> {
  const rows = await tx
    .select({
      conversationId: conversations.id,
      ownerId: conversations.ownerId,
      farmerId: conversations.farmerId,
      title: spaces.title,
      startDate: leaseProposals.startDate,
      termMonths: leaseProposals.termMonths,
    })
    .from(leaseProposals)
    .innerJoin(conversations, eq(conversations.id, leaseProposals.conversationId))
    .innerJoin(spaces, eq(spaces.id, conversations.spaceId))
    .where(and(eq(leaseProposals.status, 'accepted'), or(eq(conversations.ownerId, personId), eq(conversations.farmerId, personId))));
  const today = now.toISOString().slice(0, 10);
  const byConversation = new Map<number, { partnerId: number; title: string }>();
  for (const r of rows) {
    if (leaseEnd(r.startDate, r.termMonths) <= today) continue;
    byConversation.set(r.conversationId, { partnerId: r.ownerId === personId ? r.farmerId : r.ownerId, title: r.title });
  }
  return byConversation;
}

type Told = { id: number; firstName: string | null; lastName: string | null };

/** One e-mail to each lease partner of `person` (Reply-To support), written by `mail` for the lease's title. */
async function tellLeasePartners(ctx: Ctx, tx: Executor, person: Told, now: Date, mail: (name: string, title: string, url: string) => ReturnType<typeof moderationEmail>): Promise<number> {
  const byConversation = await leasePartners(tx, person.id, now);
  const name = displayName(person);
  for (const [conversationId, { partnerId, title }] of byConversation) {
    const [partner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, partnerId));
    if (!partner) continue;
    const content = mail(name, title, `${ctx.config.PUBLIC_SITE_URL}${conversationPath(conversationId)}`);
    await enqueueEmail({ db: tx, clock: ctx.clock }, { userId: partnerId, type: 'moderation', recipient: partner.email, content: { ...content, replyTo: ctx.config.SUPPORT_EMAIL } });
  }
  return byConversation.size;
}

export function tellLeasePartnersOfSuspension(ctx: Ctx, tx: Executor, suspended: Told, now: Date): Promise<number> {
  return tellLeasePartners(ctx, tx, suspended, now, (name, title, url) =>
    moderationEmail({
      subject: `Important about your lease for "${cutText(title, 80, { ellipsis: '' })}"`,
      what: `FarmSpace suspended the account of ${name}, the other party of the lease you agreed for "${title}". We suspend an account when it breaks our rules, for example on suspected fraud. Messages can no longer be sent in your conversation.`,
      next: 'Until you hear from us, do not send money, deposits or keys, and do not sign anything for this lease. Reply to this e-mail and a person on our team will help you.',
      action: { label: 'Open the conversation', url },
    }),
  );
}

/**
 * The follow-up when the suspension is walked back (issue 43 item 4): the same partners hear that the account
 * is reinstated and the warning no longer stands. The operator's reason stays with the person, as before.
 */
export function tellLeasePartnersOfReinstatement(ctx: Ctx, tx: Executor, reinstated: Told, now: Date): Promise<number> {
  return tellLeasePartners(ctx, tx, reinstated, now, (name, title, url) =>
    moderationEmail({
      subject: `Update about your lease for "${cutText(title, 80, { ellipsis: '' })}"`,
      what: `FarmSpace reinstated the account of ${name}, the other party of the lease you agreed for "${title}". We looked again and the suspension no longer stands, so our earlier warning about this lease no longer applies. You can write to each other again in your conversation.`,
      next: 'Nothing more is needed from you. If anything about this lease worries you, reply to this e-mail and a person on our team will help you.',
      action: { label: 'Open the conversation', url },
    }),
  );
}
